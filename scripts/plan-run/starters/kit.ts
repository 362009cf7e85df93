import type { WorkflowActor } from '../../../machines/workflows/actor';
import { findWorkflow } from '../../../machines/workflows/registry';
import type { Cast } from '../cast';
import type { PortalCalls } from '../portal';

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
