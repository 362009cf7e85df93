import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../domain/business-clock';
import { makeCreditCode } from '../../domain/credit-code';
import { zh } from '../../locales/zh/messages';
import { addMonths } from '../../machines/workflows/customer-change.rules';
import { registrationForm } from './agent-registration-form';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
async function reviewAs(
  username: string,
  objectId: string,
  action: string,
  extra: Record<string, unknown> = {},
) {
  const token = await t.login(username, username === 'admin' ? 'Admin@123456' : 'Demo@123456');
  return t.post('/registrationInfo/processApproval', { ObjectID: objectId, action, ...extra }, token);
}

async function registered(overrides: Record<string, unknown> = {}) {
  const answer = await t.post('/registrationInfo/register', registrationForm(overrides));
  expect(answer.body.state, answer.body.message).toBe(true);
  const number = answer.body.results.RegistrationNo as string;
  const row = await sql<{
    object_id: string;
  }>`select object_id::text from record where resource = 'registrationInfo' and data->>'RegistrationNo' = ${number}`.execute(
    t.database.db,
  );
  return { number, id: row.rows[0].object_id };
}

beforeAll(async () => {
  t = await startTestApp();
  // The reviewers of the default chain: channel manager, channel department, finance.
  await t.database.db
    .updateTable('employee')
    .set({ role_code: 'JS018' })
    .where('username', '=', 'channeldept')
    .execute();
});
afterAll(() => t.close());

describe('public registration', () => {
  it('numbers the application ZR<yyyyMMdd><seq> and shows its progress by number and phone', async () => {
    const { number } = await registered();
    expect(number).toMatch(/^ZR\d{8}\d{4}$/);
    const seen = await t.post('/registrationInfo/progress', {
      RegistrationNo: number,
      ContactPhone: '13912345678',
    });
    expect(seen.body.results).toMatchObject({ State: 'inReview', CurrentStep: 'preReview', StepIndex: 0 });
    expect(seen.body.results.Steps).toEqual([
      'preReview',
      'qualificationReview',
      'riskReview',
      'toSign',
      'active',
    ]);
    const wrongPhone = await t.post('/registrationInfo/progress', {
      RegistrationNo: number,
      ContactPhone: '13900000000',
    });
    expect(wrongPhone.status).toBe(404);
  });

  it('refuses a wrong credit code, a code already in use, a bad region and missing fields, by name', async () => {
    const bad = await t.post(
      '/registrationInfo/register',
      registrationForm({ ExtCreditCode_SDK: '91110000600037341X' }),
    );
    expect(bad.body).toEqual({ state: false, message: '统一社会信用代码不正确，请核对后重新输入' });
    const code = makeCreditCode('91320100MA1999999');
    await registered({ ExtCreditCode_SDK: code });
    const twice = await t.post('/registrationInfo/register', registrationForm({ ExtCreditCode_SDK: code }));
    expect([twice.status, twice.body.message]).toEqual([409, '该统一社会信用代码已注册或正在审核中']);
    const region = await t.post('/registrationInfo/register', registrationForm({ CityCode: '110100' }));
    expect(region.body.message).toBe('城市：所选地区不存在');
    const missing = await t.post('/registrationInfo/register', registrationForm({ Email: undefined }));
    expect(missing.body.message).toBe(`${zh.field.common.Email}必填`);
  });
});

describe('the bank account the agreement names', () => {
  const bank = { ExtBankName_SDK: '招商银行南京分行', ExtBankAccountName_SDK: '南京云启信息技术有限公司' };

  it('refuses a malformed account number or an account without its bank, naming the field, and writes nothing', async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from record
      where resource = 'registrationInfo'`.execute(t.database.db);
    for (const number of ['6222-02x1-0001', '1234567', '1'.repeat(33)]) {
      const bad = await t.post(
        '/registrationInfo/register',
        registrationForm({ ...bank, ExtBankAccount_SDK: number }),
      );
      expect([bad.status, bad.body.message]).toEqual([
        400,
        '银行账号：须为 8 到 32 位数字（可用空格或短横线分组）',
      ]);
    }
    const english = await t.post(
      '/registrationInfo/register',
      registrationForm({ ...bank, ExtBankAccount_SDK: 'IBAN-DE00' }),
      undefined,
      { 'accept-language': 'en' },
    );
    expect(english.body.message).toBe(
      'Account number: must be 8 to 32 digits (spaces or hyphens between groups are fine)',
    );
    const noBank = await t.post(
      '/registrationInfo/register',
      registrationForm({
        ExtBankAccountName_SDK: bank.ExtBankAccountName_SDK,
        ExtBankAccount_SDK: '125903887710601',
      }),
    );
    expect([noBank.status, noBank.body.message]).toEqual([400, '开户银行必填']);
    const after = await sql<{ n: number }>`select count(*)::int as n from record
      where resource = 'registrationInfo'`.execute(t.database.db);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('keeps the account number as digits, grouped as typed or not', async () => {
    const { number } = await registered({ ...bank, ExtBankAccount_SDK: '1259 0388-7710 601' });
    const row = await sql<{ account: string }>`select data->>'ExtBankAccount_SDK' as account from record
      where resource = 'registrationInfo' and data->>'RegistrationNo' = ${number}`.execute(t.database.db);
    expect(row.rows[0].account).toBe('125903887710601');
  });
});

describe('review along the configured chain', () => {
  it('approve at each step → to sign → signed: an active RSP with its account', async () => {
    const { number, id } = await registered();
    expect((await reviewAs('channel', id, 'agree')).body.results.ExtCustomerStatus_SDK).toBe('131');
    expect((await reviewAs('channeldept', id, 'agree')).body.results.ExtCustomerStatus_SDK).toBe('141');
    expect((await reviewAs('finance', id, 'agree')).body.results.State).toBe('toSign');
    const admin = await t.login('admin', 'Admin@123456');
    const signed = await t.post('/registrationInfo/signAgreement', { ObjectID: id }, admin);
    expect(signed.body.results.AccountID).toMatch(/^KH\d{12}$/);
    const customer = await t.post('/customer/getOne', { ObjectID: signed.body.results.CustomerID }, admin);
    // The first agreement runs a year from the day it is signed (business time zone).
    const today = businessDay();
    expect(customer.body.results[0]).toMatchObject({
      ExtChannelSmallType_SDK: 'RSP',
      ExtCustomerStatus_SDK: '161',
      ExtAgreementStartDate_SDK: today,
      ExtAgreementEndDate_SDK: addMonths(today, 12),
    });
    const progress = await t.post('/registrationInfo/progress', {
      RegistrationNo: number,
      ContactPhone: '13912345678',
    });
    expect(progress.body.results.State).toBe('active');
  });

  it('return for documents → the applicant resubmits under the same number → review starts again', async () => {
    const { number, id } = await registered();
    const noReason = await reviewAs('channel', id, 'return');
    expect(noReason.body.message).toBe(`${zh.decision.fields.reason}必填`);
    expect(
      (await reviewAs('channel', id, 'return', { reason: '请补充营业执照' })).body.results
        .ExtCustomerStatus_SDK,
    ).toBe('121');
    const seen = await t.post('/registrationInfo/progress', {
      RegistrationNo: number,
      ContactPhone: '13912345678',
    });
    expect(seen.body.results).toMatchObject({ State: 'supplement', Reason: '请补充营业执照' });
    const again = await t.post('/registrationInfo/resubmit', {
      RegistrationNo: number,
      ContactPhone: '13912345678',
      Address: '南京市玄武区',
    });
    expect(again.body.results.State).toBe('inReview');
  });

  it('refuses a decision from the wrong role and a reject without reason; a reject with reason ends it', async () => {
    const { id } = await registered();
    const wrong = await reviewAs('finance', id, 'agree');
    expect([wrong.status, wrong.body.message]).toEqual([403, '当前步骤需由角色 渠道经理 处理']);
    const rejected = await reviewAs('channel', id, 'reject', { reason: '资质不符' });
    expect(rejected.body.results.State).toBe('rejected');
    const late = await reviewAs('channel', id, 'agree');
    expect([late.status, late.body.message]).toEqual([409, '当前状态（已驳回）不能执行该操作']);
  });

  it('tells the caller which decisions are open to them', async () => {
    const { id } = await registered();
    const channel = await t.login('channel', 'Demo@123456');
    const options = await t.post('/registrationInfo/reviewOptions', { ObjectID: id }, channel);
    expect(options.body.results.Allowed.sort()).toEqual([
      'review.agree',
      'review.forward',
      'review.reject',
      'review.return',
    ]);
    const finance = await t.login('finance', 'Demo@123456');
    expect(
      (await t.post('/registrationInfo/reviewOptions', { ObjectID: id }, finance)).body.results.Allowed,
    ).toEqual([]);
  });
});

describe('withdrawal by the applicant', () => {
  const query = (number: string) => ({ RegistrationNo: number, ContactPhone: '13912345678' });

  it('withdraws before the first decision; the progress then shows it withdrawn, and nothing more is allowed', async () => {
    const { number, id } = await registered();
    const before = await t.post('/registrationInfo/progress', query(number));
    expect(before.body.results.MayWithdraw).toBe(true);
    const wrongPhone = await t.post('/registrationInfo/withdraw', {
      ...query(number),
      ContactPhone: '13900000000',
    });
    expect(wrongPhone.status).toBe(404);
    const done = await t.post('/registrationInfo/withdraw', query(number));
    expect([done.body.message, done.body.results.State]).toEqual(['申请已撤回', 'withdrawn']);
    const after = await t.post('/registrationInfo/progress', query(number));
    expect(after.body.results).toMatchObject({ State: 'withdrawn', MayWithdraw: false, StepIndex: null });
    const twice = await t.post('/registrationInfo/withdraw', query(number));
    expect([twice.status, twice.body.message]).toEqual([409, '当前状态（已撤回）不能执行该操作']);
    const late = await reviewAs('channel', id, 'agree');
    expect(late.status).toBe(409);
  });

  it('refuses once a reviewer has decided, and allows it again while the application is returned', async () => {
    const { number, id } = await registered();
    await reviewAs('channel', id, 'agree');
    const decided = await t.post('/registrationInfo/withdraw', query(number));
    expect([decided.status, decided.body.message]).toEqual([409, '该申请已有审核意见，不能再撤回']);
    expect((await t.post('/registrationInfo/progress', query(number))).body.results.MayWithdraw).toBe(false);
    await reviewAs('channeldept', id, 'return', { reason: '请补充营业执照' });
    expect((await t.post('/registrationInfo/progress', query(number))).body.results.MayWithdraw).toBe(true);
    const done = await t.post('/registrationInfo/withdraw', query(number));
    expect(done.body.results.State).toBe('withdrawn');
  });
});

describe('a review step that names a person', () => {
  it('only the named approver decides it; a colleague of the same role is refused by name', async () => {
    // A second channel manager, so that the role alone no longer says who decides.
    await t.database.db
      .updateTable('employee')
      .set({ role_code: 'JS010' })
      .where('username', '=', 'province')
      .execute();
    const admin = await t.login('admin', 'Admin@123456');
    const config = await t.post(
      '/customerProcessConfig/create',
      {
        ExtProcessType_SDK: '111',
        ExtChannelSmallType_SDK: 'CCP',
        ProvinceName: '江苏省',
        firstName: '李省区',
        Enabled: true,
      },
      admin,
    );
    expect(config.body.state, config.body.message).toBe(true);
    const { id } = await registered({ ExtChannelSmallType_SDK: 'CCP' });

    const channel = await t.login('channel', 'Demo@123456');
    const options = await t.post('/registrationInfo/reviewOptions', { ObjectID: id }, channel);
    expect(options.body.results).toMatchObject({ Allowed: [], Approver: '李省区' });
    const wrong = await reviewAs('channel', id, 'agree');
    expect([wrong.status, wrong.body.message]).toEqual([403, '当前步骤需由 李省区 处理']);

    const named = await reviewAs('province', id, 'agree');
    expect(named.body.results.State, named.body.message).toBe('toSign');
  });

  it('the named approver may forward the step to a colleague of the role, who then decides it', async () => {
    const { id } = await registered({ ExtChannelSmallType_SDK: 'CCP' });
    const ids = await t.database.db
      .selectFrom('employee')
      .select(['username', sql<string>`object_id::text`.as('id')])
      .where('username', 'in', ['channel', 'finance', 'province'])
      .execute();
    const idOf = (username: string) => ids.find((e) => e.username === username)?.id;
    // Another role, oneself, nobody: the machine refuses each on the directory's facts, naming the field.
    for (const to of [idOf('finance'), idOf('province'), '00000000-0000-0000-0000-000000000000']) {
      const refused = await reviewAs('province', id, 'forward', { to });
      expect([refused.status, refused.body.message, refused.body.field]).toEqual([
        400,
        '只能转交给同一角色的其他在职员工',
        'to',
      ]);
    }
    const forwarded = await reviewAs('province', id, 'forward', { to: idOf('channel') });
    expect(forwarded.body.state, forwarded.body.message).toBe(true);
    // The event carries the directory's facts, whatever name a body might send.
    const stored = await sql<{ payload: Record<string, unknown> }>`select payload from workflow_event
      where type = 'review.forward' and stream_id = ${`registration-${id}`}`.execute(t.database.db);
    expect(stored.rows[0]?.payload).toMatchObject({ to: idOf('channel'), toRole: 'JS010', toName: '王渠道' });
    expect((await reviewAs('province', id, 'agree')).status).toBe(403);
    expect((await reviewAs('channel', id, 'agree')).body.results.State).toBe('toSign');
  });
});
