import { businessDay } from '../../../domain/business-clock';
import { addDays } from '../../../domain/calendar-days';
import { VisitTargetType, VisitType } from '../../../domain/codes/activity.codes';
import { OpinionType, ReportType } from '../../../domain/codes/reports.codes';
import type { WorkflowActor } from '../../../machines/workflows/actor';
import { findWorkflow } from '../../../machines/workflows/registry';
import type { Cast } from '../cast';
import type { PortalCalls } from '../portal';
import type { Door, Starter, StepAnswer } from '../run-plan';
import { asTheJob } from './in-process';
import { anAgent, createdId } from './kit';

type Row = Record<string, unknown>;

/** The person an example's input names under `key` (the visitor, the reporter). */
function personIn(workflow: string, key: string): WorkflowActor {
  const input = findWorkflow(workflow)?.example.input as Record<string, WorkflowActor> | undefined;
  if (!input?.[key]) throw new Error(`${workflow} names no ${key} in its example`);
  return input[key];
}

// ---------------------------------------------------------------------------------------------------
// Report opinions

/** The first person of a role in a workflow's example: the demo login of the role, as the cast plays it. */
function personOf(workflow: string, role: string) {
  const found = findWorkflow(workflow)?.example.actors.find((a) => a.role === role);
  if (!found) throw new Error(`${workflow} names no ${role} in its example`);
  return found;
}

/**
 * An opinion on a sales report of the demo distributor, raised on the opinion page by the reviewer of
 * the example (the channel manager) on a period the distributor has reported lines of — so its staff,
 * who reply, see it.
 */
const raisedOpinion: Starter = async (portal, cast) => {
  const declaration = findWorkflow('reportOpinion')!;
  const input = declaration.example.input as { reviewer: { id: string; role: string }; agentRole: string };
  const reviewer = (await cast.account(personOf('reportOpinion', input.reviewer.role))).token;
  const agentStaff = (await cast.account(personOf('reportOpinion', input.agentRole))).token;
  const lines = await portal.post('/salesReport/search', { pageSize: 1, currentPage: 1 }, agentStaff);
  const line = lines.body?.results?.[0] as Row | undefined;
  if (!line?.AgentName || !line.Period)
    throw new Error(`the distributor has reported no sales lines: ${lines.body?.message ?? ''}`);
  const created = await portal.post(
    '/reportOpinion/create',
    {
      PageID: 'report.opinionCreate',
      ReportType: ReportType.sales,
      AgentName: line.AgentName,
      Period: line.Period,
      OpinionType: OpinionType.dataError,
      OpinionContent: 'Quantities do not match the shipments',
    },
    reviewer,
  );
  return createdId('report opinion', created);
};

// ---------------------------------------------------------------------------------------------------
// Visits

/**
 * A visit the city manager plans on the visit form for an agent they may pick, an hour from now; its
 * own door writes the minutes on the form before the visit is recorded (the button needs them), and
 * marks it missed as the daily job does, for this visit only, where the portal runs in this process.
 */
const plannedVisit: Starter = async (portal, cast) => {
  const visitor = await cast.account(personIn('visit', 'visitor'));
  const agent = await anAgent(portal, visitor.token);
  const created = await portal.post(
    '/visit/create',
    {
      PageID: 'salesActivity.visitForm',
      VisitTargetType: VisitTargetType.agent,
      VisitType: VisitType.needsDiscussion,
      CustomerName: agent,
      PlannedStart: new Date(Date.now() + 3_600_000).toISOString(),
    },
    visitor.token,
  );
  const id = createdId('visit', created);
  return { id, door: visitDoor(portal, cast, id) };
};

function visitDoor(portal: PortalCalls, cast: Cast, id: string): Door {
  const visitor = () => cast.account(personIn('visit', 'visitor'));
  return (step) => {
    if (step.command === 'miss') return missed();
    if (step.command === 'record') return recorded();
    return undefined;
  };

  async function missed(): Promise<StepAnswer> {
    return asTheJob(portal, (await visitor()).token, { workflow: 'visit', id, command: 'miss' });
  }

  async function recorded(): Promise<StepAnswer> {
    const { token } = await visitor();
    const read = await portal.post('/visit/getOne', { ObjectID: id }, token);
    if (read.status !== 200) return read;
    const visit = read.body.results[0] as Row;
    const written = await portal.post(
      '/visit/update',
      {
        PageID: 'salesActivity.visitForm',
        ObjectID: id,
        Version: visit.Version,
        CommunicationContent: 'Went through the quarter’s stock and the coming orders',
        VisitResult: 'Agreed to send the forecast next week',
      },
      token,
    );
    if (written.status !== 200) return written;
    return portal.post(
      '/workflow/decide',
      { workflow: 'visit', ObjectID: id, command: 'record', payload: {} },
      token,
    );
  }
}

// ---------------------------------------------------------------------------------------------------
// Daily reports

/** The newest day a daily report may be written for: today, else the last working day before it. */
function newestOpenDay() {
  let day = businessDay();
  while ([0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay())) day = addDays(day, -1);
  return day;
}

let reporters = 0;

/**
 * A daily report for the newest working day still open, written on the report form by a city manager of
 * the run's own. A person writes one report a day, open up to three days back, so the demo login of the
 * role would run out of days early in the week: each path's report is a new colleague's, made by the
 * administrator where the demo city manager works, and the reporter's steps go through the record's
 * door as that colleague. The lock is sent as the daily job sends it.
 */
const writtenDailyReport: Starter = async (portal, cast) => {
  reporters += 1;
  const role = personIn('dailyReport', 'reporter');
  const { token } = await cast.account({ ...role, id: `plan-reporter-${reporters}` });
  // Sent up to the first of the reporter's managers the form's recipient picker offers.
  const managers = await portal.post('/employee/search', { Managers: true, pageSize: 1 }, token);
  const receiver = (managers.body.results as Row[] | undefined)?.[0]?.LastName;
  if (typeof receiver !== 'string') throw new Error('the reporter has no manager to send the report to');
  const created = await portal.post(
    '/dailyReport/create',
    {
      PageID: 'salesActivity.dailyWorkForm',
      ReportDate: newestOpenDay(),
      TodayWork: 'Visited two agents and followed up the open quotations',
      TomorrowPlan: 'Prepare the quarter review with the province office',
      ReceiverName: receiver,
    },
    token,
  );
  const id = createdId('daily report', created);
  return {
    id,
    door: (step) => {
      if (step.command === 'lock')
        return asTheJob(portal, token, { workflow: 'dailyReport', id, command: 'lock' });
      if (step.actor.role !== role.role) return undefined;
      return portal.post(
        '/workflow/decide',
        { workflow: 'dailyReport', ObjectID: id, command: step.command, payload: step.payload },
        token,
      );
    },
  };
};

/** The report and activity areas' workflows, each begun as its desk begins it. */
export const reportAndActivityStarters: Record<string, Starter> = {
  reportOpinion: raisedOpinion,
  visit: plannedVisit,
  dailyReport: writtenDailyReport,
};
