import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { zh } from '../../locales/zh/messages';
import { labelFor } from './field-named';
import { startTestApp, type TestApp } from './harness';
import { companyOf, orderableProduct } from './order-desk';

/**
 * The opportunity a loan names (关联报备编号, docs/loans.md) is a deal of the loan's agent that the person
 * writing it sees, by the rule an RSP hardware order's is checked by
 * (server/opportunities/seen-opportunity.ts), when the loan is asked for and when its terms are changed,
 * whoever writes it — sales operations, who see every deal, included; the loan-to-sale order carries the
 * loan's. Anything else — another company's or province's deal, a number no deal has, a value no number
 * is — is a 400 naming the field by its label, and nothing is written; a loan that names another's from
 * before is named by the books (`orders.opportunityOfItsAgent`).
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.database.db;
let rsp: { id: string; name: string; province: string };
let product: string;
/** The RSP's own deal, a deal of another company of its province, and one of another province. */
let deals: { own: string; neighbour: string; farAway: string };
const NO_SUCH_DEAL = 'SJ209901010001';
const today = businessDay();

type Loan = { ObjectID: string; LoanNo: string; Version: number };
type Answer = {
  status: number;
  body: { message?: string; field?: string; results?: Record<string, unknown> };
};
const call = (path: string, body: unknown, who = 'rsp'): Promise<Answer> => t.post(path, body, tokens[who]);
const ok = (answer: Answer, what: string) =>
  expect(answer.status, `${what}: ${answer.body.message}`).toBe(200);
const decide = (loan: Loan, command: string, payload: Record<string, unknown> = {}, who = 'ops') =>
  call('/workflow/decide', { workflow: 'loanOrder', ObjectID: loan.ObjectID, command, payload }, who);

const ask = (extra: Record<string, unknown> = {}, who = 'rsp') =>
  call(
    '/loanOrder/create',
    {
      LoanType: '101',
      AgentName: rsp.name,
      EndUserName: 'Opportunity hospital',
      ExpectedReturnDate: addDays(today, 30),
      Purpose: 'POC',
      Lines: [{ ProductCode: product, Quantity: 2 }],
      ...extra,
    },
    who,
  );

async function asked(extra: Record<string, unknown> = {}, who = 'rsp') {
  const answer = await ask(extra, who);
  ok(answer, 'ask');
  return answer.body.results as Loan;
}

async function stored(id: string) {
  return (
    await sql<{ opportunity: string | null; version: number }>`select opportunity_no as opportunity, version
      from loan_order where object_id = ${id}`.execute(db())
  ).rows[0];
}

const loanCount = async () =>
  (await sql<{ n: number }>`select count(*)::int as n from loan_order`.execute(db())).rows[0].n;

/** A refusal as the person reads it: 400, the field named by its label on the loan form. */
function refusedNamingTheField(answer: Answer, what: string) {
  expect([answer.status, answer.body.field], what).toEqual([400, 'OpportunityNo']);
  expect(answer.body.message, what).toContain(labelFor('OpportunityNo', 'zh', 'loanOrder'));
}

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'rsp', 'province']) tokens[user] = await t.login(user, 'Demo@123456');
  rsp = await companyOf(db(), 'rsp');
  product = await orderableProduct(db());
  const deal = (where: ReturnType<typeof sql<boolean>>) =>
    sql<{ no: string }>`select data->>'ExtOpportunityNOText_SDK' as no from record
      where resource = 'opportunity' and data->>'ExtOpportunityNOText_SDK' is not null and ${where}
      order by object_id limit 1`.execute(db());
  const others = sql<boolean>`company_id <> ${rsp.id}
    and company_id not in (select object_id from customer where parent_id = ${rsp.id})`;
  const neighbour = (await deal(sql<boolean>`${others} and province_code = ${rsp.province}`)).rows[0].no;
  // The demo's deals are all of one province: one of an agent of another is entered beside them.
  const farAway = 'SJ209912310001';
  await sql`insert into record (resource, company_id, province_code, city_code, data)
    select 'opportunity', c.object_id, c.province_code, c.city_code,
        r.data || jsonb_build_object('ExtOpportunityNOText_SDK', ${farAway}::text)
      from record r, customer c
    where r.resource = 'opportunity' and r.data->>'ExtOpportunityNOText_SDK' = ${neighbour}
      and c.province_code <> ${rsp.province} and c.customer_type = '111'
    order by c.account_id limit 1`.execute(db());
  deals = { own: (await deal(sql<boolean>`company_id = ${rsp.id}`)).rows[0].no, neighbour, farAway };
});
afterAll(() => t?.close());

describe('the opportunity a loan is asked for with', () => {
  it('is a deal the applicant sees, kept on the loan and shown on its record', async () => {
    for (const who of ['rsp', 'ops']) {
      const loan = await asked({ OpportunityNo: deals.own }, who);
      expect((await stored(loan.ObjectID)).opportunity, who).toBe(deals.own);
      const read = await call('/loanOrder/getOne', { ObjectID: loan.ObjectID }, who);
      expect((read.body.results as unknown as { OpportunityNo: string }[])[0].OpportunityNo).toBe(deals.own);
    }
    // Left out or sent empty, the loan names none.
    for (const extra of [{}, { OpportunityNo: '' }, { OpportunityNo: null }])
      expect((await stored((await asked(extra)).ObjectID)).opportunity).toBeNull();
  });

  it('refuses a deal of another company or province and a number no deal has, writing nothing', async () => {
    const before = await loanCount();
    for (const OpportunityNo of [deals.neighbour, deals.farAway, NO_SUCH_DEAL]) {
      const refused = await ask({ OpportunityNo });
      refusedNamingTheField(refused, OpportunityNo);
      expect(refused.body.message).toContain(zh.server.problems.unknownOpportunity);
    }
    // Sales operations see every deal, but not one that does not exist.
    refusedNamingTheField(await ask({ OpportunityNo: NO_SUCH_DEAL }, 'ops'), 'ops');
    expect(await loanCount()).toBe(before);
  });

  it('is a deal of the loan’s agent even when sales operations ask for it on the agent’s behalf', async () => {
    const before = await loanCount();
    for (const OpportunityNo of [deals.neighbour, deals.farAway]) {
      const refused = await ask({ OpportunityNo }, 'ops');
      refusedNamingTheField(refused, `ops ${OpportunityNo}`);
      expect(refused.body.message).toContain(zh.server.problems.opportunityOfOtherAgent);
    }
    expect(await loanCount()).toBe(before);
  });

  it('refuses what no opportunity number is — a number, a list, a huge or hostile text — as a 400', async () => {
    const before = await loanCount();
    const hostile = [
      12345,
      [deals.own],
      { no: deals.own },
      'a'.repeat(5_001),
      'x'.repeat(200_000),
      `${deals.own}' or '1'='1`,
      `%${deals.own.slice(2)}`,
    ];
    for (const OpportunityNo of hostile)
      refusedNamingTheField(await ask({ OpportunityNo }), String(OpportunityNo).slice(0, 30));
    expect(await loanCount()).toBe(before);
  });
});

describe('the opportunity of a loan changed with its terms', () => {
  it('is changed by the applicant of a returned loan to a deal they see, and refused otherwise', async () => {
    const loan = await asked();
    ok(await decide(loan, 'return', { reason: 'Name the opportunity' }, 'province'), 'return');
    const version = (await stored(loan.ObjectID)).version;
    const change = (OpportunityNo: unknown) =>
      call('/loanOrder/update', { ObjectID: loan.ObjectID, Version: version, OpportunityNo });
    for (const OpportunityNo of [deals.neighbour, deals.farAway, NO_SUCH_DEAL, 12345, 'a'.repeat(5_001)])
      refusedNamingTheField(await change(OpportunityNo), String(OpportunityNo).slice(0, 30));
    expect(await stored(loan.ObjectID)).toEqual({ opportunity: null, version });
    const changed = await change(deals.own);
    expect([changed.status, changed.body.results?.OpportunityNo], changed.body.message).toEqual([
      200,
      deals.own,
    ]);
  });

  it('is corrected or cleared by sales operations while the loan runs', async () => {
    const loan = await asked({ OpportunityNo: deals.own });
    ok(await decide(loan, 'agree', {}, 'province'), 'agree');
    const change = async (OpportunityNo: unknown) =>
      call(
        '/loanOrder/update',
        { ObjectID: loan.ObjectID, Version: (await stored(loan.ObjectID)).version, OpportunityNo },
        'ops',
      );
    refusedNamingTheField(await change(NO_SUCH_DEAL), 'ops');
    expect((await stored(loan.ObjectID)).opportunity).toBe(deals.own);
    ok(await change(''), 'cleared');
    expect((await stored(loan.ObjectID)).opportunity).toBeNull();
    ok(await change(deals.own), 'named again');
    expect((await stored(loan.ObjectID)).opportunity).toBe(deals.own);
  });

  it('refuses sales operations a deal of another agent, though they see it, leaving the loan as it was', async () => {
    const loan = await asked({ OpportunityNo: deals.own });
    ok(await decide(loan, 'agree', {}, 'province'), 'agree');
    const before = await stored(loan.ObjectID);
    for (const OpportunityNo of [deals.neighbour, deals.farAway]) {
      const refused = await call(
        '/loanOrder/update',
        { ObjectID: loan.ObjectID, Version: before.version, OpportunityNo },
        'ops',
      );
      refusedNamingTheField(refused, OpportunityNo);
      expect(refused.body.message).toContain(zh.server.problems.opportunityOfOtherAgent);
    }
    expect(await stored(loan.ObjectID)).toEqual(before);
  });
});

describe('the books of loans asked for before the opportunity was checked', () => {
  it('name a loan whose opportunity is not a deal of its agent, and leave the loan as it is', async () => {
    const own = await asked({ OpportunityNo: deals.own });
    const older = await asked();
    const invented = await asked();
    // As a loan asked for before the rule left it: another agent's deal, or a number no deal has.
    await sql`update loan_order set opportunity_no = ${deals.neighbour} where object_id = ${older.ObjectID}`.execute(
      db(),
    );
    await sql`update loan_order set opportunity_no = ${NO_SUCH_DEAL} where object_id = ${invented.ObjectID}`.execute(
      db(),
    );
    const { checkBooks } = await import('../../server/books/check-books');
    const [check] = (await checkBooks(db(), (key) => key === 'orders.opportunityOfItsAgent')).checks;
    expect(check.failure).toBeUndefined();
    const named = check.rows.map((row) => row.label);
    expect(named).toEqual(expect.arrayContaining([older.LoanNo, invented.LoanNo]));
    expect(named).not.toContain(own.LoanNo);
    expect(check.total).toBe(2);
    // Named, not corrected: the loan keeps the number until someone changes it.
    expect((await stored(older.ObjectID)).opportunity).toBe(deals.neighbour);
    await sql`update loan_order set opportunity_no = null
      where object_id in (${older.ObjectID}, ${invented.ObjectID})`.execute(db());
    expect((await checkBooks(db(), (key) => key === 'orders.opportunityOfItsAgent')).checks[0].total).toBe(0);
  });
});

describe('the loan-to-sale order', () => {
  it('carries the opportunity of the loan it sells', async () => {
    const loan = await asked({ OpportunityNo: deals.own });
    ok(await decide(loan, 'agree', {}, 'province'), 'agree');
    const serials = ['A', 'B'].map((u) => `${loan.LoanNo}-OPP-${u}`);
    ok(await decide(loan, 'ship', { lines: [{ lineNo: 1, serialNumbers: serials }] }), 'ship');
    const lines = [{ lineNo: 1, quantity: 1, serialNumbers: [serials[0]] }];
    ok(await decide(loan, 'convert', { lines }, 'rsp'), 'convert');
    const order = (
      await sql<{ opportunity: string | null; loan: string }>`select o.data->>'OpportunityNo' as opportunity,
          o.data->>'LoanNo' as loan
        from loan_conversion c join sales_order o on o.object_id = c.order_id
        where c.loan_id = ${loan.ObjectID}`.execute(db())
    ).rows;
    expect(order).toEqual([{ opportunity: deals.own, loan: loan.LoanNo }]);
  });
});
