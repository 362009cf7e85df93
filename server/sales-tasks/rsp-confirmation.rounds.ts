import { sql } from 'kysely';
import { TaskPackageStatus } from '../../domain/codes/sales-tasks.codes';
import { SYSTEM_ACTOR, type WorkflowActor } from '../../machines/workflows/actor';
import { ANSWERED_STATES } from '../../machines/workflows/rsp-task-confirmation.workflow';
import type { Db } from '../db/database';
import { dispatch, startStream } from '../workflows/engine';
import { confirmDeadline } from './confirmation-deadline';
import { keyOf, targetOfLine } from './task-package';
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

/** The province target a line counts towards, as the line's rule found it: its id and its package's status. */
export type LineTarget = { id: string; packageStatus: string | null } | undefined;

/**
 * Sends one RSP line to its RSP: a new confirmation round (the one after its newest) under the
 * province target it counts towards, a deadline on the line. Answers the new round's stream id.
 */
export async function sendLine(
  trx: Db,
  line: { id: string; stream?: { stream_id: string } },
  sender: WorkflowActor,
  at: Date,
  target: string | undefined,
) {
  const round = line.stream ? Number(/-(\d+)$/.exec(line.stream.stream_id)?.[1] ?? 0) + 1 : 1;
  const deadline = JSON.stringify({ ConfirmDeadline: confirmDeadline(at), ConfirmedOn: null });
  await sql`update record set data = data || ${deadline}::jsonb where object_id = ${line.id}`.execute(trx);
  const streamId = `rspTaskConfirmation-${line.id}-${round}`;
  await startStream(trx, {
    streamId,
    workflow: 'rspTaskConfirmation',
    subject: ['rspTaskAllocation', line.id],
    input: { sender, target },
    actor: sender,
    at,
  });
  return streamId;
}

/**
 * Withdraws every round of a line still waiting (for its RSP's answer or the office's ruling), signed
 * by the portal: nobody is asked about the line in that round any more.
 */
export async function withdrawOpenRounds(trx: Db, lineId: string, at?: Date) {
  const open = await sql<{ stream_id: string }>`select stream_id from workflow_stream
    where workflow = 'rspTaskConfirmation' and subject_id = ${lineId} and state->>'status' = 'active'
    order by stream_id`.execute(trx);
  for (const { stream_id } of open.rows)
    await dispatch(trx, {
      streamId: stream_id,
      event: { type: 'confirmation.withdraw' },
      actor: SYSTEM_ACTOR,
      at,
    });
}

/** The line's figure is answered by no round any more. */
const answeredNoMore = (trx: Db, lineId: string) =>
  sql`update record set data = data || '{"ConfirmedAmount": null}'::jsonb where object_id = ${lineId}`.execute(
    trx,
  );

/**
 * The answer a line carried no longer stands: a new round under its target, left waiting for the RSP
 * when the target is out with the RSPs, else withdrawn at once (the line goes out with the others when
 * its package does). Its figure is answered no more.
 */
async function answerAgain(
  trx: Db,
  line: { id: string; stream?: { stream_id: string } },
  target: LineTarget,
  sender: WorkflowActor,
  at: Date,
) {
  await answeredNoMore(trx, line.id);
  const streamId = await sendLine(trx, line, sender, at, target?.id);
  if (target?.packageStatus === TaskPackageStatus.awaitingAgents) return;
  await dispatch(trx, { streamId, event: { type: 'confirmation.withdraw' }, actor: SYSTEM_ACTOR, at });
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
  target: LineTarget,
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
  if (!same) await answerAgain(trx, line, target, sender, at);
}

/**
 * A line moved to another province target (its year, province, brand line or indicator edited): what
 * its RSP was asked, and what it answered, was about the target it left. A round still open there is
 * withdrawn — the target it left no longer waits for it, its RSP and the office no longer have it to
 * do — and an answer no longer stands. Under the target it reached it is answered again as any line of
 * that target: sent to its RSP at once when the target is out with the RSPs (a round of its own, its
 * own deadline), else when the target's package goes out.
 */
export async function answerWhereMoved(
  trx: Db,
  record: Record<string, unknown>,
  target: LineTarget,
  sender: WorkflowActor,
  at: Date = new Date(),
) {
  const [line] = await confirmationsOf(trx, [{ id: String(record.ObjectID) }]);
  await withdrawOpenRounds(trx, line.id, at);
  const out = target?.packageStatus === TaskPackageStatus.awaitingAgents;
  // Nothing of the target it left stands on a line never sent, nor once a round that only waited for
  // the RSP (or was withdrawn before) is withdrawn; an answer, or an objection's figure and reason, does.
  const nothingStands = !line.stream || ['pending', 'withdrawn'].includes(line.stream.status);
  if (out || !nothingStands) await answerAgain(trx, line, target, sender, at);
  else await answeredNoMore(trx, line.id);
}

/**
 * A line of a target out with the RSPs that no round asks about — added to the target while it is out,
 * or left with a withdrawn round only — is sent to its RSP at once, as sending the package sent the
 * others (`sendLine`): a round of its own under the target, with its own deadline from now, waiting in
 * the RSP's to-do; the target is not submitted before the RSP answers it. Answers whether it was sent.
 * The target is read here, after the line's write took its row for the load bearing: a package sent
 * out meanwhile, which did not see the line yet, is seen out.
 */
export async function sendWhereUnasked(
  trx: Db,
  record: Record<string, unknown>,
  sender: WorkflowActor,
  at: Date = new Date(),
) {
  const target = await targetOfLine(trx, keyOf(record));
  if (!target || target.packageStatus !== TaskPackageStatus.awaitingAgents) return false;
  const [line] = await confirmationsOf(trx, [{ id: String(record.ObjectID) }]);
  if (line.stream && line.stream.status !== 'withdrawn') return false;
  await sendLine(trx, line, sender, at, target.id);
  return true;
}

/** An RSP's answer stands for the line's figure as it is now; a confirmation also says when. */
export async function recordAnswer(trx: Db, lineId: string, confirmedOn?: Date) {
  const when = confirmedOn ? { ConfirmedOn: confirmedOn.toISOString() } : {};
  await sql`update record set data = data || ${JSON.stringify(when)}::jsonb
      || jsonb_build_object('ConfirmedAmount', data->'LoadBearingAmount')
    where object_id = ${lineId}`.execute(trx);
}
