import { sql } from 'kysely';
import { RebateFlowType } from '../../domain/codes/rebates.codes';
import { TaskApprovalStatus } from '../../domain/codes/sales-tasks.codes';
import { ROLE } from '../../domain/roles';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { forbidden, PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import { appendFlows, type FlowEntry, lockAccount } from '../rebates/ledger.store';
import type { FlowType, SourceDoc } from '../rebates/ledger.types';
import { resourceDef } from '../resources/registry';
import { getRecord } from '../resources/write';
import { businessDayOf } from './confirmation-deadline';
import { stiOf } from './sti';
import { fenOf, yuanOf } from './task-split';

/** The ledger's STI flow (dictionary RebateFlowType): kept apart from settlement postings (notes §6.4). */
export const STI_FLOW = RebateFlowType.stiPosted;
/** Who posts an RSP's STI: HQ, once the quarter is over. */
const STI_POSTERS: readonly string[] = [ROLE.executive, ROLE.systemAdmin];

/** The first day after a quarter of a year, `yyyy-MM-dd`. */
const dayAfterQuarter = (year: number, quarter: number) =>
  quarter === 4 ? `${year + 1}-01-01` : `${year}-${String(quarter * 3 + 1).padStart(2, '0')}-01`;

/** The ledger's reference of a line's STI for a quarter: one posting each, ever. */
const stiNo = (lineId: string, year: number, quarter: number) =>
  `STI-${lineId.slice(0, 8)}-${year}Q${quarter}`;

/**
 * One quarter of an RSP line as HQ judges it: the quarter's target and what the RSP achieved on the
 * line's brand (sales_task_achieved, the figures the views show), the STI it earns by the rule,
 * whether the quarter is over and whether its STI was posted (the flow's number).
 */
async function quarterOf(trx: Db, line: Record<string, unknown>, quarter: number, today: string) {
  const year = Number(line.Year);
  const no = stiNo(String(line.ObjectID), year, quarter);
  const facts = await sql<{
    id: string;
    achieved: string;
    posted: string | null;
  }>`select r.company_id::text as id,
      sales_task_achieved(r.company_id, r.data->>'AgentName', r.data->>'Brand', r.data->>'IndicatorType',
        ${year}::int, ${quarter * 3 - 2}::int, ${quarter * 3}::int)::numeric(18, 2)::text as achieved,
      (select f.flow_no from rebate_flow f where f.source_doc_type = 'sti' and f.source_doc_no = ${no}
        order by f.created_at limit 1) as posted
    from record r where r.object_id = ${String(line.ObjectID)}`.execute(trx);
  const { id: companyId, achieved, posted } = facts.rows[0];
  const target = fenOf(String(line[`Q${quarter}Task`] ?? '0'));
  const sti = stiOf(target, fenOf(achieved));
  return {
    companyId,
    sti,
    figures: {
      Quarter: quarter,
      No: no,
      TaskAmount: yuanOf(target),
      AchievedAmount: yuanOf(fenOf(achieved)),
      AchievementRate: yuanOf(sti.attainment),
      StiLevel: sti.level,
      StiBase: yuanOf(sti.base),
      StiAmount: yuanOf(sti.amount),
      Finished: today >= dayAfterQuarter(year, quarter),
      PostedFlowNo: posted,
    },
  };
}

/**
 * `POST /portal/rspTaskAllocation/sti` (`ObjectID`): an RSP line's four quarters as HQ sees them on
 * the line's page before posting — figures, finished or not, posted or not — and whether the caller
 * may post (HQ, on an approved line).
 */
export async function rspStiQuarters(db: Db, caller: Caller, body: { ObjectID?: unknown }, at = new Date()) {
  const line = await getRecord(db, resourceDef('rspTaskAllocation')!, caller, body.ObjectID);
  const today = businessDayOf(at);
  const quarters = [];
  for (const quarter of [1, 2, 3, 4]) quarters.push((await quarterOf(db, line, quarter, today)).figures);
  return {
    Quarters: quarters,
    MayPost: STI_POSTERS.includes(caller.roleCode),
    Approved: line.TaskApprovalStatus === TaskApprovalStatus.approved,
  };
}

/**
 * Posts an RSP's STI for a quarter of its approved line to its rebate account of the line's brand:
 * attainment from its records, the incentive by the STI rule, one STI flow referencing the line and
 * quarter. Refused before the quarter ends, on a line not approved, twice for the same quarter;
 * nothing earned posts nothing. Answers what was computed.
 */
export async function postRspSti(
  db: Db,
  caller: Caller,
  body: { ObjectID?: unknown; Quarter?: unknown },
  at: Date = new Date(),
) {
  if (!STI_POSTERS.includes(caller.roleCode)) throw forbidden();
  const quarter = Number(String(body.Quarter ?? '').replace(/^Q/i, ''));
  if (![1, 2, 3, 4].includes(quarter))
    throw fieldError('rspTaskAllocation', 'Quarter', {
      key: 'server.problems.value',
      params: { values: '1/2/3/4' },
    });
  return inTransaction(db, async (trx) => {
    const line = await getRecord(trx, resourceDef('rspTaskAllocation')!, caller, body.ObjectID);
    // Two posts of one line at once would both find nothing posted: the line's row serialises them.
    await sql`select 1 from record where object_id = ${String(line.ObjectID)} for update`.execute(trx);
    if (line.TaskApprovalStatus !== TaskApprovalStatus.approved)
      throw new PortalError(409, 'salesTasks.problems.stiNotApproved');
    const year = Number(line.Year);
    if (businessDayOf(at) < dayAfterQuarter(year, quarter))
      throw new PortalError(409, 'salesTasks.problems.stiQuarterOpen', { quarter: `${year} Q${quarter}` });
    const { companyId, sti, figures } = await quarterOf(trx, line, quarter, businessDayOf(at));
    if (figures.PostedFlowNo) throw new PortalError(409, 'salesTasks.problems.stiPosted', { no: figures.No });
    const {
      Quarter: _quarter,
      Finished: _finished,
      PostedFlowNo: _posted,
      TaskAmount: _target,
      ...answer
    } = figures;
    if (sti.amount === 0n) return answer;
    const actor = { employeeId: caller.employeeId, name: caller.lastName, at };
    const account = await lockAccount(trx, { companyId, type: 'rebate', brand: String(line.Brand) }, actor);
    const entry: FlowEntry = {
      type: STI_FLOW as FlowType,
      amountFen: Number(sti.amount),
      availableFen: Number(sti.amount),
      frozenFen: 0,
      pendingFen: 0,
      batch: 'self',
      expiryDate: null,
      source: { type: 'sti' as SourceDoc['type'], no: figures.No },
    };
    await appendFlows(trx, account, [entry], actor);
    return answer;
  });
}
