import { SYSTEM_ACTOR, type WorkflowActor } from '../../../machines/workflows/actor';
import { findWorkflow } from '../../../machines/workflows/registry';
import type { Db } from '../../../server/db/database';
import { subjectStreamId } from '../../../server/workflows/decisions';
import { dispatch } from '../../../server/workflows/engine';
import type { PortalCalls } from '../portal';
import type { StepAnswer } from '../run-plan';

/** The database of a portal run in this process (the API test's), where the run can act as the server's jobs. */
export const databaseOf = (portal: PortalCalls) => (portal as { database?: { db?: Db } }).database?.db;

/** Where a record's workflow stands now, as its decision panel reads it (for a step taken elsewhere). */
export async function stands(
  portal: PortalCalls,
  token: string,
  workflow: string,
  id: string,
): Promise<StepAnswer> {
  const options = await portal.post('/workflow/options', { workflow, ObjectID: id }, token);
  if (options.status !== 200) return options;
  const { State, Node } = options.body.results as { State: string; Node: number | null };
  return { status: 200, body: { results: { State, Node } } };
}

/**
 * A step only the server's daily job takes, once its day has passed (a loan overdue, a visit missed, a
 * report not filed): a run cannot wait for that day, so where the portal runs in this process the step
 * is sent as the job sends it, for this record only; over HTTP it is refused as a step this run cannot
 * take. Answers where the record then stands, as `token` reads it.
 */
export async function asTheJob(
  portal: PortalCalls,
  token: string,
  step: {
    workflow: string;
    id: string;
    command: string;
    payload?: Record<string, unknown>;
    actor?: WorkflowActor;
  },
): Promise<StepAnswer> {
  const db = databaseOf(portal);
  if (!db)
    return {
      status: 501,
      body: {
        message: `the daily job sends ${step.command} only once its day has passed: run in the API test`,
      },
    };
  const declaration = findWorkflow(step.workflow)!;
  await dispatch(db, {
    streamId: subjectStreamId(declaration, step.id),
    event: { ...step.payload, type: declaration.commands[step.command].event },
    actor: step.actor ?? SYSTEM_ACTOR,
  });
  return stands(portal, token, step.workflow, step.id);
}
