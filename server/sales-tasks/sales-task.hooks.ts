import { sql } from 'kysely';
import type { AnyMachineSnapshot } from 'xstate';
import { TaskApprovalStatus } from '../../domain/codes/sales-tasks.codes';
import { ANSWERED_STATES } from '../../machines/workflows/rsp-task-confirmation.workflow';
import { APPROVAL_STATUS } from '../../machines/workflows/sales-task.workflow';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import type { Clock } from '../workflows/clock';
import type { HookCall, WorkflowHooks } from '../workflows/hooks';
import { topState } from '../workflows/projection';
import { confirmationsOf, sendLine, withdrawOpenRounds } from './rsp-confirmation.rounds';
import { cityManagerLinesOf, keyOf, refuseOutsideLoadBearing, rspLinesOf, stampLines } from './task-package';
import { refuseOwnApproval } from './task-references.rules';

/** A package goes to approval only when every RSP line was answered (confirmed, by silence, or ruled). */
async function refuseUnanswered(trx: Db, target: Record<string, unknown>) {
  const lines = await confirmationsOf(trx, await rspLinesOf(trx, keyOf(target)));
  const open = lines.filter((l) => !l.stream || !ANSWERED_STATES.includes(l.stream.status));
  if (!open.length) return;
  throw new PortalError(409, 'salesTasks.problems.unanswered', {
    count: open.length,
    names: open.map((l) => l.agent).join(', '),
  });
}

/** Sends every RSP line to its RSP: a new confirmation round each, with a deadline on the line. */
async function sendForConfirmation(trx: Db, call: PackageMove) {
  const lines = await confirmationsOf(trx, await rspLinesOf(trx, keyOf(call.subject)));
  const at = call.clock?.at ?? new Date();
  for (const line of lines) await sendLine(trx, line, call.actor, at, String(call.subject.ObjectID));
}

/** Withdraws the confirmations still open when the package goes back to allocation. */
async function withdrawOpen(trx: Db, target: Record<string, unknown>, clock?: Clock) {
  for (const line of await rspLinesOf(trx, keyOf(target))) await withdrawOpenRounds(trx, line.id, clock?.at);
}

/**
 * A voided target gives back its key: its open confirmations are withdrawn, its RSP lines and city
 * manager tasks removed (as a batch delete of them would); the task management rows of its key follow
 * (refreshingAfterMove). The record keeps the figures it had, and its stream the reason; the books
 * check only standing targets (`standingTarget`).
 */
async function releaseVoided(trx: Db, call: PackageMove, wasConfirming: boolean) {
  if (wasConfirming) await withdrawOpen(trx, call.subject, call.clock);
  const key = keyOf(call.subject);
  const lines = [...(await rspLinesOf(trx, key)).map((l) => l.id), ...(await cityManagerLinesOf(trx, key))];
  if (lines.length) await sql`delete from record where object_id in (${sql.join(lines)})`.execute(trx);
}

/**
 * When the target was (last) approved, the instant of the approving event: STI counts only the
 * quarters that begin after it (sti-calculation.ts), and the books check it against that event.
 */
async function stampApproval(trx: Db, call: PackageMove) {
  const last = await sql<{ at: Date }>`select at from workflow_event where stream_id = ${call.state.streamId}
    order by seq desc limit 1`.execute(trx);
  const at = new Date(last.rows[0].at).toISOString();
  await sql`update record set data = data || ${JSON.stringify({ ApprovedAt: at })}::jsonb
    where object_id = ${String(call.subject.ObjectID)}`.execute(trx);
}

/**
 * The server side of a task package: a package is sent only with RSP lines to confirm, submitted only
 * when every line is answered and its load bearing is 100–130%, and approved only while that still
 * holds; each move stamps its approval status on all its lines, so they lock and unlock with it.
 */
export const salesTaskHooks: WorkflowHooks = {
  prepare: async (trx, call) => {
    if (call.command === 'requestConfirmation') {
      const lines = await rspLinesOf(trx, keyOf(call.subject));
      if (!lines.length) throw new PortalError(409, 'salesTasks.problems.noRspLines');
    }
    if (call.command === 'submit') {
      await refuseUnanswered(trx, call.subject);
      await refuseOutsideLoadBearing(trx, call.subject);
    }
    // Nobody approves a target of their own, nor the adjustment of one, nor allows it late.
    if (['agree', 'agreeAdjustment', 'allowLate'].includes(call.command))
      await refuseOwnApproval(trx, call.caller, call.state.subject[1]);
    if (call.command === 'agree') await refuseOutsideLoadBearing(trx, call.subject);
    return undefined;
  },
  after: (trx, call) => afterPackageMove(trx, call),
};

/** What a move of a package changes besides its stream: a person's command, or the portal's own. */
export type PackageMove = Pick<HookCall, 'actor' | 'state' | 'subject' | 'clock'> & {
  next: AnyMachineSnapshot;
};

/**
 * Every move of a package, whoever made it: its lines stamped with its approval status, sent out
 * when it goes to the RSPs, withdrawn when it comes back to allocation, released when it is voided.
 */
export async function afterPackageMove(trx: Db, call: PackageMove) {
  const before = topState(call.state.snapshot);
  const next = topState(call.next);
  if (before === next) return;
  if (next === 'voided') return releaseVoided(trx, call, before === 'confirming');
  await stampLines(trx, keyOf(call.subject), APPROVAL_STATUS[next] ?? TaskApprovalStatus.notSubmitted);
  if (next === 'confirming') await sendForConfirmation(trx, call);
  if (next === 'approved') await stampApproval(trx, call);
  if (before === 'confirming' && next === 'allocating') await withdrawOpen(trx, call.subject, call.clock);
}
