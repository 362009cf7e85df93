import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { zh } from '../../locales/zh/messages';
import { labelFor } from './field-named';
import { startTestApp, type TestApp } from './harness';
import { companyOf, orderableProduct, orderForm } from './order-desk';

/**
 * The 报备编号 picker of the RSP hardware form and the 商机编号 picker of the loan request form offer the
 * deals the save accepts (server/opportunities/agent-deal.ts): the deals of the form's agent that the
 * person sees — not another agent's deal they see too (sales operations see every deal, an RSP those of
 * the city agents it supplies), which the save refuses. Only for whom the form is open; an agent's
 * staff are offered their own deals before the form names the agent, vendor staff asked for it first.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.database.db;
let rsp: { id: string; name: string };
let product: string;
/** The RSP's own deals; one of a city agent it supplies; one of an agent it has nothing to do with. */
let own: string[];
let supplied: string;
let stranger: string;

const RSP_FORM = 'ordersSetup.rspHardwareOrderNew';
const LOAN_FORM = 'ordersSetup.loanOrderEdit';
const post = (path: string, body: unknown, who: string) => t.post(path, body, tokens[who]);
type Deal = { ExtOpportunityNOText_SDK: string };
const numbers = (rows: Deal[]) => rows.map((r) => r.ExtOpportunityNOText_SDK).sort();
const lookup = (who: string, body: Record<string, unknown>) =>
  post('/orderOpportunityLookup/search', { currentPage: 1, pageSize: 100, ...body }, who);

/** The save of each form, naming a deal: an RSP hardware order, a loan. */
const saves = {
  [RSP_FORM]: (OpportunityNo: string, who: string) =>
    post(
      '/order/create',
      { ...orderForm(RSP_FORM, rsp.name, product, 1), ProductLine: '服务器', OpportunityNo },
      who,
    ),
  [LOAN_FORM]: (OpportunityNo: string, who: string) =>
    post(
      '/loanOrder/create',
      {
        LoanType: '101',
        AgentName: rsp.name,
        OpportunityNo,
        EndUserName: '借货最终用户',
        ExpectedReturnDate: addDays(businessDay(), 30),
        Lines: [{ ProductCode: product, Quantity: 1 }],
      },
      who,
    ),
};

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'rsp', 'ccp', 'channel']) tokens[user] = await t.login(user, 'Demo@123456');
  rsp = await companyOf(db(), 'rsp');
  product = await orderableProduct(db());
  const deals = async (whose: ReturnType<typeof sql<boolean>>) =>
    (
      await sql<{ no: string }>`select data->>'ExtOpportunityNOText_SDK' as no from record
        where resource = 'opportunity' and data->>'ExtOpportunityNOText_SDK' is not null and ${whose}
        order by 1`.execute(db())
    ).rows.map((r) => r.no);
  const ccps = sql`select object_id from customer where parent_id = ${rsp.id}`;
  own = await deals(sql<boolean>`company_id = ${rsp.id}`);
  [supplied] = await deals(sql<boolean>`company_id in (${ccps})`);
  [stranger] = await deals(sql<boolean>`company_id <> ${rsp.id} and company_id not in (${ccps})`);
  expect(own.length, 'the demo RSP’s deals').toBeGreaterThan(1);
  expect([supplied, stranger].every(Boolean), 'deals of other agents').toBe(true);
});
afterAll(() => t?.close());

describe('the opportunity picker of the RSP hardware and loan forms', () => {
  it('offers exactly the deals of the form’s agent, and the save takes every one of them', async () => {
    for (const form of [RSP_FORM, LOAN_FORM])
      for (const who of ['rsp', 'ops']) {
        const found = await lookup(who, { PageID: form, AgentName: rsp.name });
        expect(found.status, found.body.message).toBe(200);
        expect(numbers(found.body.results), `${who} ${form}`).toEqual(own);
        expect(found.body.totalSize).toBe(own.length);
        expect(found.body.results[0]).toMatchObject({ Name: expect.any(String) });
      }
    for (const [form, save] of Object.entries(saves))
      for (const [index, no] of own.entries()) {
        const saved = await save(no, index % 2 ? 'ops' : 'rsp');
        expect(saved.status, `${form} ${no}: ${saved.body.message}`).toBe(200);
      }
  });

  it('leaves out another agent’s deal the person sees, which the save refuses', async () => {
    // Sales operations see every deal, the RSP those of the city agents it supplies: the general
    // opportunity picker offers them, the form's does not.
    const seen = async (who: string) =>
      numbers((await post('/opportunityLookup/search', { currentPage: 1, pageSize: 100 }, who)).body.results);
    expect(await seen('ops')).toEqual(expect.arrayContaining([supplied, stranger]));
    expect(await seen('rsp')).toContain(supplied);
    for (const [form, save] of Object.entries(saves))
      for (const [who, no] of [
        ['ops', stranger],
        ['ops', supplied],
        ['rsp', supplied],
      ]) {
        const offered = await lookup(who, { PageID: form, AgentName: rsp.name, keyword: no });
        expect([offered.status, offered.body.results], `${who} ${no}`).toEqual([200, []]);
        const refused = await save(no, who);
        expect([refused.status, refused.body.field], `${form} ${who} ${no}`).toEqual([400, 'OpportunityNo']);
        expect(refused.body.message).toContain(zh.server.problems.opportunityOfOtherAgent);
      }
  });

  it('matches the keyword within the agent’s deals', async () => {
    const found = await lookup('rsp', { PageID: RSP_FORM, AgentName: rsp.name, keyword: own[1] });
    expect(numbers(found.body.results)).toEqual([own[1]]);
  });

  it('offers an agent’s staff their own deals before the agent is chosen, and asks vendor staff for it', async () => {
    for (const form of [RSP_FORM, LOAN_FORM]) {
      const mine = await lookup('rsp', { PageID: form, AgentName: '' });
      expect([mine.status, numbers(mine.body.results ?? [])], form).toEqual([200, own]);
      const desk = await lookup('ops', { PageID: form, AgentName: '' });
      expect([desk.status, desk.body.field], form).toEqual([400, 'AgentName']);
      expect(desk.body.message).toContain(labelFor('AgentName', 'zh', 'order'));
      expect(desk.body.results).toBeFalsy();
    }
  });

  it('answers only on a form that names an opportunity, open to the caller, for an agent they order for', async () => {
    for (const PageID of ['ordersSetup.selfBuiltOrder', 'ordersSetup.specialAdd', 'business.x']) {
      const refused = await lookup('ops', { PageID, AgentName: rsp.name });
      expect([refused.status, refused.body.field], PageID).toEqual([400, 'PageID']);
      expect(refused.body.message).toContain(zh.ordersEntry.formNamesNoOpportunity);
    }
    // A channel manager has no order form; a city agent's menu has no RSP hardware form.
    for (const [who, PageID] of [
      ['channel', RSP_FORM],
      ['ccp', RSP_FORM],
    ]) {
      const refused = await lookup(who, { PageID, AgentName: rsp.name });
      expect(refused.status, `${who} ${PageID}`).toBe(403);
      expect(refused.body.results).toBeFalsy();
    }
    // Nor for an agent the caller may not order for: a city agent asking for its RSP's deals.
    const other = await lookup('ccp', { PageID: LOAN_FORM, AgentName: rsp.name });
    expect([403, 404]).toContain(other.status);
    expect(other.body.results).toBeFalsy();
  });
});
