import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import { TaskApprovalStatus } from '../../domain/codes/sales-tasks.codes';
import type { StiFigures } from '../../domain/sti';
import { workflowDeclaration } from '../../machines/workflows/registry';
import { STI_CALCULATORS } from '../../machines/workflows/sti-review.builder';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { forbidden, PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import { resourceDef } from '../resources/registry';
import { getRecord } from '../resources/write';
import { actorOf, streamView, subjectStreamId } from '../workflows/decisions';
import { loadStream, startStream } from '../workflows/engine';
import { quarterStart } from './plan-period.rules';
import { stiOf } from './sti';
import { standingTarget } from './task-package';
import { fenOf, yuanOf } from './task-split';

/** The first day after a quarter of a year, `yyyy-MM-dd`. */
const dayAfterQuarter = (year: number, quarter: number) =>
  quarter === 4 ? `${year + 1}-01-01` : quarterStart(year, quarter + 1);

/** The number of a line's STI for a quarter, also the ledger's reference: one STI each, ever. */
export const stiNo = (lineId: string, year: number, quarter: number) =>
  `STI-${lineId.slice(0, 8)}-${year}Q${quarter}`;

/** The STI of a line's quarter, once calculated: its record, status and ledger flow. */
async function stiRecordOf(db: Db, no: string) {
  const found = await sql<{ id: string; status: string | null; flow: string | null }>`
    select r.object_id::text as id, r.data->>'StiStatus' as status,
      (select f.flow_no from rebate_flow f where f.source_doc_type = 'sti' and f.source_doc_no = ${no}
        order by f.created_at limit 1) as flow
    from record r where r.resource = 'rspSti' and r.data->>'StiNo' = ${no}`.execute(db);
  return found.rows[0];
}

/** When the line's province target was last approved (the approval's own instant), if it was. */
async function targetApprovedAt(db: Db, line: Record<string, unknown>) {
  const found = await sql<{ at: string | null }>`select data->>'ApprovedAt' as at from record t
    where resource = 'provinceTask' and ${standingTarget('t')} and data->>'Year' = ${String(line.Year)}
      and data->>'ProvinceName' = ${String(line.ProvinceName)} and data->>'Brand' = ${String(line.Brand)}
      and data->>'IndicatorType' = ${String(line.IndicatorType)}
    order by created_at limit 1`.execute(db);
  return found.rows[0]?.at ?? null;
}

/**
 * One quarter of an RSP line as the STI rule judges it: the quarter's target and what the RSP achieved
 * on the line's brand (sales_task_achieved, the figures the views show), and the STI it earns.
 */
export async function stiFiguresOf(db: Db, line: Record<string, unknown>, quarter: number) {
  const year = Number(line.Year);
  const facts = await sql<{ id: string; achieved: string }>`select r.company_id::text as id,
      sales_task_achieved(r.company_id, r.data->>'AgentName', r.data->>'Brand', r.data->>'IndicatorType',
        ${year}::int, ${quarter * 3 - 2}::int, ${quarter * 3}::int)::numeric(18, 2)::text as achieved
    from record r where r.object_id = ${String(line.ObjectID)}`.execute(db);
  const { id: companyId, achieved } = facts.rows[0];
  const target = fenOf(String(line[`Q${quarter}Task`] ?? '0'));
  const sti = stiOf(target, fenOf(achieved));
  const figures: StiFigures = {
    TaskAmount: yuanOf(target),
    AchievedAmount: yuanOf(fenOf(achieved)),
    AchievementRate: yuanOf(sti.attainment),
    StiLevel: sti.level,
    StiBase: yuanOf(sti.base),
    StiAmount: yuanOf(sti.amount),
  };
  return { companyId, sti, figures };
}

/**
 * Whether a line's quarter may have its STI calculated today: the line approved, the quarter over,
 * and the target approved before the quarter began — a target set or approved later is not paid for
 * quarters already under way (docs/sales-tasks.md "STI"). Refused with 409 naming the quarter.
 */
export async function refuseStiOf(db: Db, line: Record<string, unknown>, quarter: number, at: Date) {
  const year = Number(line.Year);
  const named = `${year} Q${quarter}`;
  if (line.TaskApprovalStatus !== TaskApprovalStatus.approved)
    throw new PortalError(409, 'salesTasks.problems.stiNotApproved');
  if (businessDay(at) < dayAfterQuarter(year, quarter))
    throw new PortalError(409, 'salesTasks.problems.stiQuarterOpen', { quarter: named });
  const approvedAt = await targetApprovedAt(db, line);
  const start = quarterStart(year, quarter);
  if (!approvedAt || businessDay(new Date(approvedAt)) >= start)
    throw new PortalError(409, 'salesTasks.problems.stiTargetLate', {
      quarter: named,
      start,
      approved: approvedAt ? businessDay(new Date(approvedAt)) : '—',
    });
}

/**
 * `POST /portal/rspTaskAllocation/sti` (`ObjectID`): an RSP line's four quarters as its page shows
 * them — figures, over or not, the STI calculated for it (its number and status) and its ledger flow
 * once posted — and whether the caller may calculate (HQ, on an approved line).
 */
export async function rspStiQuarters(db: Db, caller: Caller, body: { ObjectID?: unknown }, at = new Date()) {
  const line = await getRecord(db, resourceDef('rspTaskAllocation')!, caller, body.ObjectID);
  const today = businessDay(at);
  const quarters = [];
  for (const quarter of [1, 2, 3, 4]) {
    const no = stiNo(String(line.ObjectID), Number(line.Year), quarter);
    const { figures } = await stiFiguresOf(db, line, quarter);
    const calculated = await stiRecordOf(db, no);
    quarters.push({
      Quarter: quarter,
      No: no,
      ...figures,
      Finished: today >= dayAfterQuarter(Number(line.Year), quarter),
      StiID: calculated?.id ?? null,
      StiStatus: calculated?.status ?? null,
      PostedFlowNo: calculated?.flow ?? null,
    });
  }
  return {
    Quarters: quarters,
    MayCalculate: STI_CALCULATORS.includes(caller.roleCode),
    Approved: line.TaskApprovalStatus === TaskApprovalStatus.approved,
  };
}

/**
 * `POST /portal/rspTaskAllocation/calculateSti` (`ObjectID`, `Quarter`): opens the STI of a closed
 * quarter of an approved line and calculates it (the rspSti workflow; its hooks refuse an open
 * quarter and a target approved after the quarter began), its figures coming with its start. Once per line and quarter. Answers the STI
 * as its decision panel shows it, with its record's id.
 */
export async function calculateRspSti(
  db: Db,
  caller: Caller,
  body: { ObjectID?: unknown; Quarter?: unknown },
  at: Date = new Date(),
) {
  // The workflow's own list of calculators, asked first so nobody else learns a line's state.
  if (!STI_CALCULATORS.includes(caller.roleCode)) throw forbidden();
  const quarter = Number(String(body.Quarter ?? '').replace(/^Q/i, ''));
  if (![1, 2, 3, 4].includes(quarter))
    throw fieldError('rspTaskAllocation', 'Quarter', {
      key: 'server.problems.value',
      params: { values: '1/2/3/4' },
    });
  return inTransaction(db, async (trx) => {
    const line = await getRecord(trx, resourceDef('rspTaskAllocation')!, caller, body.ObjectID);
    // Two calculations of one quarter at once would both find none: the line's row serialises them.
    const row = await sql<{ company: string | null; province: string | null; city: string | null }>`
      select company_id::text as company, province_code as province, city_code as city from record
      where object_id = ${String(line.ObjectID)} for update`.execute(trx);
    const year = Number(line.Year);
    const no = stiNo(String(line.ObjectID), year, quarter);
    const existing = await stiRecordOf(trx, no);
    if (existing) throw new PortalError(409, 'salesTasks.problems.stiCalculated', { no });
    await refuseStiOf(trx, line, quarter, at);
    const id = (await sql<{ id: string }>`select gen_random_uuid()::text as id`.execute(trx)).rows[0].id;
    const data = {
      StiNo: no,
      LineID: String(line.ObjectID),
      AgentName: line.AgentName,
      ProvinceName: line.ProvinceName,
      Year: String(year),
      Quarter: `Q${quarter}`,
      Brand: line.Brand,
      IndicatorType: line.IndicatorType,
    };
    const { company, province, city } = row.rows[0];
    await sql`insert into record (object_id, resource, data, created_at, updated_at, created_by,
        created_by_name, updated_by_name, company_id, province_code, city_code)
      values (${id}, 'rspSti', ${JSON.stringify(data)}::jsonb, ${at}, ${at}, ${caller.employeeId},
        ${caller.lastName}, ${caller.lastName}, ${company}, ${province}, ${city})`.execute(trx);
    const declaration = workflowDeclaration('rspStiReview');
    const applicant = actorOf(caller);
    const streamId = subjectStreamId(declaration, id);
    // Opening is calculating: the figures of the quarter, judged on the same day as the checks above,
    // come with the stream's start, which stands awaiting review.
    const { figures } = await stiFiguresOf(trx, line, quarter);
    await startStream(trx, {
      streamId,
      workflow: declaration.name,
      subject: ['rspSti', id],
      input: { applicant, figures },
      actor: applicant,
      at,
    });
    const view = streamView(await loadStream(trx, streamId), applicant);
    const amount = await sql<{ amount: string | null }>`select data->>'StiAmount' as amount from record
      where object_id = ${id}`.execute(trx);
    return { ...view, StiID: id, No: no, StiAmount: amount.rows[0]?.amount ?? '0.00' };
  });
}
