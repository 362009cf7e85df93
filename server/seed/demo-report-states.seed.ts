import { sql } from 'kysely';
import { ReportType } from '../../domain/codes/reports.codes';
import { ROLE } from '../../domain/roles';
import type { Db } from '../db/database';
import { provinceOf } from '../reference/regions.data';
import { markReportDeadlines } from '../reports/report-deadlines.job';
import { resourceDef } from '../resources/registry';
import { createRecord } from '../resources/write';
import type { DemoWorld } from './demo-world';
import { accounts, as, at, clockAt, commandsTo, dayAfter } from './kit';
import { DEMO_TODAY } from './random';
import { words } from './story-data';

/** The month reviewed last: its reports still wait for the channel manager. */
const WAITING_PERIOD = '2026-10';
const LATE_REASON = '十月库存已于11月3日导入，月底盘点调整后漏提交，申请补报';
type Draft = { id: string; agentId: string; period: string; reportType: string; reviewer: string | null };

/**
 * The demo's reports per agent, period and type, through the commands people use (docs/imports.md
 * "Report states"): each month before the last submitted and approved by the province's channel
 * manager (one in six returned with an opinion), the last one waiting; the deadline pass on the demo's
 * today marks what was never submitted, and the demo RSP asks to report its October stock late.
 */
export async function seedReportStates(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('report-states');
  const clock = (moment: Date) => clockAt(rng, moment);
  const [ops, gd, rsp] = await Promise.all([as(db, 'ops'), as(db, 'gd'), as(db, 'rsp')]);

  // The demo's own province (Jiangsu) sets its control dates: the 5th of the next month, 18:00 (notes §7.3).
  const control = { PageID: 'report.salesReportControlDateEdit', ProvinceName: provinceOf('320000').nameZh };
  for (const Period of ['2026-08', '2026-09', '2026-10', '2026-11'])
    for (const type of Object.values(ReportType)) {
      const ControlDate = at(dayAfter(Period, 5), '18:00').toISOString();
      const body = { ...control, Period, ReportType: type, ControlDate };
      await createRecord(db, resourceDef('reportControlDate')!, ops, body, clock(at(`${Period}-01`)));
    }

  // Each province's channel manager reviews its reports: the demo account for Jiangsu.
  const reporters = new Map([gd, rsp].map((agent) => [agent.companyId, agent]));
  const drafts = await sql<Draft>`select r.object_id::text as id, r.company_id::text as "agentId",
      r.period, r.report_type as "reportType", v.username as reviewer
    from agent_report r join workflow_stream s on s.stream_id = 'agentReport-' || r.object_id::text
      left join lateral (select username from employee e where e.role_code = ${ROLE.channelManager} and e.enabled
        and e.province_code = r.province_code order by (username = 'channel') desc, username limit 1) v on true
    where s.status = 'draft' and r.period <= ${WAITING_PERIOD}
    order by r.period, r.report_type, r.agent_name`.execute(db);
  const reviewers = await accounts(db, ...new Set(drafts.rows.flatMap((d) => d.reviewer ?? [])));
  for (const [index, { id, agentId, period, reportType, reviewer }] of drafts.rows.entries()) {
    // The RSP imported its October stock but never submitted it: the deadline catches it.
    if (agentId === rsp.companyId && period === WAITING_PERIOD && reportType === ReportType.stock) continue;
    const step = commandsTo(db, 'agentReport', id, clock);
    await step(reporters.get(agentId) ?? ops, 'submit', at(dayAfter(period, 4), '17:00'));
    if (!reviewer || period === WAITING_PERIOD) continue;
    const [by, reviewed] = [reviewers.get(reviewer)!, at(dayAfter(period, 7), '10:30')];
    if (index % 6 === 5) await step(by, 'return', reviewed, { reason: rng.pick(words('reportReturns')) });
    else await step(by, 'approve', reviewed);
  }

  await markReportDeadlines(db, at(DEMO_TODAY), clock(at(DEMO_TODAY)));

  // The RSP asks to report its October stock late; the channel manager has yet to decide.
  const late = { AgentName: world.demoRsp.name, Period: WAITING_PERIOD, ReportType: ReportType.stock };
  const form = { PageID: 'report.lateReportRequestEdit', ...late, Reason: LATE_REASON };
  await createRecord(db, resourceDef('lateReportRequest')!, rsp, form, clock(at(DEMO_TODAY, '10:20')));
}
