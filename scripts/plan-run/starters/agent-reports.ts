import { ReportType } from '../../../domain/codes/reports.codes';
import { ROLE } from '../../../domain/roles';
import type { WorkflowActor } from '../../../machines/workflows/actor';
import { findWorkflow } from '../../../machines/workflows/registry';
import type { Cast } from '../cast';
import type { PortalCalls } from '../portal';
import type { Starter } from '../run-plan';
import { asTheJob } from './in-process';
import { applicantAccount, createdId, jobRunNow, ownCompany } from './kit';

/** The desk that sets the reports' control dates: not a person of any report workflow's example. */
const CONTROL_DESK: WorkflowActor = {
  id: 'plan-control-desk',
  name: 'Sales operations',
  role: ROLE.salesOperations,
};

let periods = 0;

/** The first person of a role in a workflow's example: the demo login of the role, as the cast plays it. */
function personOf(workflow: string, role: string): WorkflowActor {
  const found = findWorkflow(workflow)?.example.actors.find((a) => a.role === role);
  if (!found) throw new Error(`${workflow} names no ${role} in its example`);
  return found;
}

/** A period far ahead that no other path of the run opened a report for. */
function futurePeriod() {
  periods += 1;
  const year = 2090 + (Math.floor(Date.now() / 60_000) % 9);
  return `${year}-${String(((periods - 1) % 12) + 1).padStart(2, '0')}`;
}

/**
 * A reporting period no other path of this run (nor, most likely, an earlier run on the same portal)
 * asks about: a month of a year long past, so the control date set for it has passed.
 */
function pastPeriod() {
  periods += 1;
  const month = ((periods - 1) % 12) + 1;
  const year = 2001 + ((Math.floor(Date.now() / 60_000) + Math.floor((periods - 1) / 12)) % 18);
  return `${year}-${String(month).padStart(2, '0')}`;
}

/**
 * A late-report request as the distributor's staff ask it on its page: for a period whose control date
 * the sales operations desk set in the past (on the report control dates page, every province), so the period is locked
 * and the request is the way to report it.
 */
const lateRequest: Starter = async (portal, cast: Cast) => {
  const applicant = (await applicantAccount(cast, 'lateReportRequest')).token;
  const desk = (await cast.account(CONTROL_DESK)).token;
  const period = pastPeriod();
  const [year, month] = period.split('-').map(Number);
  const dated = await portal.post(
    '/reportControlDate/create',
    {
      PageID: 'report.salesReportControlDateEdit',
      Period: period,
      ReportType: ReportType.stock,
      ControlDate: new Date(Date.UTC(year, month, 5, 10)).toISOString(),
    },
    desk,
  );
  createdId(`control date of ${period}`, dated);
  const asked = await portal.post(
    '/lateReportRequest/create',
    {
      PageID: 'report.lateReportRequestEdit',
      AgentName: await ownCompany(portal, applicant),
      Period: period,
      ReportType: ReportType.stock,
      Reason: 'The stock count was finished after the control date',
    },
    applicant,
  );
  return createdId(`late-report request for ${period}`, asked);
};

/** The daily job that opens the reports a control date asks for and marks those not filed in time. */
const DEADLINE_JOB = 'reportDeadlines';
/** The steps only the deadline job (not filed in time) or a late request's approval take. */
const SYSTEM_STEPS = new Set(['markOverdue', 'reopenLate']);

/**
 * The distributor's stock report of a period, once the deadline job opened it. A press of "run now"
 * while an earlier run of the job is still going is taken by that run, which may have read the
 * control dates before this one was set: the job is then run once more.
 */
async function openedReport(portal: PortalCalls, cast: Cast, staff: string, period: string) {
  let message = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const failed = await jobRunNow(portal, cast, DEADLINE_JOB);
    if (failed) throw new Error(`${DEADLINE_JOB}: ${failed.status} ${failed.body?.message ?? ''}`);
    const found = await portal.post('/agentReport/search', { Period: period, pageSize: 10 }, staff);
    const report = (found.body?.results ?? []).find(
      (r: Record<string, unknown>) => r.ReportType === ReportType.stock,
    ) as Record<string, unknown> | undefined;
    if (report) return report;
    message = found.body?.message ?? '';
  }
  throw new Error(`no stock report of ${period} opened for the distributor: ${message}`);
}

/**
 * A stock report the distributor owes, as the portal opens it: the sales operations desk sets a control
 * date a month ahead for a period of its own (on the report control dates page, for every province), and the
 * deadline job, run now by the administrator, opens the report of every agent that owes it; the
 * distributor's staff find theirs on their report list. Its door takes the steps the job takes (not
 * filed in time) and a late request's approval (reopened until a day), as those send them.
 */
const owedReport: Starter = async (portal, cast) => {
  const staff = (await cast.account(personOf('agentReport', ROLE.distributor))).token;
  const desk = (await cast.account(personOf('agentReport', ROLE.salesOperations))).token;
  const period = futurePeriod();
  const dated = await portal.post(
    '/reportControlDate/create',
    {
      PageID: 'report.salesReportControlDateEdit',
      Period: period,
      ReportType: ReportType.stock,
      ControlDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    },
    desk,
  );
  createdId(`control date of ${period}`, dated);
  const report = await openedReport(portal, cast, staff, period);
  const id = String(report.ObjectID);
  return {
    id,
    door: (step) =>
      SYSTEM_STEPS.has(step.command)
        ? asTheJob(portal, staff, {
            workflow: 'agentReport',
            id,
            command: step.command,
            payload: step.payload,
          })
        : undefined,
  };
};

/** The late-report request and the agent's report, begun as their desks begin them. */
export const agentReportStarters: Record<string, Starter> = {
  lateReportRequest: lateRequest,
  agentReport: owedReport,
};
