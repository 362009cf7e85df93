import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../server/http/i18n';
import { runJobOnce } from '../../server/jobs/job-handlers';
import { protectionEndingNotices } from '../../server/opportunities/protection-ending.job';
import { startTestApp, type TestApp } from './harness';

/**
 * The outcomes of other workflows reach the bell of the people they concern, and nobody else's: a
 * special price decided tells its applicant and the opportunity's owner, a conflict decided tells both
 * registrations' owners, and a protection about to end tells its owner once, however often the job runs.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const USERS = ['rsp', 'ccp', 'province', 'ops'];
let serial = 0;
const names: Record<string, string> = {};
let product: { pn: string; StandardPrice: string };

type Notice = {
  ObjectID: string;
  Kind: string;
  Params: Record<string, string>;
  PageID: string;
  RecordID: string;
};
type Mine = { Unread: number; Notices: Notice[] };
const mine = async (user: string) => (await t.post('/notice/mine', {}, tokens[user])).body.results as Mine;
/** Everyone's notices now, to compare with what they hold after an event. */
const everyone = async () =>
  Object.fromEntries(await Promise.all(Object.keys(tokens).map(async (u) => [u, await mine(u)])));
/** What each person was told since `before`: the notices that are new to them. */
async function toldSince(before: Record<string, Mine>) {
  const after = await everyone();
  return Object.fromEntries(
    Object.keys(tokens).map((u) => {
      const known = new Set(before[u].Notices.map((n) => n.ObjectID));
      return [u, (after[u] as Mine).Notices.filter((n) => !known.has(n.ObjectID))];
    }),
  ) as Record<string, Notice[]>;
}
/** The bell's line of a notice, as the browser translates it. */
const line = (lang: 'zh' | 'en', notice: Notice) =>
  translate(lang, `notices.kinds.${notice.Kind}`, notice.Params);

beforeAll(async () => {
  t = await startTestApp();
  for (const user of USERS) tokens[user] = await t.login(user, 'Demo@123456');
  const { rows } = await sql<{ username: string; name: string }>`select e.username, c.name from employee e
    join customer c on c.object_id = e.company_id where e.username in ('rsp', 'ccp')`.execute(t.database.db);
  for (const row of rows) names[row.username] = row.name;
  // A third agent of the province, with a login of its own: it is party to none of what follows.
  const other = await sql<{ id: string }>`select c.object_id::text as id from customer c
    where c.customer_type = '111' and c.status = '161' and c.province_code = '320000'
      and c.object_id not in (select company_id from employee where username in ('rsp', 'ccp') and company_id is not null)
    order by c.name limit 1`.execute(t.database.db);
  await sql`insert into employee (username, last_name, password_hash, first_time, role_code, province_code, company_id)
    select 'outcome-other', 'Other agent staff', password_hash, false, role_code, province_code, ${other.rows[0].id}::uuid
    from employee where username = 'rsp'`.execute(t.database.db);
  tokens.other = await t.login('outcome-other', 'Demo@123456');
  // A product the sales product configuration leaves open to special prices.
  const closed = await sql<{ pn: string }>`select data->>'ProductCode' as pn from record
    where resource = 'salesProductConfig' and data->>'SpecialPriceAllowed' = 'false'`.execute(t.database.db);
  const shut = new Set(closed.rows.map((r) => r.pn));
  const prices = await t.post('/product/getStandardPrice', { keyword: '', pageSize: 50 }, tokens.rsp);
  product = (prices.body.results as { pn: string; StandardPrice: string }[]).find((p) => !shut.has(p.pn))!;
}, 120_000);
afterAll(() => t.close());

/** A registration for `owner`'s company by `user`, submitted: protected, or a conflict when the customer is held. */
async function registered(user: string, owner: string, customer: string, line = '101') {
  serial += 1;
  const created = await t.post(
    '/opportunity/create',
    {
      PageID: 'business.opportunityInfo',
      ExtOpportunitySource_SDK: '101',
      AgentName: names[owner],
      Name: `Outcome deal ${serial}`,
      ExtOppCustomerName_SDK: customer,
      ExtCustomerIndustry_SDK: '121',
      ProvinceName: 'Jiangsu',
      ProductLine: line,
      ExtOpportunityStage_SDK: '101',
      ExtBudgetAmount_SDK: '500000.00',
      ExtEstimatedSalesAmountcontent_SDK: '400000.00',
      ExtEstimatedBidDate_SDK: '2027-01-20',
      ExtRequirementDesc_SDK: 'Servers',
    },
    tokens[user],
  );
  expect(created.status, created.body.message).toBe(200);
  const id = created.body.results.ObjectID as string;
  const submitted = await t.post(
    '/workflow/decide',
    { workflow: 'opportunityRegistration', ObjectID: id, command: 'submit', payload: {} },
    tokens[user],
  );
  expect(submitted.status, submitted.body.message).toBe(200);
  return {
    id,
    no: created.body.results.ExtOpportunityNOText_SDK as string,
    state: submitted.body.results.State,
  };
}

/** A special price at 97 % of the standard price on `opportunityId`, asked by `user`. */
async function asked(opportunityId: string, user: string) {
  const fen = Math.floor((Math.round(Number(product.StandardPrice) * 100) * 97) / 100);
  const applied = await t.post(
    '/specialApproval/applyApproval',
    {
      OpportunityID: opportunityId,
      Brand: '101',
      ExtDueDate_SDK: '2026-12-20',
      ExtBidOpeningDate_SDK: '2030-01-10',
      ExtApplyReason_SDK: 'Competitor quoted lower',
      ExtChannelMargin_SDK: 'RSP 3 %',
      Lines: [{ ProductCode: product.pn, Quantity: 10, RequestedPrice: (fen / 100).toFixed(2) }],
    },
    tokens[user],
  );
  expect(applied.status, applied.body.message).toBe(200);
  return {
    id: applied.body.results.ObjectID as string,
    no: applied.body.results.ExtSpecialApprovalNo_SDK as string,
  };
}
const decide = (id: string, Command: string, extra: Record<string, unknown> = {}) =>
  t.post('/specialApproval/processApproval', { ObjectID: id, Command, ...extra }, tokens.province);

describe('a special price decided', () => {
  it('tells the applicant of the approval, naming the request and the opportunity, and nobody else', async () => {
    const opp = await registered('rsp', 'rsp', `Outcome Hospital ${Date.now()}`);
    const price = await asked(opp.id, 'rsp');
    const before = await everyone();
    const agreed = await decide(price.id, 'agree');
    expect(agreed.status, agreed.body.message).toBe(200);
    const told = await toldSince(before);
    expect(told.rsp).toHaveLength(1);
    expect(told.rsp[0]).toMatchObject({
      Kind: 'specialPriceApproved',
      Params: { no: price.no, opportunityNo: opp.no },
      PageID: 'business.specialPriceApprovalInfo',
      RecordID: price.id,
    });
    for (const user of ['ccp', 'other', 'province', 'ops']) expect(told[user], user).toEqual([]);
    expect(line('zh', told.rsp[0])).toBe(
      `特价申请 ${price.no}（商机 ${opp.no}「Outcome deal ${serial}」）已审批通过`,
    );
    expect(line('en', told.rsp[0])).toBe(
      `Special price ${price.no} (opportunity ${opp.no} “Outcome deal ${serial}”) was approved`,
    );
  });

  it('tells a return and a rejection with their reason, to the applicant and the owner when they differ', async () => {
    const opp = await registered('rsp', 'rsp', `Outcome Clinic ${Date.now()}`);
    const price = await asked(opp.id, 'rsp');
    let before = await everyone();
    expect((await decide(price.id, 'return', { Reason: 'Add the competitor quote' })).status).toBe(200);
    let told = await toldSince(before);
    expect(told.rsp.map((n) => n.Kind)).toEqual(['specialPriceReturned']);
    expect(line('zh', told.rsp[0])).toContain('已退回修改：Add the competitor quote');
    expect(line('en', told.rsp[0])).toContain('returned for changes: Add the competitor quote');
    for (const user of ['ccp', 'other', 'province', 'ops']) expect(told[user], user).toEqual([]);

    // The sales operations desk asks on the agent's deal: both the desk's applicant and the agent hear.
    const second = await registered('rsp', 'rsp', `Outcome School ${Date.now()}`);
    const byDesk = await asked(second.id, 'ops');
    before = await everyone();
    expect((await decide(byDesk.id, 'reject', { Reason: 'Price below floor' })).status).toBe(200);
    told = await toldSince(before);
    for (const user of ['rsp', 'ops']) {
      expect(
        told[user].map((n) => n.Kind),
        user,
      ).toEqual(['specialPriceRejected']);
      expect(told[user][0].Params).toMatchObject({
        no: byDesk.no,
        opportunityNo: second.no,
        reason: 'Price below floor',
      });
    }
    for (const user of ['ccp', 'other', 'province']) expect(told[user], user).toEqual([]);
    expect(line('en', told.ops[0])).toContain(`${byDesk.no} (opportunity ${second.no}`);
  });
});

describe('a conflict decided', () => {
  it('tells the owners of both registrations, each of its own, on an award and on keeping the first', async () => {
    const awarded = `Outcome Water ${Date.now()}`;
    const first = await registered('rsp', 'rsp', awarded, '111');
    const second = await registered('ccp', 'ccp', awarded, '111');
    expect(second.state).toBe('conflict');
    let before = await everyone();
    const award = await t.post(
      '/workflow/decide',
      { workflow: 'opportunityRegistration', ObjectID: second.id, command: 'award', payload: {} },
      tokens.province,
    );
    expect(award.status, award.body.message).toBe(200);
    let told = await toldSince(before);
    expect(told.ccp).toHaveLength(1);
    expect(told.ccp[0]).toMatchObject({
      Kind: 'conflictAwarded',
      Params: { no: second.no },
      RecordID: second.id,
    });
    expect(told.ccp[0].Params.until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(told.rsp).toHaveLength(1);
    expect(told.rsp[0]).toMatchObject({
      Kind: 'conflictReleased',
      Params: { no: first.no },
      RecordID: first.id,
    });
    // Each hears of its own deal only.
    expect(line('zh', told.rsp[0])).not.toContain(second.no);
    expect(line('zh', told.ccp[0])).toContain(`保护期至 ${told.ccp[0].Params.until}（北京时间）`);
    for (const user of ['other', 'province', 'ops']) expect(told[user], user).toEqual([]);

    const kept = `Outcome Grid ${Date.now()}`;
    const holder = await registered('rsp', 'rsp', kept, '121');
    const late = await registered('ccp', 'ccp', kept, '121');
    expect(late.state).toBe('conflict');
    before = await everyone();
    const keep = await t.post(
      '/workflow/decide',
      {
        workflow: 'opportunityRegistration',
        ObjectID: late.id,
        command: 'keepFirst',
        payload: { reason: 'Registered later' },
      },
      tokens.province,
    );
    expect(keep.status, keep.body.message).toBe(200);
    told = await toldSince(before);
    expect(told.ccp.map((n) => [n.Kind, n.Params.no])).toEqual([['conflictRejected', late.no]]);
    expect(told.rsp.map((n) => [n.Kind, n.Params.no])).toEqual([['conflictKept', holder.no]]);
    expect(line('en', told.ccp[0])).toContain('yours is rejected: Registered later');
    for (const user of ['other', 'province', 'ops']) expect(told[user], user).toEqual([]);
  });
});

describe('a protection about to end', () => {
  const run = async (daysAhead: number, params: Record<string, unknown> = {}) =>
    (await runJobOnce(
      t.database.db,
      protectionEndingNotices,
      new Date(Date.now() + daysAhead * 86_400_000),
      params,
    )) as { key: string; params: Record<string, unknown> };

  it('tells its owner once for its end date, however often the job runs', async () => {
    const opp = await registered('rsp', 'rsp', `Outcome Museum ${Date.now()}`);
    const { rows } = await sql<{ until: string }>`select data->>'ExtProtectionEndDate_SDK' as until
      from record where object_id = ${opp.id}`.execute(t.database.db);
    const until = rows[0].until;
    const days = Math.round((Date.parse(`${until}T00:00:00+08:00`) - Date.now()) / 86_400_000);
    // Eight days before the end is outside the default week: nobody is told.
    let before = await everyone();
    await run(days - 9);
    expect((await toldSince(before)).rsp.filter((n) => n.RecordID === opp.id)).toEqual([]);

    before = await everyone();
    const first = await run(days - 5);
    const second = await run(days - 4);
    expect(first.params).toMatchObject({ days: 7 });
    expect(second.params).toMatchObject({ told: 0 });
    const told = await toldSince(before);
    const mineNow = told.rsp.filter((n) => n.RecordID === opp.id);
    expect(mineNow).toHaveLength(1);
    expect(mineNow[0]).toMatchObject({ Kind: 'protectionEnding', Params: { no: opp.no, until } });
    expect(line('zh', mineNow[0])).toBe(
      `商机 ${opp.no}「Outcome deal ${serial}」的保护期将于 ${until}（北京时间）结束，请及时跟进或申请延期`,
    );
    expect(line('en', mineNow[0])).toContain(`ends on ${until} (Beijing time)`);
    for (const user of ['ccp', 'other', 'province', 'ops'])
      expect(
        told[user].filter((n) => n.RecordID === opp.id),
        user,
      ).toEqual([]);
    // A wider window, asked for in the job's params, still tells nobody twice.
    before = await everyone();
    await run(days - 20, { days: 30 });
    expect((await toldSince(before)).rsp.filter((n) => n.RecordID === opp.id)).toEqual([]);
  });
});
