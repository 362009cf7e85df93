import { sql } from 'kysely';
import { TaskPackageStatus } from '../../domain/codes/sales-tasks.codes';
import { SYSTEM_ACTOR, type WorkflowActor } from '../../machines/workflows/actor';
import { ANSWERED_STATES } from '../../machines/workflows/rsp-task-confirmation.workflow';
import type { Db } from '../db/database';
import { dispatch, startStream } from '../workflows/engine';
import { confirmDeadline } from './confirmation-deadline';
import { fenOf } from './task-split';

export type Line = { id: string; agent: string };

/**
 * Each RSP line's newest confirmation round and where it stands (none: never sent). Rounds are
 * numbered; the newest is the highest number, whatever clock the moves of earlier rounds were made on.
 */
export async function confirmationsOf<L extends { id: string }>(trx: Db, lines: L[]) {
  if (!lines.length) return [];
  const rows = await sql<{ subject_id: string; stream_id: string; status: string }>`
    select distinct on (subject_id) subject_id, stream_id, status from workflow_stream
    where workflow = 'rspTaskConfirmation' and subject_id in (${sql.join(lines.map((l) => l.id))})
    order by subject_id, coalesce(substring(stream_id from '-(\\d+)$')::int, 0) desc, updated_at desc`.execute(
    trx,
  );
  const byLine = new Map(rows.rows.map((r) => [r.subject_id, r]));
  return lines.map((line) => ({ ...line, stream: byLine.get(line.id) }));
}

/**
 * Sends one RSP line to its RSP: a new confirmation round (the one after its newest), a deadline on
 * the line. Answers the new round's stream id.
 */
export async function sendLine(
  trx: Db,
  line: { id: string; stream?: { stream_id: string } },
  sender: WorkflowActor,
  at: Date,
) {
  const round = line.stream ? Number(/-(\d+)$/.exec(line.stream.stream_id)?.[1] ?? 0) + 1 : 1;
  const deadline = JSON.stringify({ ConfirmDeadline: confirmDeadline(at), ConfirmedOn: null });
  await sql`update record set data = data || ${deadline}::jsonb where object_id = ${line.id}`.execute(trx);
  const streamId = `rspTaskConfirmation-${line.id}-${round}`;
  await startStream(trx, {
    streamId,
    workflow: 'rspTaskConfirmation',
    subject: ['rspTaskAllocation', line.id],
    input: { sender },
    actor: sender,
    at,
  });
  return streamId;
}

/**
 * An RSP's answer stands for the figure it answered (ConfirmedAmount). When the line's figure is
 * changed after it, the answer no longer stands: a package out with the RSPs sends the line again at
 * once; a package back in allocation closes the answer (a round withdrawn) and sends every line again
 * when it goes out. The ruling that takes a proposed figure writes that figure as answered first.
 */
export async function reopenChangedAnswer(
  trx: Db,
  record: Record<string, unknown>,
  packageStatus: string | null | undefined,
  sender: WorkflowActor,
  at: Date = new Date(),
) {
  const [line] = await confirmationsOf(trx, [{ id: String(record.ObjectID) }]);
  if (!line.stream || !ANSWERED_STATES.includes(line.stream.status)) return;
  const confirmed = record.ConfirmedAmount;
  const amount = record.LoadBearingAmount;
  const same =
    typeof confirmed === 'string' &&
    confirmed !== '' &&
    amount !== undefined &&
    amount !== null &&
    fenOf(confirmed) === fenOf(String(amount));
  if (same) return;
  await sql`update record set data = data || '{"ConfirmedAmount": null}'::jsonb
    where object_id = ${line.id}`.execute(trx);
  const streamId = await sendLine(trx, line, sender, at);
  if (packageStatus === TaskPackageStatus.awaitingAgents) return;
  await dispatch(trx, { streamId, event: { type: 'confirmation.withdraw' }, actor: SYSTEM_ACTOR, at });
}

/** An RSP's answer stands for the line's figure as it is now; a confirmation also says when. */
export async function recordAnswer(trx: Db, lineId: string, confirmedOn?: Date) {
  const when = confirmedOn ? { ConfirmedOn: confirmedOn.toISOString() } : {};
  await sql`update record set data = data || ${JSON.stringify(when)}::jsonb
      || jsonb_build_object('ConfirmedAmount', data->'LoadBearingAmount')
    where object_id = ${lineId}`.execute(trx);
}
