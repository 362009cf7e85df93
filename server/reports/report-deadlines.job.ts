import { sql } from 'kysely';
import { CustomerStatus } from '../../domain/codes/customers.codes';
import { owedReportPairs } from '../../domain/reporting';
import { SYSTEM_ACTOR } from '../../machines/workflows/actor';
import { LATE_REQUEST_STATUS } from '../../machines/workflows/late-report.workflow';
import { type Db, inTransaction } from '../db/database';
import { PortalError } from '../http/envelope';
import type { JobHandler } from '../jobs/job-handlers';
import type { Clock } from '../workflows/clock';
import { ensureReport, reportEvent, syncReport } from './report-states';

/** Who is expected to report what (notes §7.2): each agent type, the report types it owes. */
const owedPairs = () => sql.join(owedReportPairs().map((p) => sql`(${p.customerType}, ${p.reportType})`));
/** Active, or active and due for renewal (dictionary CustomerStatus). */
const ACTIVE_STATUSES: string[] = [CustomerStatus.active, CustomerStatus.renewalDue];

interface Expected {
  agentId: string;
  period: string;
  reportType: string;
  /** A control date of the period, type and the agent's province has passed. */
  due: boolean;
  state: string | null;
}

/**
 * The reports the deadline pass has work on: of every report a control date asks for — each general
 * distributor and RSP active during the period, of the province the date names (every province when
 * it names none), for the date's period and type — and every report that exists for a period its
 * control date covers, those that do not exist yet and those not submitted once the date (`due`) has
 * passed. A report an approved late-report request keeps open is left out.
 */
async function expectedReports(db: Db, at: Date): Promise<Expected[]> {
  const now = at.toISOString();
  const rows = await sql<Expected>`with dates as (
      select c.data->>'Period' as period, c.data->>'ReportType' as report_type, p.code as province,
        bool_or((c.data->>'ControlDate')::timestamptz <= ${now}::timestamptz) as due
      from record c
        left join region p on p.level = 'province' and c.data->>'ProvinceName' in (p.name_zh, p.name_en, p.code)
      where c.resource = 'reportControlDate' and c.data->>'Period' ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'
        and c.data->>'ControlDate' is not null
        and (coalesce(c.data->>'ProvinceName', '') = '' or p.code is not null)
      group by 1, 2, 3
    ), wanted as (
      select a.object_id as agent_id, d.period, d.report_type, d.due from dates d
        join customer a on d.province is null or a.province_code = d.province
      where (a.customer_type, d.report_type) in (${owedPairs()}) and a.status in (${sql.join(ACTIVE_STATUSES)})
        and a.created_at < to_date(d.period, 'YYYY-MM') + interval '1 month'
      union all
      select r.company_id, d.period, d.report_type, d.due from agent_report r
        join dates d on d.period = r.period and d.report_type = r.report_type
          and (d.province is null or d.province = r.province_code)
    )
    select w.agent_id::text as "agentId", w.period, w.report_type as "reportType", bool_or(w.due) as due,
      max(s.status) as state
    from wanted w
      left join agent_report r on r.company_id = w.agent_id and r.period = w.period and r.report_type = w.report_type
      left join workflow_stream s on s.stream_id = 'agentReport-' || r.object_id::text
    where not exists (select 1 from late_report_request q where q.company_id = w.agent_id
      and q.period = w.period and q.report_type = w.report_type
      and q.request_status = ${LATE_REQUEST_STATUS.approved} and q.window_end > ${now}::timestamptz)
    group by 1, 2, 3
    having max(s.status) is null or (bool_or(w.due) and max(s.status) in ('notReported', 'draft'))
    order by 2, 3, 1`.execute(db);
  return rows.rows;
}

/**
 * The deadline pass (notes §7.3), on the clock given: every report a control date asks for exists
 * (not reported until the agent imports or submits), and every one not submitted when its control
 * date has passed is marked overdue — by the system, one report per transaction, so a report someone
 * submitted meanwhile is simply left alone.
 */
export async function markReportDeadlines(db: Db, at: Date, clock?: Clock, signal?: AbortSignal) {
  const counts = { opened: 0, overdue: 0 };
  for (const report of await expectedReports(db, at)) {
    if (signal?.aborted) break;
    const overdue = report.due && (report.state === null || ['notReported', 'draft'].includes(report.state));
    if (report.state !== null && !overdue) continue;
    try {
      await inTransaction(db, async (trx) => {
        const key = { agentId: report.agentId, period: report.period, reportType: report.reportType };
        const id = await ensureReport(trx, key, SYSTEM_ACTOR, clock);
        if (overdue) await reportEvent(trx, id, 'markOverdue', SYSTEM_ACTOR, {}, clock);
        await syncReport(trx, id);
      });
      if (report.state === null) counts.opened += 1;
      if (overdue) counts.overdue += 1;
    } catch (error) {
      if (!(error instanceof PortalError)) throw error;
    }
  }
  return counts;
}

/** The scheduled job: reports opened for the control dates set, and those past them marked overdue. */
export const reportDeadlines: JobHandler = {
  descriptionKey: 'server.jobs.handlers.reportDeadlines',
  schedule: { code: 'reportDeadlines', cron: '*/10 * * * *', timeoutSeconds: 300 },
  async run(db, { now, signal }) {
    const counts = await markReportDeadlines(db, now, undefined, signal);
    return { key: 'server.jobs.messages.reportDeadlines', params: counts };
  },
};
