import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCreditCode } from '../../domain/credit-code';
import { zh } from '../../locales/zh/messages';
import { PortalError } from '../../server/http/envelope';
import {
  dispatch,
  loadStream,
  rebuildProjections,
  startStream,
  verifyEvents,
} from '../../server/workflows/engine';
import { appendEvent } from '../../server/workflows/event-store';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
const tokens: Record<string, string> = {};
const as = async (user: string) => {
  tokens[user] ??= await t.login(user, user === 'admin' ? 'Admin@123456' : 'Demo@123456');
  return tokens[user];
};

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Registration {
  id: string;
  status: string;
  node: string;
  province: string;
}
const registrations = async () =>
  (
    await sql<Registration>`select object_id::text as id, data->>'ExtCustomerStatus_SDK' as status,
      data->>'ApprovalNode' as node, province_code as province from record
    where resource = 'registrationInfo' order by object_id`.execute(t.database.db)
  ).rows;

describe('seeded workflows', () => {
  it('gives every seeded registration a history that replays to the status its record shows', async () => {
    const admin = await as('admin');
    const rows = await registrations();
    expect(rows.length).toBe(30);
    // Waiting at each review step, returned, to sign, active, rejected and withdrawn all occur.
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['111', '131', '141', '121', '151', '161', '201', '221']),
    );
    for (const row of rows) {
      const history = await t.post(
        '/processHistory/searchAll',
        { subjectResource: 'registrationInfo', subjectId: row.id },
        admin,
      );
      expect(history.body.results[0].Type, row.id).toBe('workflow.started');
      const options = await t.post('/registrationInfo/reviewOptions', { ObjectID: row.id }, admin);
      expect(options.body.state, options.body.message).toBe(true);
      expect([options.body.results.ExtCustomerStatus_SDK, options.body.results.ApprovalNode]).toEqual([
        row.status,
        row.node,
      ]);
    }
  });

  it('lets the demo reviewer decide a seeded registration waiting at the first step', async () => {
    const waiting = (await registrations()).find((r) => r.status === '111' && r.province === '320000');
    expect(waiting).toBeDefined();
    const channel = await as('channel');
    const options = await t.post('/registrationInfo/reviewOptions', { ObjectID: waiting!.id }, channel);
    expect(options.body.results.Allowed).toEqual(
      expect.arrayContaining(['review.agree', 'review.reject', 'review.return', 'review.forward']),
    );
    const agreed = await t.post(
      '/registrationInfo/processApproval',
      { ObjectID: waiting!.id, action: 'agree', WorkflowVersion: options.body.results.WorkflowVersion },
      channel,
    );
    expect(agreed.body.results.ExtCustomerStatus_SDK).toBe('131');
  });

  it('every stream of the demo replays, none with a fact today’s rules would refuse', async () => {
    const { streams, failures, refusedToday } = await verifyEvents(t.database.db);
    const counted = await sql<{ workflow: string; n: number }>`select workflow, count(*)::int as n
      from workflow_stream group by workflow`.execute(t.database.db);
    const of = Object.fromEntries(counted.rows.map((r) => [r.workflow, r.n]));
    const receipts = await sql<{ n: number }>`select count(*)::int as n from payment_receipt`.execute(
      t.database.db,
    );
    // 30 registrations and 5 applications on agents; one stream per demo receipt; and every stream replays.
    expect(of.registration + of.customerChange).toBe(35);
    expect(of.paymentApproval).toBe(receipts.rows[0].n);
    expect(streams).toBe(counted.rows.reduce((sum, r) => sum + r.n, 0));
    expect(failures).toEqual([]);
    expect(refusedToday).toEqual([]);
  });
});

describe('the decision layer', () => {
  it('answers a record outside the caller’s scope exactly like getOne: 404, nothing written', async () => {
    const beijing = (await registrations()).find((r) => r.province !== '320000' && r.status === '111');
    expect(beijing).toBeDefined();
    const channel = await as('channel');
    const before = await sql<{ n: number }>`select count(*)::int as n from workflow_event`.execute(
      t.database.db,
    );
    const calls = [
      t.post('/registrationInfo/getOne', { ObjectID: beijing!.id }, channel),
      t.post('/registrationInfo/reviewOptions', { ObjectID: beijing!.id }, channel),
      t.post('/registrationInfo/processApproval', { ObjectID: beijing!.id, action: 'agree' }, channel),
      t.post('/workflow/options', { workflow: 'registration', ObjectID: beijing!.id }, channel),
      t.post(
        '/workflow/decide',
        { workflow: 'registration', ObjectID: beijing!.id, command: 'agree' },
        channel,
      ),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status).toBe(404);
    const after = await sql<{ n: number }>`select count(*)::int as n from workflow_event`.execute(
      t.database.db,
    );
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('names the wrong field of a command, and refuses a command the workflow does not have', async () => {
    const admin = await as('admin');
    const waiting = (await registrations()).find((r) => r.status === '111');
    const noReason = await t.post(
      '/workflow/decide',
      { workflow: 'registration', ObjectID: waiting!.id, command: 'reject', payload: { reason: ' ' } },
      admin,
    );
    // Named by its label, not its wire name.
    expect([noReason.status, noReason.body.message]).toEqual([400, `${zh.decision.fields.reason}必填`]);
    const unknown = await t.post(
      '/workflow/decide',
      { workflow: 'registration', ObjectID: waiting!.id, command: 'void' },
      admin,
    );
    expect(unknown.status).toBe(400);
    // The commands it does have, in the words of the registration's panel, never as their names.
    expect(unknown.body.message).toBe(
      '审批操作：取值不正确，可选：同意、驳回、退回补充资料、转交、重新提交、撤回申请、签署协议并开通',
    );
    const noWorkflow = await t.post('/workflow/options', { workflow: 'nope', ObjectID: waiting!.id }, admin);
    expect(noWorkflow.status).toBe(404);
  });

  it('refuses to delete a registration, running or ended: no registration page offers delete', async () => {
    const admin = await as('admin');
    const rows = await registrations();
    const running = rows.find((r) => r.status === '111')!;
    const ended = rows.find((r) => r.status === '201')!;
    for (const { id } of [running, ended]) {
      const refused = await t.post('/registrationInfo/delete', [{ ObjectID: id }], admin);
      expect(refused.status).toBe(403);
      expect((await t.post('/registrationInfo/getOne', { ObjectID: id }, admin)).status).toBe(200);
    }
  });

  it('refuses an application whose chain nobody configured, naming the process', async () => {
    const db = t.database.db;
    await sql`update record set data = data || '{"Enabled": false}'::jsonb
      where resource = 'customerProcessConfig' and data->>'ExtProcessType_SDK' = '111'`.execute(db);
    try {
      const answer = await t.post('/registrationInfo/register', {
        ExtChannelSmallType_SDK: 'CCP',
        Name: '南京测试链路电脑有限公司',
        ExtCreditCode_SDK: makeCreditCode('91320100MA1M7Q8Y3'),
        ExtLegalRepresentative_SDK: '周启明',
        ProvinceCode: '320000',
        Address: '南京市中山路1号',
        ContactName: '周启明',
        ContactPhone: '13800000001',
        Email: 'chain@agent.example',
      });
      expect([answer.status, answer.body.message]).toEqual([
        409,
        '流程「CCP注册准入」尚未配置审批链，请管理员在“代理商审批流程配置”中配置',
      ]);
      const written = await sql<{ n: number }>`select count(*)::int as n from record
        where resource = 'registrationInfo' and data->>'Name' = '南京测试链路电脑有限公司'`.execute(db);
      expect(written.rows[0].n).toBe(0);
    } finally {
      await sql`update record set data = data || '{"Enabled": true}'::jsonb
        where resource = 'customerProcessConfig' and data->>'ExtProcessType_SDK' = '111'`.execute(db);
    }
  });
});

describe('the event store', () => {
  it('refuses to update or delete an event, in the database itself', async () => {
    const db = t.database.db;
    const update = await sql`update workflow_event set type = 'x' where seq = 1`
      .execute(db)
      .then(() => 'written')
      .catch((e: Error) => e.message);
    expect(update).toMatch(/append-only/);
    const remove = await sql`delete from workflow_event`
      .execute(db)
      .then(() => 'written')
      .catch((e: Error) => e.message);
    expect(remove).toMatch(/append-only/);
  });

  it('rebuilds every projection — the stream rows and the fields mirrored onto records — exactly', async () => {
    const db = t.database.db;
    const streams = () =>
      sql`select stream_id, workflow, subject_resource, subject_id, state, status, pending_role,
        pending_person, version, updated_at from workflow_stream order by stream_id`.execute(db);
    const mirrored = () =>
      sql`select object_id, data->>'ExtCustomerStatus_SDK' as status, data->>'ApprovalNode' as node,
        data->>'ExtReturnReason_SDK' as reason from record where resource = 'registrationInfo'
        order by object_id`.execute(db);
    const [streamsBefore, mirroredBefore] = [await streams(), await mirrored()];
    expect(streamsBefore.rows.length).toBeGreaterThan(30);
    await sql`delete from workflow_stream`.execute(db);
    await sql`update record set data = data - 'ExtCustomerStatus_SDK' - 'ApprovalNode' - 'ExtReturnReason_SDK'
      where resource = 'registrationInfo'`.execute(db);
    expect(await rebuildProjections(db)).toBe(streamsBefore.rows.length);
    expect((await streams()).rows).toEqual(streamsBefore.rows);
    expect((await mirrored()).rows).toEqual(mirroredBefore.rows);
  });

  it('reports a stream whose history the machine refuses, naming the stream and the event', async () => {
    const db = t.database.db;
    const applicant = { id: 'e-applicant', name: '陈省代', role: 'JS002' };
    await startStream(db, {
      streamId: 'TJ-forged',
      workflow: 'approval',
      subject: ['specialApproval', '00000000-0000-4000-8000-00000000f0f0'],
      input: { chain: ['JS013'], applicant },
      actor: applicant,
    });
    // Written past the engine, as a faulty import would: an agreement before the application was submitted.
    await appendEvent(db, {
      stream_id: 'TJ-forged',
      seq: 2,
      type: 'approval.agree',
      payload: { actor: { id: 'x', name: 'x', role: 'JS013' } },
      actor_id: 'x',
      actor_name: 'x',
      role: 'JS013',
    });
    const { failures } = await verifyEvents(db);
    expect(failures).toEqual([
      expect.objectContaining({ streamId: 'TJ-forged', seq: 2, type: 'approval.agree' }),
    ]);
    // Its history still reads; nothing may act on a state in doubt.
    expect((await loadStream(db, 'TJ-forged')).doubt).toMatchObject({ seq: 2 });
    const acted = await dispatch(db, {
      streamId: 'TJ-forged',
      event: { type: 'application.submit' },
      actor: applicant,
    }).catch((error: unknown) => error);
    expect(acted).toBeInstanceOf(PortalError);
    expect(acted).toMatchObject({ status: 409, messageKey: 'server.workflow.unreadable' });
  });

  it('reads a recorded fact today’s rules refuse, and reports it apart without failing the stream', async () => {
    const db = t.database.db;
    const applicant = { id: 'e-applicant', name: '陈省代', role: 'JS002' };
    await startStream(db, {
      streamId: 'TJ-recorded',
      workflow: 'approval',
      subject: ['specialApproval', '00000000-0000-4000-8000-00000000f0f1'],
      input: { chain: ['JS013'], applicant },
      actor: applicant,
    });
    // Submitted by someone today's rule would not let submit: the state it led to is kept with it.
    await appendEvent(db, {
      stream_id: 'TJ-recorded',
      seq: 2,
      type: 'application.submit',
      payload: { actor: { id: 'e-desk', name: '王内勤', role: 'JS013' }, reached: 'inApproval' },
      actor_id: 'e-desk',
      actor_name: '王内勤',
      role: 'JS013',
    });
    const { failures, refusedToday } = await verifyEvents(db);
    expect(failures.map((f) => f.streamId)).not.toContain('TJ-recorded');
    expect(refusedToday).toEqual([
      expect.objectContaining({
        streamId: 'TJ-recorded',
        seq: 2,
        type: 'application.submit',
        outcome: 'followed',
      }),
    ]);
    expect((await loadStream(db, 'TJ-recorded')).snapshot.value).toBe('inApproval');
    const history = await t.post('/processHistory/searchAll', { streamId: 'TJ-recorded' }, await as('admin'));
    expect(history.body.results.map((e: { Seq: number }) => e.Seq)).toEqual([1, 2]);
  });

  it('answers a stream nothing can be read from with 409 naming it, not a server failure', async () => {
    const db = t.database.db;
    await appendEvent(db, {
      stream_id: 'TJ-unknown',
      seq: 1,
      type: 'workflow.started',
      payload: { workflow: 'teleport', input: {}, subject: ['specialApproval', 'x'] },
      actor_id: 'x',
      actor_name: 'x',
      role: 'JS013',
    });
    const answer = await t.post('/processHistory/searchAll', { streamId: 'TJ-unknown' }, await as('admin'));
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain('TJ-unknown');
    const { failures } = await verifyEvents(db);
    expect(failures).toContainEqual(
      expect.objectContaining({ streamId: 'TJ-unknown', why: 'no workflow teleport' }),
    );
  });
});
