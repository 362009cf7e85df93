import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowActor } from '../../machines/workflows/actor';
import { defaultRegistrationChain } from '../../machines/workflows/registration.workflow';
import { dispatch, startStream } from '../../server/workflows/engine';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
let rsp: string;
let ops: string;

const applicant: WorkflowActor = { id: 'e-applicant', name: '陈省代', role: 'JS002' };
const desk: WorkflowActor = { id: 'e-ops', name: '钱商务', role: 'JS013' };
const finance: WorkflowActor = { id: 'e-fin', name: '孙财务', role: 'JS014' };
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  // An approval: submitted, agreed by the desk, returned by finance with a reason, resubmitted.
  await startStream(db, {
    streamId: 'PH-1',
    workflow: 'approval',
    subject: ['specialApproval', uuid(1)],
    input: { chain: ['JS013', 'JS014'], applicant },
    actor: applicant,
  });
  await dispatch(db, { streamId: 'PH-1', event: { type: 'application.submit' }, actor: applicant });
  await dispatch(db, {
    streamId: 'PH-1',
    event: { type: 'approval.agree', comment: '价格合理' },
    actor: desk,
  });
  await dispatch(db, {
    streamId: 'PH-1',
    event: { type: 'approval.return', reason: '请补充报价单' },
    actor: finance,
  });
  await dispatch(db, { streamId: 'PH-1', event: { type: 'application.submit' }, actor: applicant });
  // A registration waiting for its first review.
  await startStream(db, {
    streamId: 'PH-2',
    workflow: 'registration',
    subject: ['registrationInfo', uuid(2)],
    input: {
      chain: defaultRegistrationChain,
      applicant: { id: 'applicant:2', name: '张三', role: 'applicant' },
    },
    actor: { id: 'applicant:2', name: '张三', role: 'applicant' },
  });
  admin = await t.login('admin', 'Admin@123456');
  rsp = await t.login('rsp', 'Demo@123456');
  ops = await t.login('ops', 'Demo@123456');
});
afterAll(() => t.close());

describe('POST /processHistory/searchAll', () => {
  it('answers a stream’s events in order, each with its actor, role and comment or reason', async () => {
    const { status, body } = await t.post('/processHistory/searchAll', { streamId: 'PH-1' }, admin);
    expect(status).toBe(200);
    const rows = body.results as Record<string, any>[];
    expect(rows.map((r) => [r.Seq, r.Type, r.ActorName, r.Role])).toEqual([
      [1, 'workflow.started', '陈省代', 'JS002'],
      [2, 'application.submit', '陈省代', 'JS002'],
      [3, 'approval.agree', '钱商务', 'JS013'],
      [4, 'approval.return', '孙财务', 'JS014'],
      [5, 'application.submit', '陈省代', 'JS002'],
    ]);
    expect(rows[2].Comment).toBe('价格合理');
    expect(rows[3].Reason).toBe('请补充报价单');
    expect(rows[3].RoleName).toBe('财务');
    expect(rows[0].Payload.input.chain).toEqual(['JS013', 'JS014']);
    expect(new Date(rows[4].At).getTime()).toBeGreaterThanOrEqual(new Date(rows[0].At).getTime());
  });

  it('finds the history by its subject record too, and names the roles in the caller’s language', async () => {
    const { body } = await t.post(
      '/processHistory/searchAll',
      { subjectResource: 'specialApproval', subjectId: uuid(1) },
      admin,
      { 'accept-language': 'en' },
    );
    expect(body.results.map((r: { Type: string }) => r.Type)).toHaveLength(5);
    expect(body.results[3].RoleName).toBe('Finance');
  });

  it('names what is missing or unknown instead of failing', async () => {
    const missing = await t.post('/processHistory/searchAll', {}, admin);
    expect([missing.status, missing.body.state]).toEqual([400, false]);
    expect(missing.body.message).toContain('流程记录');
    const unknown = await t.post('/processHistory/searchAll', { streamId: 'PH-404' }, admin);
    expect([unknown.status, unknown.body.message]).toEqual([404, '流程不存在']);
  });

  it('refuses staff without the viewer page who cannot see the subject record', async () => {
    const agent = await t.post('/processHistory/searchAll', { streamId: 'PH-2' }, rsp);
    expect([agent.status, agent.body.state]).toEqual([403, false]);
    // ops holds the special-price pages, but this subject record is not one it can open.
    const desk = await t.post('/processHistory/searchAll', { streamId: 'PH-1' }, ops);
    expect([desk.status, desk.body.state]).toEqual([403, false]);
  });
});

describe('POST /workflowStream/search', () => {
  it('lists the streams with workflow, status, subject and who started them', async () => {
    const { body } = await t.post('/workflowStream/search', { currentPage: 1, pageSize: 10 }, admin);
    expect(body.state).toBe(true);
    const byId = new Map(body.results.map((r: { StreamID: string }) => [r.StreamID, r]));
    expect(byId.get('PH-1')).toMatchObject({
      Workflow: 'approval',
      Status: 'inApproval',
      PendingRole: 'JS013',
      SubjectResource: 'specialApproval',
      SubjectID: uuid(1),
      Version: 5,
      StartedBy: '陈省代',
    });
    expect(byId.get('PH-2')).toMatchObject({ Workflow: 'registration', Status: 'inReview' });
    expect(body.totalSize).toBeGreaterThanOrEqual(2);
  });

  it('filters by workflow and stream id', async () => {
    const { body } = await t.post(
      '/workflowStream/search',
      { workflow: 'registration', streamId: 'PH' },
      admin,
    );
    expect(body.results.map((r: { StreamID: string }) => r.StreamID)).toEqual(['PH-2']);
    expect(body.totalSize).toBe(1);
  });

  it('is refused to an RSP agent', async () => {
    const { status, body } = await t.post('/workflowStream/search', {}, rsp);
    expect([status, body.state]).toEqual([403, false]);
  });
});

describe('POST /oaProcessInformation/search', () => {
  it('shows a record’s approval as rows: step, approver, time and opinion', async () => {
    const { body } = await t.post('/oaProcessInformation/search', { ObjectID: uuid(1), pageSize: 3 }, admin);
    expect(body.totalSize).toBe(5);
    expect(body.results).toHaveLength(3);
    expect(body.results[2]).toMatchObject({
      ProcessName: 'approval',
      NodeName: 'approval.agree',
      ApproverName: '钱商务',
      Opinion: '价格合理',
    });
  });
});
