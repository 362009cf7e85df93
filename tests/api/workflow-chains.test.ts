import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCreditCode } from '../../domain/credit-code';
import { workflowDeclarations } from '../../machines/workflows/registry';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
const PAGE = 'baseManage.agentApprovalProcessConfig';

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
});
afterAll(() => t.close());

const configRow = async (processType: string) => {
  const { body } = await t.post(
    '/customerProcessConfig/search',
    { PageID: PAGE, ExtProcessType_SDK: processType, pageSize: 10 },
    admin,
  );
  return body.results[0] as Record<string, unknown>;
};

const application = (n: number) => ({
  ExtChannelSmallType_SDK: 'CCP',
  Name: `苏州链路测试${n}电脑有限公司`,
  ExtCreditCode_SDK: makeCreditCode(`91320500MA1M7Q8Y${n}`),
  ExtLegalRepresentative_SDK: '周启明',
  ProvinceCode: '320000',
  Address: '苏州市人民路1号',
  ContactName: '周启明',
  ContactPhone: `1380000010${n}`,
  Email: `chain${n}@agent.example`,
});
const stepsOf = async (number: string, phone: string) =>
  (await t.post('/registrationInfo/progress', { RegistrationNo: number, ContactPhone: phone })).body.results
    .Steps as string[];

describe('chains as configuration', () => {
  it('lists a seeded chain for every process type of every declared workflow', async () => {
    const { body } = await t.post('/customerProcessConfig/search', { PageID: PAGE, pageSize: 100 }, admin);
    const types = new Set(body.results.map((r: { ExtProcessType_SDK: string }) => r.ExtProcessType_SDK));
    for (const declaration of workflowDeclarations)
      for (const chain of declaration.chains) expect(types, declaration.name).toContain(chain.processType);
    const ccp = await configRow('111');
    expect([ccp.firstRole, ccp.secondRole, ccp.thirdRole, ccp.Enabled]).toEqual([
      'JS010',
      'JS018',
      'JS014',
      true,
    ]);
  });

  it('gives new applications the edited chain while a running one keeps the chain it started with', async () => {
    const before = await t.post('/registrationInfo/register', application(1));
    expect(before.body.state, before.body.message).toBe(true);
    const row = await configRow('111');
    const edited = await t.post(
      '/customerProcessConfig/update',
      { ObjectID: row.ObjectID, Version: row.Version, secondRole: 'JS014', thirdRole: '' },
      admin,
    );
    expect(edited.body.state, edited.body.message).toBe(true);
    const after = await t.post('/registrationInfo/register', application(2));
    expect(after.body.state, after.body.message).toBe(true);

    expect(await stepsOf(before.body.results.RegistrationNo, application(1).ContactPhone)).toEqual([
      'preReview',
      'qualificationReview',
      'riskReview',
      'toSign',
      'active',
    ]);
    expect(await stepsOf(after.body.results.RegistrationNo, application(2).ContactPhone)).toHaveLength(4);
    const stream = await sql<{ chain: { role: string }[] }>`select state->'context'->'chain' as chain
      from workflow_stream where subject_id = ${after.body.results.ObjectID}`.execute(t.database.db);
    expect(stream.rows[0].chain.map((s) => s.role)).toEqual(['JS010', 'JS014']);
  });

  it('refuses a chain nobody could decide, naming the field, and writes nothing', async () => {
    const row = await configRow('121');
    const wrongPerson = await t.post(
      '/customerProcessConfig/update',
      { ObjectID: row.ObjectID, Version: row.Version, secondName: 'channel' },
      admin,
    );
    expect([wrongPerson.status, wrongPerson.body.message]).toEqual([
      400,
      '审批流程配置中 channel（secondName）不属于该步骤的角色，请修改配置',
    ]);
    const gap = await t.post(
      '/customerProcessConfig/update',
      { ObjectID: row.ObjectID, Version: row.Version, secondRole: '', thirdRole: 'JS017' },
      admin,
    );
    expect([gap.status, gap.body.message]).toEqual([400, 'secondRole必填']);
    const empty = await t.post(
      '/customerProcessConfig/create',
      { ExtProcessType_SDK: '171', ProvinceName: '江苏省', Enabled: false },
      admin,
    );
    expect([empty.status, empty.body.message]).toEqual([400, 'firstRole必填']);
    const twin = await t.post(
      '/customerProcessConfig/create',
      { ExtProcessType_SDK: '121', firstRole: 'JS018', Enabled: true },
      admin,
    );
    expect(twin.status).toBe(400);
    expect(twin.body.message).toContain('启用');
    const unchanged = await configRow('121');
    expect([unchanged.Version, unchanged.secondRole, unchanged.thirdRole]).toEqual([
      row.Version,
      'JS018',
      undefined,
    ]);
  });
});
