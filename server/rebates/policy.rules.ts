import { sql } from 'kysely';
import { RebateAnnouncementType } from '../../domain/codes/rebates.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { EDITABLE_POLICY_STATES, POLICY_CHAIN } from '../../machines/workflows/rebate-policy.workflow';
import { workflowDeclaration } from '../../machines/workflows/registry';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import { nextNumber } from '../resources/numbering';
import type { ResourceDef } from '../resources/registry';
import type { Clock } from '../workflows/clock';
import { actorOf, subjectStreamId } from '../workflows/decisions';
import { loadStream, startStream } from '../workflows/engine';
import { topState } from '../workflows/projection';
import { parseTiers } from './settlement.rules';

/** Who approves a policy: the chain the policy's chart declares (the executive alone). */
export { POLICY_CHAIN };

const POLICY_TYPE = RebateAnnouncementType.rebatePolicy;

/** Why a policy past its draft refuses a change, by its workflow state: who may still change it, and how. */
const LOCKED_POLICY_MESSAGE: Record<string, string> = {
  inApproval: 'rebate.policy.lockedInApproval',
  approved: 'rebate.policy.lockedApproved',
};

/**
 * A policy announcement after its entry form saves it, in the same transaction: a new one gets its
 * number and its workflow (a draft its author submits); an existing one may change only while it is
 * a draft or returned — from publication on its calculation parameters are frozen, and a correction
 * is a new version.
 */
export async function afterPolicyWrite(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
  clock?: Clock,
) {
  const id = String(record.ObjectID);
  if (record.StartDate && record.EndDate && String(record.EndDate) < String(record.StartDate))
    throw fieldError(def.name, 'EndDate', 'rebate.problems.endBeforeStart');
  if (parseTiers(typeof record.Tiers === 'string' ? record.Tiers : '') === null)
    throw fieldError(def.name, 'Tiers', 'rebateSettlement.problems.tiers');
  const declaration = workflowDeclaration('rebatePolicy');
  const streamId = subjectStreamId(declaration, id);
  const started = await sql<{
    n: number;
  }>`select count(*)::int as n from workflow_stream where stream_id = ${streamId}`.execute(trx);
  if (started.rows[0]?.n) {
    const state = topState((await loadStream(trx, streamId)).snapshot);
    if (!EDITABLE_POLICY_STATES.includes(state))
      throw new PortalError(409, LOCKED_POLICY_MESSAGE[state] ?? 'rebate.policy.frozenAfterPublish');
    return;
  }
  const no = await nextNumber(trx, declaration.numberPrefix ?? NUMBER_PREFIX.rebatePolicy, clock?.at);
  const version = Number(record.PolicyVersion ?? 1) || 1;
  await sql`update record set data = data || ${JSON.stringify({
    AnnouncementNo: no,
    AnnouncementType: record.AnnouncementType ?? POLICY_TYPE,
    PolicyVersion: version,
  })}::jsonb where object_id = ${id}`.execute(trx);
  const applicant = actorOf(caller);
  await startStream(trx, {
    streamId,
    workflow: declaration.name,
    subject: [def.name, id],
    input: { chain: POLICY_CHAIN, applicant },
    actor: applicant,
    at: clock?.at,
  });
}
