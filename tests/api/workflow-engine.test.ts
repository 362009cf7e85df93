import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowActor } from '../../machines/workflows/actor';
import { PortalError } from '../../server/http/envelope';
import { dispatch, loadStream, rebuildProjections, startStream } from '../../server/workflows/engine';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
const applicant: WorkflowActor = { id: 'e-applicant', name: '陈省代', role: 'JS002' };
const ops: WorkflowActor = { id: 'e-ops', name: '钱商务', role: 'JS013' };
const ops2: WorkflowActor = { id: 'e-ops-2', name: '孙商务', role: 'JS013' };
const finance: WorkflowActor = { id: 'e-fin', name: '孙财务', role: 'JS014' };
const subject = (id: string): [string, string] => [
  'specialApproval',
  `00000000-0000-4000-8000-${id.padStart(12, '0')}`,
];

async function newApplication(streamId: string) {
  const db = t.database.db;
  await startStream(db, {
    streamId,
    workflow: 'approval',
    subject: subject(streamId.replace(/\D/g, '') || '1'),
    input: { chain: ['JS013', 'JS014'], applicant },
    actor: applicant,
  });
  await dispatch(db, { streamId, event: { type: 'application.submit' }, actor: applicant });
}

const refusedWith = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => undefined).catch((e) => e);
  expect(error).toBeInstanceOf(PortalError);
  return error as PortalError;
};

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the workflow engine', () => {
  it('replays the stream through the machine and follows the configured chain', async () => {
    await newApplication('TJ1');
    const db = t.database.db;
    await dispatch(db, { streamId: 'TJ1', event: { type: 'approval.agree' }, actor: ops });
    let state = await loadStream(db, 'TJ1');
    expect(state.snapshot.value).toBe('inApproval');
    expect(state.snapshot.context.node).toBe(1);
    await dispatch(db, { streamId: 'TJ1', event: { type: 'approval.agree' }, actor: finance });
    state = await loadStream(db, 'TJ1');
    expect(state.snapshot.value).toBe('approved');
    expect(state.events.map((e) => e.type)).toEqual([
      'workflow.started',
      'application.submit',
      'approval.agree',
      'approval.agree',
    ]);
    expect(state.events.map((e) => e.role)).toEqual(['JS002', 'JS002', 'JS013', 'JS014']);
  });

  it('refuses a transition not allowed now, or not for the caller role, or without a reason, and writes nothing', async () => {
    await newApplication('TJ2');
    const db = t.database.db;
    const wrongRole = await refusedWith(
      dispatch(db, { streamId: 'TJ2', event: { type: 'approval.agree' }, actor: finance }),
    );
    // The role in words: a message whose key the person's language turns into the role's name.
    expect([wrongRole.status, wrongRole.messageKey, wrongRole.params.role]).toEqual([
      403,
      'server.workflow.notYourStep',
      { key: 'decision.roles.JS013', params: {} },
    ]);
    const noReason = await refusedWith(
      dispatch(db, { streamId: 'TJ2', event: { type: 'approval.reject', reason: ' ' }, actor: ops }),
    );
    expect([noReason.status, noReason.params.field]).toEqual([400, 'reason']);
    const notNow = await refusedWith(
      dispatch(db, { streamId: 'TJ2', event: { type: 'application.void', reason: 'x' }, actor: ops }),
    );
    expect([notNow.status, notNow.messageKey]).toEqual([409, 'server.workflow.notNow']);
    expect((await loadStream(db, 'TJ2')).version).toBe(2);
  });

  it('lets exactly one of two racing approvers win; the other gets a clear refusal and nothing is lost', async () => {
    await newApplication('TJ3');
    const db = t.database.db;
    const results = await Promise.allSettled([
      dispatch(db, { streamId: 'TJ3', event: { type: 'approval.agree' }, actor: ops, expectedVersion: 2 }),
      dispatch(db, {
        streamId: 'TJ3',
        event: { type: 'approval.reject', reason: '价格过低' },
        actor: ops2,
        expectedVersion: 2,
      }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const loser = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((loser.reason as PortalError).messageKey).toBe('server.workflow.raced');
    const state = await loadStream(db, 'TJ3');
    expect(state.version).toBe(3);
    expect(state.events.filter((e) => e.seq === 3)).toHaveLength(1);
  });

  it('rebuilds the projection exactly from the events', async () => {
    const db = t.database.db;
    const before = await sql<
      Record<string, unknown>
    >`select stream_id, status, pending_role, version, state from workflow_stream order by stream_id`.execute(
      db,
    );
    await sql`delete from workflow_stream`.execute(db);
    const rebuilt = await rebuildProjections(db);
    const after = await sql<
      Record<string, unknown>
    >`select stream_id, status, pending_role, version, state from workflow_stream order by stream_id`.execute(
      db,
    );
    expect(rebuilt).toBe(before.rows.length);
    expect(after.rows).toEqual(before.rows);
  });
});
