import { ROLE } from '../../../domain/roles';
import { RUN_RESULT } from '../../../domain/scheduled-jobs';
import type { WorkflowActor } from '../../../machines/workflows/actor';
import { findWorkflow } from '../../../machines/workflows/registry';
import type { Cast } from '../cast';
import type { PortalCalls } from '../portal';
import type { StepAnswer } from '../run-plan';

/** The person who applies in a workflow's example: the plan's paths begin with their record. */
export function applicantOf(workflow: string): WorkflowActor {
  const input = findWorkflow(workflow)?.example.input as { applicant?: WorkflowActor } | undefined;
  if (!input?.applicant) throw new Error(`${workflow} names no applicant in its example`);
  return input.applicant;
}

/** The account of the workflow example's applicant, as the cast plays them. */
export const applicantAccount = (cast: Cast, workflow: string) => cast.account(applicantOf(workflow));

/** The first agent the caller may pick (the customer picker every desk has). */
export async function anAgent(portal: PortalCalls, token: string) {
  const found = await portal.post('/customerLookup/search', { pageSize: 1, currentPage: 1 }, token);
  const name = found.body?.results?.[0]?.Name as string | undefined;
  if (!name) throw new Error(`no agent to pick: ${found.body?.message}`);
  return name;
}

/** The company an agent's staff works for, as the customer picker of its pages lists it. */
export async function ownCompany(portal: PortalCalls, token: string) {
  const info = await portal.post('/user/getInfo', {}, token);
  const companyId = info.body?.results?.ExtCompanyID_SDK as string | undefined;
  const found = await portal.post('/customerLookup/search', { pageSize: 100, currentPage: 1 }, token);
  const rows = (found.body?.results ?? []) as Record<string, unknown>[];
  const own = rows.find((c) => c.ObjectID === companyId);
  if (!own?.Name)
    throw new Error(`the caller's company is not among its customers: ${found.body?.message ?? ''}`);
  return String(own.Name);
}

/** The id of a record a page created, or an error naming what the portal answered. */
export function createdId(
  what: string,
  answer: { status: number; body: { message?: string; results?: { ObjectID?: unknown } } },
) {
  if (answer.status !== 200 || answer.body?.results?.ObjectID === undefined)
    throw new Error(`${what}: ${answer.status} ${answer.body?.message ?? ''}`);
  return String(answer.body.results.ObjectID);
}

let serial = 0;

/** A text no earlier record of the run used (bank serial numbers, titles). */
export const unique = (prefix: string) => {
  serial += 1;
  return `${prefix}-${Date.now()}-${serial}`;
};

/** How long a run waits for the portal's job runner to take a run asked for now. */
const JOB_WAIT_MS = 20_000;

/**
 * A scheduled job run as production runs one on request: the administrator presses "run now" on the
 * job's page and the portal's job runner runs it with today's date. Waits for the run to be recorded:
 * nothing when it ran well, else the answer that says why not.
 */
export async function jobRunNow(
  portal: PortalCalls,
  cast: Cast,
  handler: string,
): Promise<StepAnswer | undefined> {
  const admin = (await cast.account({ id: 'admin', name: 'Administrator', role: ROLE.systemAdmin })).token;
  const found = await portal.post('/cronJob/search', { Handler: handler, pageSize: 1 }, admin);
  const job = found.body?.results?.[0]?.ObjectID as string | undefined;
  if (!job) return found;
  const runs = async () => {
    const read = await portal.post('/cronJob/runs', { ObjectID: job, pageSize: 1 }, admin);
    return { total: Number(read.body?.totalSize ?? 0), last: read.body?.results?.[0] };
  };
  let before = (await runs()).total;
  let asked = await portal.post('/cronJob/runNow', { ObjectID: job }, admin);
  // A run already going (another path's press, the schedule) refuses the press with 409: wait for it to
  // end, then press again, so this run reads what the path has just written.
  for (const until = Date.now() + JOB_WAIT_MS; asked.status === 409 && Date.now() < until; ) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    before = (await runs()).total;
    asked = await portal.post('/cronJob/runNow', { ObjectID: job }, admin);
  }
  if (asked.status !== 200) return asked;
  for (const until = Date.now() + JOB_WAIT_MS; Date.now() < until; ) {
    const now = await runs();
    if (now.total > before && now.last?.FinishedOn) {
      if (now.last.Outcome === RUN_RESULT.ok) return undefined;
      return { status: 500, body: { message: `${handler}: ${now.last.Message ?? now.last.Outcome}` } };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { status: 504, body: { message: `${handler}: no job runner took the run asked for now` } };
}
