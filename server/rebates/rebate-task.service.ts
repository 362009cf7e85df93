import { sql } from 'kysely';
import { CustomerType } from '../../domain/codes/customers.codes';
import { AnnouncementStatus, RebateSettlementStatus } from '../../domain/codes/rebates.codes';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { ROLE } from '../../domain/roles';
import { UUID_PATTERN } from '../../domain/uuid';
import { workflowDeclaration } from '../../machines/workflows/registry';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError, fieldMissing, plainBody } from '../http/validate';
import { nextNumber } from '../resources/numbering';
import { resourceDef } from '../resources/registry';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import { actorOf, subjectStreamId } from '../workflows/decisions';
import { startStream } from '../workflows/engine';
import { agentInScope } from './rebate.routes';
import { achievementOf, type PolicyTerms, policyTermsOf } from './rebate-achievement';
import { REBATE_DESK } from './rebate-desk';
import { periodRange } from './settlement.rules';

/** AnnouncementStatus keywords of a policy tasks may be set on: published, in effect. */
const LIVE_POLICY: string[] = [AnnouncementStatus.published, AnnouncementStatus.inEffect];
/** The role of an agent's staff by its channel tier (customer type: distributor, RSP, CCP). */
const AGENT_ROLE: Record<string, string> = {
  [CustomerType.generalDistributor]: ROLE.distributor,
  [CustomerType.rsp]: ROLE.rspAgent,
  [CustomerType.ccp]: ROLE.ccpAgent,
};
const CALCULATING = RebateSettlementStatus.calculating;
const VOID = RebateSettlementStatus.void;

const inTransaction = <T>(db: Db, work: (trx: Db) => Promise<T>) =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

/** A task's target in fen: a positive amount of at most two decimals, else refused naming the field. */
export function targetFen(value: unknown) {
  if (value === undefined || value === null || value === '') throw fieldMissing('rebateTask', 'TaskAmount');
  try {
    if (typeof value !== 'string' && typeof value !== 'number') throw new TypeError('not money');
    const fen = yuanToFen(value);
    if (fen > 0 && Number.isSafeInteger(fen)) return fen;
  } catch {
    // Reported below as the field's problem.
  }
  throw fieldError('rebateTask', 'TaskAmount', 'rebate.problems.positiveFen');
}

/** The rebate desk only: anyone else is refused before anything is read. */
export function refuseOutsideDesk(caller: Caller) {
  if (!REBATE_DESK.includes(caller.roleCode)) throw new PortalError(403, 'server.actionNotOffered');
}

/** What a task is set from: the policy and agent as read through the caller's scope, the period and target. */
export interface TaskTerms {
  policy: Record<string, unknown>;
  agent: { id: string; tier: string };
  period: string;
  amountFen: number;
  /** The field that named the policy and the agent on the request (the form names them by number and name). */
  fields: { policy: string; agent: string };
}

/**
 * Sets a rebate task: an agent's target on a published policy for one period of the policy's cycle
 * (notes §5.2). Numbered FL…, kept in the agent's company and province, with its settlement workflow
 * started in `calculating`; its achievement is computed at once and every night after. Refused, naming
 * the field, for a policy not published or in effect, an agent of another channel tier than the
 * policy's, a period not written in the policy's cycle or not within the policy's validity, and a second
 * live task of the same period.
 */
export async function setTask(trx: Db, caller: Caller, terms: TaskTerms, clock?: Clock) {
  const { policy, agent, period, amountFen, fields } = terms;
  if (!LIVE_POLICY.includes(String(policy.AnnouncementStatus ?? '')))
    throw new PortalError(409, 'rebateSettlement.policyNotPublished', {
      field: fields.policy,
      resource: 'rebateTask',
    });
  const tier = String(policy.ChannelTier ?? '');
  if (tier && tier !== agent.tier)
    throw fieldError('rebateTask', fields.agent, 'rebateSettlement.problems.otherTier');
  const range = periodRange(String(policy.PeriodType ?? ''), period);
  if (!range) throw fieldError('rebateTask', 'Period', 'rebateSettlement.problems.period');
  // The whole period lies within the policy's validity: a task outside it would settle on terms never in force.
  const validity = { start: String(policy.StartDate ?? ''), end: String(policy.EndDate ?? '') };
  if (range.start < validity.start || (validity.end && range.end > validity.end))
    throw fieldError('rebateTask', 'Period', {
      key: 'rebateSettlement.problems.outsidePolicy',
      params: { period, periodStart: range.start, periodEnd: range.end, ...validity },
    });
  const clash = await sql<{ n: number }>`select count(*)::int as n from record
    where resource = 'rebateTask' and company_id = ${agent.id}
      and data->>'PolicyID' = ${String(policy.ObjectID)} and data->>'Period' = ${period}
      and coalesce(data->>'SettlementStatus', '') <> ${VOID}`.execute(trx);
  if (clash.rows[0]?.n)
    throw new PortalError(409, 'rebateSettlement.taskExists', {
      period,
      field: 'Period',
      resource: 'rebateTask',
    });
  const facts = await sql<{
    name: string;
    province: string | null;
    city: string | null;
    region: string | null;
  }>`
    select c.name, c.province_code as province, c.city_code as city, r.name_zh as region
    from customer c left join region r on r.code = c.province_code
    where c.object_id = ${agent.id}`.execute(trx);
  const company = facts.rows[0];
  const no = await nextNumber(trx, NUMBER_PREFIX.rebateSettlement, clock?.at);
  const id =
    clock?.uuid() ??
    (await sql<{ id: string }>`select gen_random_uuid()::text as id`.execute(trx)).rows[0].id;
  const data = {
    RebateTaskNo: no,
    PolicyID: String(policy.ObjectID),
    PolicyNo: policy.AnnouncementNo ?? null,
    PolicyName: policy.Title ?? null,
    AgentID: agent.id,
    AgentName: company.name,
    ChannelTier: agent.tier,
    ProvinceName: company.region,
    Brand: policy.Brand ?? null,
    Period: period,
    PeriodStart: range.start,
    PeriodEnd: range.end,
    CalcBasis: policy.CalcBasis ?? null,
    PayoutMethod: policy.PayoutMethod ?? null,
    TaskAmount: fenToYuanString(amountFen),
    SettlementStatus: CALCULATING,
  };
  const at = clock?.at ?? new Date();
  await sql`insert into record (object_id, resource, data, company_id, province_code, city_code,
      created_at, updated_at, created_by, created_by_name, updated_by_name)
    values (${id}, 'rebateTask', ${JSON.stringify(data)}::jsonb, ${agent.id}, ${company.province},
      ${company.city}, ${at}, ${at}, ${caller.employeeId}, ${caller.lastName}, ${caller.lastName})`.execute(
    trx,
  );
  const declaration = workflowDeclaration('rebateSettlement');
  await startStream(trx, {
    streamId: subjectStreamId(declaration, id),
    workflow: declaration.name,
    subject: ['rebateTask', id],
    input: { agentRole: AGENT_ROLE[agent.tier] ?? ROLE.rspAgent, applicant: actorOf(caller) },
    actor: actorOf(caller),
    at,
  });
  await refreshTask(trx, id, policyTermsOf(policy));
  return getRecord(trx, resourceDef('rebateTask')!, caller, id);
}

/**
 * `POST /portal/rebateTask/assign` (`PolicyID`, `AgentID`, `Period`, `TaskAmount`): a task set by ids,
 * as an integration sends it; the form sets it by the policy's number and the agent's name.
 */
export async function assignTask(db: Db, caller: Caller, input: unknown, clock?: Clock) {
  refuseOutsideDesk(caller);
  const body = plainBody(input);
  // Named as the integration sends them: by id, refused as ids before any record is read.
  if (body.PolicyID === undefined || body.PolicyID === null || body.PolicyID === '')
    throw fieldMissing(undefined, 'PolicyID');
  if (typeof body.PolicyID !== 'string' || !UUID_PATTERN.test(body.PolicyID))
    throw fieldError(undefined, 'PolicyID', 'server.input.problems.objectId');
  if (typeof body.Period !== 'string' || !body.Period.trim()) throw fieldMissing('rebateTask', 'Period');
  const amountFen = targetFen(body.TaskAmount);
  return inTransaction(db, async (trx) => {
    const policy = await getRecord(trx, resourceDef('rebateAnnouncement')!, caller, body.PolicyID);
    const agent = await agentInScope(trx, caller, body.AgentID);
    const terms = { policy, agent, amountFen, period: String(body.Period).trim() };
    return setTask(trx, caller, { ...terms, fields: { policy: 'PolicyName', agent: 'AgentName' } }, clock);
  });
}

/**
 * Recomputes a running task's achievement and estimated rebate from the records (orders, confirmed
 * payments) and writes them on the task. A task past `calculating` keeps the figures its settlement
 * calculated.
 */
export async function refreshTask(db: Db, taskId: string, terms?: PolicyTerms) {
  const found = await sql<{ data: Record<string, unknown> }>`select data from record
    where resource = 'rebateTask' and object_id = ${taskId}`.execute(db);
  const task = found.rows[0]?.data;
  if (!task || task.SettlementStatus !== CALCULATING) return false;
  const policyTerms = terms ?? (await termsOfPolicy(db, String(task.PolicyID)));
  const figures = await achievementOf(db, task, policyTerms);
  const estimate = {
    AchievedAmount: figures.AchievedAmount,
    ExcludedAmount: figures.ExcludedAmount,
    EffectiveBase: figures.EffectiveBase,
    AchievementRate: figures.AchievementRate,
    TierName: figures.TierName,
    RebateRate: figures.RebateRate,
    EstimatedRebate: figures.CalculatedRebate,
  };
  await sql`update record set data = data || ${JSON.stringify(estimate)}::jsonb
    where resource = 'rebateTask' and object_id = ${taskId}`.execute(db);
  return true;
}

/** A policy's terms read without a caller: the nightly job and the settlement hooks act for the vendor. */
export async function termsOfPolicy(db: Db, policyId: string) {
  const found = await sql<{ data: Record<string, unknown> }>`select data from record
    where resource = 'rebateAnnouncement' and object_id::text = ${policyId}`.execute(db);
  return policyTermsOf(found.rows[0]?.data ?? {});
}

/** The nightly refresh of every running task (server/rebates/rebate-tasks.job.ts). */
export async function refreshRunningTasks(db: Db) {
  const running = await sql<{ id: string }>`select object_id::text as id from record
    where resource = 'rebateTask' and data->>'SettlementStatus' = ${CALCULATING} and data ? 'AgentID'
    order by object_id`.execute(db);
  let count = 0;
  for (const row of running.rows) if (await refreshTask(db, row.id)) count += 1;
  return count;
}
