import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { zh } from '../../locales/zh/messages';
import { addMonths } from '../../machines/workflows/customer-change.rules';
import { registrationChainFor } from '../../server/workflows/chains';
import { rebuildProjections } from '../../server/workflows/engine';
import { labelFor } from './field-named';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
const tokens: Record<string, string> = {};
const JIANGSU = '320000';

async function patch(path: string, body: unknown, token: string) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/portal${path}`,
    payload: body as object,
    headers: { 'x-token': token },
  });
  return { status: response.statusCode, body: response.json() };
}

/** An agent no test has touched yet, moved to Jiangsu where the demo's province staff work. */
const used = new Set<string>();
async function agent(where: ReturnType<typeof sql<boolean>>) {
  const rows = await sql<{ id: string }>`select object_id::text as id from customer
    where ${where}
      -- Agents with demo applications of their own are left to the demo.
      and not exists (select 1 from workflow_stream s where s.subject_id = customer.object_id)
    order by province_code = ${JIANGSU} desc, account_id`.execute(t.database.db);
  const found = rows.rows.find((r) => !used.has(r.id));
  if (!found) throw new Error('no agent left for this test');
  used.add(found.id);
  await sql`update customer set province_code = ${JIANGSU} where object_id = ${found.id}`.execute(
    t.database.db,
  );
  return found.id;
}
const activeCcp = () => agent(sql<boolean>`channel_type = 'CCP' and status = '161'`);
const customer = async (id: string) =>
  (await t.post('/customer/getOne', { ObjectID: id }, tokens.ops)).body.results[0];
const decideAs = (who: string, id: string, action: string, extra: Record<string, unknown> = {}) =>
  t.post('/customer/processApproval', { ObjectID: id, action, ...extra }, tokens[who]);

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'channel', 'channeldept', 'province', 'vp', 'finance'])
    tokens[user] = await t.login(user, 'Demo@123456');
  tokens.admin = await t.login('admin', 'Admin@123456');
});
afterAll(() => t.close());

describe('agent lifecycle applications', () => {
  it('renews along the default chain, refusing the wrong role, and extends the agreement on approval', async () => {
    const id = await activeCcp();
    const before = await customer(id);
    const applied = await t.post('/customer/renewal', { ObjectID: id, termMonths: 12 }, tokens.ops);
    expect(applied.body.state).toBe(true);
    expect(applied.body.results.State).toBe('inApproval');
    expect(applied.body.results.Chain.map((s: { Role: string }) => s.Role)).toEqual(['JS010', 'JS018']);

    const early = await decideAs('channeldept', id, 'agree');
    expect(early.status).toBe(403);
    expect(early.body.message).toContain('渠道经理');

    const first = await decideAs('channel', id, 'agree');
    expect([first.body.results.State, first.body.results.Node]).toEqual(['inApproval', 1]);
    expect((await customer(id)).ExtAgreementEndDate_SDK).toBe(before.ExtAgreementEndDate_SDK);

    const last = await decideAs('channeldept', id, 'agree');
    expect(last.body.results.State).toBe('approved');
    const today = businessDay();
    const from = [String(before.ExtAgreementEndDate_SDK), today].sort()[1];
    const after = await customer(id);
    expect(after.ExtAgreementEndDate_SDK).toBe(addMonths(from, 12));
    expect(after.ExtCustomerStatus_SDK).toBe('161');

    const none = await decideAs('channeldept', id, 'agree');
    expect([none.status, none.body.message]).toEqual([404, '该代理商没有审批中的申请']);
  });

  it('certifies an agent as senior on approval, and refuses a second application while one is open', async () => {
    const id = await activeCcp();
    await sql`update customer set data = data || '{"ExtSeniorCertified_SDK": false}'::jsonb where object_id = ${id}`.execute(
      t.database.db,
    );
    expect((await t.post('/customer/seniorCertification', { ObjectID: id }, tokens.ops)).body.state).toBe(
      true,
    );
    const second = await t.post('/customer/renewal', { ObjectID: id, termMonths: 24 }, tokens.ops);
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('高级认证');
    await decideAs('channel', id, 'agree');
    await decideAs('channeldept', id, 'agree');
    expect((await customer(id)).ExtSeniorCertified_SDK).toBe(true);
    const again = await t.post('/customer/seniorCertification', { ObjectID: id }, tokens.ops);
    expect([again.status, again.body.message]).toEqual([409, '该代理商已通过高级认证']);
  });

  it('refuses to turn an RSP that supplies CCPs into a CCP, and converts a CCP into an RSP', async () => {
    const rsp = await agent(
      sql<boolean>`channel_type = 'RSP' and status = '161' and exists (select 1 from customer d where d.parent_id = customer.object_id and d.status <> '221')`,
    );
    const refused = await patch('/customer/convert', { ObjectID: rsp, to: 'CCP' }, tokens.ops);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/该省级代理下还有 \d+ 家城市代理/);

    const ccp = await activeCcp();
    const applied = await patch('/customer/convert', { ObjectID: ccp, to: 'RSP' }, tokens.ops);
    expect(applied.body.results.Chain.map((s: { Role: string }) => s.Role)).toEqual(['JS011', 'JS018']);
    const locked = await t.post('/customer/searchLockRsp', { pageSize: 100 }, tokens.ops);
    expect(locked.body.results.some((r: { ObjectID: string }) => r.ObjectID === ccp)).toBe(false);
    await decideAs('province', ccp, 'agree');
    await decideAs('channeldept', ccp, 'agree');
    const after = await customer(ccp);
    expect([after.ExtChannelSmallType_SDK, after.ExtCustomerType_SDK]).toEqual(['RSP', '111']);
  });

  it('suspends with a reason, lists the RSP as locked, and reinstates it', async () => {
    const rsp = await agent(sql<boolean>`channel_type = 'RSP' and status = '161'`);
    const noReason = await t.post('/customer/suspend', { ObjectID: rsp }, tokens.ops);
    expect([noReason.status, noReason.body.message]).toEqual([400, `${zh.decision.fields.reason}必填`]);
    await t.post('/customer/suspend', { ObjectID: rsp, reason: '窜货' }, tokens.ops);
    const inProcess = await t.post('/customer/searchProcessCustomer', { pageSize: 100 }, tokens.ops);
    expect(inProcess.body.results.find((r: { ObjectID: string }) => r.ObjectID === rsp)).toMatchObject({
      ProcessKind: 'suspension',
      ProcessState: 'inApproval',
    });
    await decideAs('channeldept', rsp, 'agree');
    expect((await customer(rsp)).ExtCustomerStatus_SDK).toBe('181');
    const decided = await t.post('/customer/searchProcessCustomer', { pageSize: 100 }, tokens.ops);
    expect(decided.body.results.map((r: { ObjectID: string }) => r.ObjectID)).not.toContain(rsp);
    const locked = await t.post('/customer/searchLockRsp', { pageSize: 100 }, tokens.ops);
    const row = locked.body.results.find((r: { ObjectID: string }) => r.ObjectID === rsp);
    expect(row?.LockReason).toBe('suspended');
    expect(locked.body.totalSize).toBeGreaterThanOrEqual(1);
    await t.post('/customer/reinstate', { ObjectID: rsp }, tokens.ops);
    await decideAs('channeldept', rsp, 'agree');
    expect((await customer(rsp)).ExtCustomerStatus_SDK).toBe('161');
  });

  it('blacklists for at least 180 days with a reason, records the end date and keeps it locked until then', async () => {
    const id = await activeCcp();
    const short = await t.post(
      '/customer/blacklist',
      { ObjectID: id, reason: '伪造授权书', days: 90 },
      tokens.ops,
    );
    expect(short.status).toBe(400);
    expect(short.body.message).toContain(labelFor('days'));
    await t.post('/customer/blacklist', { ObjectID: id, reason: '伪造授权书', days: 180 }, tokens.ops);
    await decideAs('channeldept', id, 'agree');
    await decideAs('vp', id, 'agree');
    const after = await customer(id);
    expect(after.ExtCustomerStatus_SDK).toBe('191');
    expect(after.ExtBlacklistEndDate_SDK).toBe(addDays(businessDay(), 180));
    const lift = await t.post('/customer/reinstate', { ObjectID: id }, tokens.ops);
    expect([lift.status, lift.body.message]).toEqual([
      409,
      `黑名单期限至 ${after.ExtBlacklistEndDate_SDK}，期满后才能恢复合作`,
    ]);
  });

  it('lets the applicant withdraw before the first decision only, and returns then resubmits', async () => {
    const id = await activeCcp();
    await t.post('/customer/renewal', { ObjectID: id, termMonths: 12 }, tokens.ops);
    const stranger = await t.post('/customer/rejectCustomerCommit', { ObjectID: id }, tokens.channel);
    expect(stranger.status).toBe(403);
    await decideAs('channel', id, 'return', { reason: '请补充年审材料' });
    const resubmitted = await decideAs('ops', id, 'resubmit');
    expect(resubmitted.body.results.State).toBe('inApproval');
    await decideAs('channel', id, 'agree');
    const late = await t.post('/customer/rejectCustomerCommit', { ObjectID: id }, tokens.ops);
    expect([late.status, late.body.message]).toEqual([409, '该申请已有审批意见，不能再撤回']);
    await decideAs('channeldept', id, 'reject', { reason: '任务完成率不足' });

    const other = await activeCcp();
    await t.post('/customer/renewal', { ObjectID: other, termMonths: 12 }, tokens.ops);
    const withdrawn = await t.post('/customer/rejectCustomerCommit', { ObjectID: other }, tokens.ops);
    expect(withdrawn.body.results.State).toBe('withdrawn');
    const list = await t.post('/customer/applications', { ObjectID: other }, tokens.ops);
    expect(list.body.results.Applications[0].History.map((h: { Type: string }) => h.Type)).toEqual([
      'workflow.started',
      'application.submit',
      'application.withdraw',
    ]);
  });

  it('lets exactly one of two racing decisions on one application win', async () => {
    const id = await activeCcp();
    const applied = await t.post('/customer/renewal', { ObjectID: id, termMonths: 12 }, tokens.ops);
    const version = applied.body.results.WorkflowVersion;
    const results = await Promise.all([
      decideAs('channel', id, 'agree', { WorkflowVersion: version }),
      decideAs('channel', id, 'reject', { reason: '重复申请', WorkflowVersion: version }),
    ]);
    expect(results.filter((r) => r.body.state === true)).toHaveLength(1);
    const loser = results.find((r) => r.body.state === false)!;
    expect([loser.status, loser.body.message]).toEqual([409, '该申请刚刚已被他人处理，请刷新后查看最新状态']);
    const list = await t.post('/customer/applications', { ObjectID: id }, tokens.ops);
    expect(list.body.results.Applications[0].WorkflowVersion).toBe(version + 1);
  });

  it('follows the configured chain: named approvers in order, the second must decide', async () => {
    const config = await t.post(
      '/customerProcessConfig/create',
      {
        ExtProcessType_SDK: '131',
        ExtChannelSmallType_SDK: 'CCP',
        ProvinceName: '江苏省',
        firstName: '王渠道',
        secondName: 'vp',
        Enabled: true,
      },
      tokens.admin,
    );
    expect(config.body.state).toBe(true);
    const id = await activeCcp();
    await sql`update customer set data = data || '{"ExtSeniorCertified_SDK": false}'::jsonb where object_id = ${id}`.execute(
      t.database.db,
    );
    const applied = await t.post('/customer/seniorCertification', { ObjectID: id }, tokens.ops);
    expect(applied.body.results.Chain).toEqual([
      { Role: 'JS010', Approver: '王渠道' },
      { Role: 'JS017', Approver: '郑副总' },
    ]);
    await decideAs('channel', id, 'agree');
    const wrong = await decideAs('channeldept', id, 'agree');
    expect(wrong.status).toBe(403);
    expect((await customer(id)).ExtSeniorCertified_SDK).toBe(false);
    expect((await decideAs('vp', id, 'agree')).body.results.State).toBe('approved');
    expect((await customer(id)).ExtSeniorCertified_SDK).toBe(true);

    await t.post(
      '/customerProcessConfig/create',
      {
        ExtProcessType_SDK: '101',
        ExtChannelSmallType_SDK: 'RSP',
        ProvinceName: '江苏省',
        firstName: 'finance',
        Enabled: true,
      },
      tokens.admin,
    );
    const chain = await registrationChainFor(t.database.db, 'RSP', JIANGSU);
    expect(chain.map((s) => s.role)).toEqual(['JS014']);
    expect((await registrationChainFor(t.database.db, 'RSP', '110000')).map((s) => s.role)).toEqual([
      'JS010',
      'JS018',
      'JS014',
    ]);
  });

  it('offers suspension, blacklist and reinstatement as process types, and follows a chain configured for suspension', async () => {
    const types = await t.post('/commonSession/searchAll', { code: 'CustomerProcessType' }, tokens.admin);
    const keywords = types.body.results.map((o: Record<string, unknown>) => Object.values(o).map(String));
    for (const keyword of ['151', '161', '171'])
      expect(
        keywords.some((values: string[]) => values.includes(keyword)),
        keyword,
      ).toBe(true);

    const config = await t.post(
      '/customerProcessConfig/create',
      {
        ExtProcessType_SDK: '151',
        ExtChannelSmallType_SDK: 'RSP',
        ProvinceName: '江苏省',
        firstName: '王渠道',
        secondName: 'vp',
        Enabled: true,
      },
      tokens.admin,
    );
    expect(config.body.state).toBe(true);
    const rsp = await agent(sql<boolean>`channel_type = 'RSP' and status = '161'`);
    const listed = await t.post('/customer/applications', { ObjectID: rsp }, tokens.ops);
    expect(listed.body.results.Startable).toContain('suspension');
    expect(listed.body.results.Startable).not.toContain('reinstatement');
    const applied = await t.post('/customer/suspend', { ObjectID: rsp, reason: '窜货' }, tokens.ops);
    expect(applied.body.results.Chain).toEqual([
      { Role: 'JS010', Approver: '王渠道' },
      { Role: 'JS017', Approver: '郑副总' },
    ]);
    const pending = await t.post('/customer/applications', { ObjectID: rsp }, tokens.channel);
    expect(pending.body.results.Startable).toEqual([]);
    expect(pending.body.results.Applications[0].Allowed).toContain('approval.agree');
    await decideAs('channel', rsp, 'agree');
    await decideAs('vp', rsp, 'agree');
    expect((await customer(rsp)).ExtCustomerStatus_SDK).toBe('181');
    const suspended = await t.post('/customer/applications', { ObjectID: rsp }, tokens.ops);
    expect(suspended.body.results.Startable).toEqual(['blacklist', 'reinstatement']);
  });

  it('lists agents due for renewal within 30/60/90 days, soonest first', async () => {
    const id = await activeCcp();
    const end = addDays(businessDay(), 20);
    await sql`update customer set data = data || ${JSON.stringify({ ExtAgreementEndDate_SDK: end })}::jsonb where object_id = ${id}`.execute(
      t.database.db,
    );
    const due = await t.post('/customer/renewalDue', { pageSize: 100, window: 30 }, tokens.ops);
    expect(due.body.state).toBe(true);
    const row = due.body.results.find((r: { ObjectID: string }) => r.ObjectID === id);
    expect([row?.ReminderWindow, row?.DaysLeft]).toEqual([30, 20]);
    const days = due.body.results.map((r: { DaysLeft: number }) => r.DaysLeft);
    expect(days).toEqual([...days].sort((a, b) => a - b));
    expect(days.every((d: number) => d <= 30)).toBe(true);
    const rsp = await t.login('rsp', 'Demo@123456');
    expect((await t.post('/customer/renewalDue', {}, rsp)).status).toBe(403);
  });

  it('lists the agents with an application in process, an agent’s staff only their own company', async () => {
    const all = await t.post('/customer/searchProcessCustomer', { pageSize: 100 }, tokens.ops);
    expect(all.body.totalSize).toBeGreaterThan(0);
    expect(all.body.results.every((r: { ProcessState: string }) => r.ProcessState)).toBe(true);
    const rsp = await t.login('rsp', 'Demo@123456');
    const own = (await t.post('/customer/search', { pageSize: 100 }, rsp)).body.results.map(
      (r: { ObjectID: string }) => r.ObjectID,
    );
    const seen = await t.post('/customer/searchProcessCustomer', { pageSize: 100 }, rsp);
    expect(seen.status).toBe(200);
    for (const row of seen.body.results) expect(own).toContain(row.ObjectID);
    expect(all.body.results.some((r: { ObjectID: string }) => !own.includes(r.ObjectID))).toBe(true);
  });

  it('rebuilds the projection of every application exactly from the events', async () => {
    const db = t.database.db;
    const read = () =>
      sql<Record<string, unknown>>`select stream_id, status, pending_role, version, state from workflow_stream
        order by stream_id`.execute(db);
    const before = await read();
    expect(
      before.rows.filter((r) => String(r.stream_id).startsWith('customer-change-')).length,
    ).toBeGreaterThan(5);
    await sql`delete from workflow_stream`.execute(db);
    await rebuildProjections(db);
    expect((await read()).rows).toEqual(before.rows);
  });
});
