import { sql } from 'kysely';
import { workflowDeclaration } from '../../machines/workflows/registry';
import { TASK_APPROVAL_CHAIN } from '../../machines/workflows/sales-task.workflow';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import type { ResourceDef } from '../resources/registry';
import type { Clock } from '../workflows/clock';
import { actorOf, subjectStreamId } from '../workflows/decisions';
import { startStream } from '../workflows/engine';

/** Who approves a province's task package: the chain the package's chart declares (HQ's executive). */
export { TASK_APPROVAL_CHAIN };

/**
 * A new province target starts its task package (the salesTask workflow) in allocation, so it can be
 * sent to the RSPs, submitted and approved — or, set after its period began, waiting for HQ to allow
 * it for the reason given; answers the fields the package mirrors onto the target.
 */
export async function startTaskPackage(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
  clock?: Clock,
  lateReason?: string,
) {
  const declaration = workflowDeclaration('salesTask');
  const id = String(record.ObjectID);
  const streamId = subjectStreamId(declaration, id);
  const started = await sql<{ n: number }>`select count(*)::int as n from workflow_stream
    where stream_id = ${streamId}`.execute(trx);
  if (started.rows[0]?.n) return {};
  const applicant = actorOf(caller);
  const snapshot = await startStream(trx, {
    streamId,
    workflow: declaration.name,
    subject: [def.name, id],
    input: { chain: TASK_APPROVAL_CHAIN, applicant, ...(lateReason ? { lateReason } : {}) },
    actor: applicant,
    at: clock?.at,
  });
  // Starting mirrors the package's first status onto the target, which the projection counts as a
  // change of its own; it is part of the creation, so the new target keeps the version it was created with.
  await sql`update record set version = ${Number(record.Version ?? 1)} where object_id = ${id}`.execute(trx);
  return declaration.projection?.(snapshot) ?? {};
}
