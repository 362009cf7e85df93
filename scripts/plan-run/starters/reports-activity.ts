import { VisitTargetType, VisitType } from '../../../domain/codes/activity.codes';
import { OpinionType, ReportType } from '../../../domain/codes/reports.codes';
import type { WorkflowActor } from '../../../machines/workflows/actor';
import { SYSTEM_ACTOR } from '../../../machines/workflows/opportunity-registration.workflow';
import { findWorkflow } from '../../../machines/workflows/registry';
import type { Db } from '../../../server/db/database';
import { subjectStreamId } from '../../../server/workflows/decisions';
import { dispatch } from '../../../server/workflows/engine';
import type { Cast } from '../cast';
import type { PortalCalls } from '../portal';
import type { Door, Starter, StepAnswer } from '../run-plan';
import { anAgent, createdId } from './kit';

type Row = Record<string, unknown>;

/** The database of a portal run in this process (the API test's), where the run can act as the server's jobs. */
const databaseOf = (portal: PortalCalls) => (portal as { database?: { db?: Db } }).database?.db;

/** Where a record's workflow stands now, as its decision panel reads it (for a step taken elsewhere). */
async function stands(portal: PortalCalls, token: string, workflow: string, id: string): Promise<StepAnswer> {
  const options = await portal.post('/workflow/options', { workflow, ObjectID: id }, token);
  if (options.status !== 200) return options;
  const { State, Node } = options.body.results as { State: string; Node: number | null };
  return { status: 200, body: { results: { State, Node } } };
}

/** The person an example's input names under `key` (the visitor, the reporter). */
function personIn(workflow: string, key: string): WorkflowActor {
  const input = findWorkflow(workflow)?.example.input as Record<string, WorkflowActor> | undefined;
  if (!input?.[key]) throw new Error(`${workflow} names no ${key} in its example`);
  return input[key];
}

/** A step the server's daily job takes, sent as the job sends it for this record only (in this process). */
async function asTheJob(portal: PortalCalls, workflow: string, id: string, command: string, token: string) {
  const db = databaseOf(portal);
  const declaration = findWorkflow(workflow)!;
  if (!db)
    return {
      status: 501,
      body: { message: `the daily job sends ${command} only once its day has passed: run in the API test` },
    };
  await dispatch(db, {
    streamId: subjectStreamId(declaration, id),
    event: { type: declaration.commands[command].event },
    actor: SYSTEM_ACTOR,
  });
  return stands(portal, token, workflow, id);
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
    return asTheJob(portal, 'visit', id, 'miss', (await visitor()).token);
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

/** The report and activity areas' workflows, each begun as its desk begins it. */
export const reportAndActivityStarters: Record<string, Starter> = {
  reportOpinion: raisedOpinion,
  visit: plannedVisit,
};
