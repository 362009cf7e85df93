import { type RawBuilder, sql } from 'kysely';
import { wallTime } from '../../domain/business-clock';
import type {
  AttainmentRow,
  DashboardChartFigures,
  OrderTrend,
  RebateBalance,
  RebateFigures,
  TaskAttainment,
} from '../../domain/report-figures';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { opportunitySummary } from '../opportunities/opportunity-summary';
import { resourceDef } from '../resources/registry';
import { searchPlan } from '../resources/search';
import { FIGURE_LINES, orderFiguresByMonth } from './order-figures';

/** How many months the order chart covers, ending with the month of the figures. */
export const TREND_MONTHS = 12;
/** How many agents the vendor's rebate chart names; the total covers every agent in scope. */
export const TOP_REBATE_AGENTS = 10;

const TASK_REPORT = 'salesTask.provincialTaskReport';
const TASK_CONFIRM = 'salesTask.rspTaskConfirm';
const REBATE_SUMMARY = 'rebates.customerRebateSummary';
const OPPORTUNITY_PAGES = ['business.opportunityReport', 'business.opportunityList'];

const isAgentStaff = (caller: Caller) => caller.dataScope === 'company' && !!caller.companyId;

/** The WHERE of a report page's list for the caller: its scope, its fixed lens and these filters. */
function reportWhere(resource: string, caller: Caller, body: Record<string, unknown>) {
  return searchPlan(resourceDef(resource)!, caller, body).where as RawBuilder<boolean>;
}

/**
 * The year the attainment chart shows: this business year when it has targets in the caller's scope,
 * else the newest year that has any (next year's plan, before this year's is entered).
 */
async function attainmentYear(db: Db, view: string, where: RawBuilder<boolean>): Promise<string | undefined> {
  const current = wallTime(new Date()).year;
  const { rows } = await sql<{ year: string }>`select t.year from ${sql.table(view)} t
    where ${where} and t.year is not null group by t.year
    order by (t.year = ${current}) desc, t.year desc limit 1`.execute(db);
  return rows[0]?.year;
}

/**
 * Task attainment from the report that holds it: vendor staff see the provincial task report's
 * provinces, an RSP its own task lines with what it achieved (the RSP load-bearing figures). Per
 * group and indicator, the targets and completed amounts add up; the rate is their quotient.
 */
async function taskAttainment(db: Db, caller: Caller, may: (pageId: string) => boolean) {
  const ownLines = isAgentStaff(caller) && may(TASK_CONFIRM);
  if (!ownLines && !may(TASK_REPORT)) return undefined;
  // The load-bearing rows are the RSP's task lines themselves; each line's indicator is on the line.
  const source = ownLines
    ? {
        resource: 'loadBearing',
        view: 'rsp_load_bearing',
        key: sql.raw('t.brand'),
        indicator: sql.raw(`(select a.data->>'IndicatorType' from record a where a.object_id = t.object_id)`),
        task: 'load_bearing_amount',
      }
    : {
        resource: 'provincialTaskReport',
        view: 'provincial_task_report',
        key: sql.raw('t.province_name'),
        indicator: sql.raw('t.indicator_type'),
        task: 'annual_task',
      };
  const PageID = ownLines ? TASK_CONFIRM : TASK_REPORT;
  const year = await attainmentYear(db, source.view, reportWhere(source.resource, caller, { PageID }));
  if (!year) return undefined;
  const where = reportWhere(source.resource, caller, { PageID, Year: year });
  const task = sql.raw(`t.${source.task}`);
  const { rows } =
    await sql<AttainmentRow>`select ${source.key} as "Key", ${source.indicator} as "IndicatorType",
      coalesce(sum(${task}), 0)::numeric(18, 2)::text as "TaskAmount",
      coalesce(sum(t.completed_amount), 0)::numeric(18, 2)::text as "CompletedAmount",
      case when sum(${task}) > 0 then round(sum(t.completed_amount) * 100 / sum(${task}), 2)::text end
        as "CompletionRate"
    from ${sql.table(source.view)} t where ${where}
    group by 1, 2 order by 1 nulls last, 2 nulls last`.execute(db);
  return { PageID, Year: year, GroupedBy: ownLines ? 'Brand' : 'ProvinceName', Rows: rows } as TaskAttainment;
}

const REBATE_SUMS = sql`coalesce(sum(t.available_balance), 0)::numeric(18, 2)::text as "AvailableBalance",
  coalesce(sum(t.frozen_amount), 0)::numeric(18, 2)::text as "FrozenAmount",
  coalesce(sum(t.balance), 0)::numeric(18, 2)::text as "Balance"`;

/**
 * Rebate balances from the customer rebate summary as the caller reads it: an agent its own accounts,
 * vendor staff the agents of their scope with the largest available balance, and the total of all.
 */
async function rebateBalance(db: Db, caller: Caller, may: (pageId: string) => boolean) {
  if (!may(REBATE_SUMMARY)) return undefined;
  const where = reportWhere('rebateSummary', caller, { PageID: REBATE_SUMMARY });
  const total = await sql<RebateFigures & { AgentCount: number }>`select ${REBATE_SUMS},
      count(distinct t.company_id)::int as "AgentCount"
    from rebate_summary_list t where ${where}`.execute(db);
  const rows = isAgentStaff(caller)
    ? await sql<
        RebateBalance['Rows'][number]
      >`select t.brand as "Brand", t.account_type as "AccountType", ${REBATE_SUMS}
        from rebate_summary_list t where ${where} group by 1, 2 order by 1, 2`.execute(db)
    : await sql<RebateBalance['Rows'][number]>`select t.agent_name as "AgentName", ${REBATE_SUMS}
        from rebate_summary_list t where ${where}
        group by t.company_id, t.agent_name order by sum(t.available_balance) desc, t.agent_name
        limit ${TOP_REBATE_AGENTS}`.execute(db);
  return {
    PageID: REBATE_SUMMARY,
    GroupedBy: isAgentStaff(caller) ? 'Account' : 'Agent',
    ...total.rows[0],
    Rows: rows.rows,
  } as RebateBalance;
}

/**
 * The dashboard's charts, each computed by the query of the report it summarises and through the
 * caller's scope, for whoever holds that report (or, for an agent, the page of its own lines): orders
 * and payments of the last months per order line, opportunities by stage, task attainment and rebate
 * balances (docs/reports.md "Dashboard charts").
 */
export async function dashboardCharts(
  db: Db,
  caller: Caller,
  may: (pageId: string) => boolean,
  period: string,
): Promise<DashboardChartFigures> {
  const orderTrend: OrderTrend[] = [];
  for (const line of FIGURE_LINES.filter((l) => may(l.pageId)))
    orderTrend.push({
      PageID: line.pageId,
      OrderChannel: line.channel,
      Months: await orderFiguresByMonth(db, caller, line.channel, period, TREND_MONTHS),
    });
  const opportunityPage = OPPORTUNITY_PAGES.find(may);
  const opportunityStages = opportunityPage
    ? { PageID: opportunityPage, Rows: (await opportunitySummary(db, caller, {})).byStage }
    : undefined;
  return {
    Period: period,
    orderTrend,
    ...(opportunityStages ? { opportunityStages } : {}),
    ...(await taskAttainment(db, caller, may).then((v) => (v ? { taskAttainment: v } : {}))),
    ...(await rebateBalance(db, caller, may).then((v) => (v ? { rebateBalance: v } : {}))),
  };
}
