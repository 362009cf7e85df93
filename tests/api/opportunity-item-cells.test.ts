import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';
import { registrationBody } from './opportunity-registration-body';

/**
 * The products of a deal outside their commands (docs/opportunities.md "Products of an opportunity"):
 * their quantity, price and bidders are changed only by the deal's owner through opportunityItem/modify,
 * so vendor staff holding the product-line special-price pages cannot rewrite an agent's deal through
 * the generic update; the one cell a list edits in its row is the letter cell (产品信息报表), and the
 * letter it takes — and the letter picker offers — is an active letter of the line's opportunity, on a
 * line that asks for one.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let rspName = '';

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['rsp', 'province', 'ops']) tokens[user] = await t.login(user, 'Demo@123456');
  const agent = await sql<{ name: string }>`select c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(t.database.db);
  rspName = agent.rows[0].name;
}, 120_000);
afterAll(() => t.close());

const post = (path: string, body: unknown, user: string) => t.post(path, body, tokens[user]);

/** A protected deal of the RSP's with one product asking for a letter (bidders) and one that does not. */
async function dealWithProducts() {
  const created = await post('/opportunity/create', registrationBody({ AgentName: rspName }), 'rsp');
  expect(created.status, created.body.message).toBe(200);
  const id = created.body.results.ObjectID as string;
  const no = created.body.results.ExtOpportunityNOText_SDK as string;
  const submit = { workflow: 'opportunityRegistration', ObjectID: id, command: 'submit', payload: {} };
  expect((await post('/workflow/decide', submit, 'rsp')).status).toBe(200);
  const found = await post('/productLookup/search', { ProductLine: '101', pageSize: 50 }, 'rsp');
  const [asking, quiet] = (found.body.results as { pn: string; Configuration: boolean }[]).filter(
    (p) => !p.Configuration,
  );
  const add = (pn: string, bidderQuantity: number) =>
    post('/opportunityItem/create', { OpportunityID: id, pn, Quantity: 3, bidderQuantity }, 'rsp');
  expect((await add(asking.pn, 3)).status).toBe(200);
  expect((await add(quiet.pn, 0)).status).toBe(200);
  return { id, no, asking: asking.pn, quiet: quiet.pn };
}

async function line(no: string, pn: string, user = 'province') {
  const found = await post(
    '/opportunityItem/search',
    { ExtOpportunityNOText_SDK: no, pn, pageSize: 50 },
    user,
  );
  return (found.body.results as Record<string, any>[]).find((i) => i.pn === pn)!;
}

const cell = (item: Record<string, any>, fields: Record<string, unknown>, page?: string) => ({
  ObjectID: item.ObjectID,
  Version: item.Version,
  ...(page ? { PageID: page } : {}),
  ...fields,
});

describe('a deal’s products', () => {
  it('are not rewritten by vendor staff through the generic update of a special-price page', async () => {
    const deal = await dealWithProducts();
    const before = await line(deal.no, deal.asking);
    for (const user of ['province', 'ops']) {
      const forged = await post(
        '/opportunityItem/update',
        cell(before, { Quantity: -7, bidderQuantity: 5000 }, 'business.productLineSpecialPriceCreate'),
        user,
      );
      expect(forged.status).toBeGreaterThanOrEqual(400);
      expect(forged.status).toBeLessThan(500);
    }
    const after = await line(deal.no, deal.asking, 'rsp');
    expect([after.Quantity, after.bidderQuantity, after.Version]).toEqual([3, 3, before.Version]);
    // The owner changes them through the command, within its bounds.
    const changed = await post('/opportunityItem/modify', { ObjectID: before.ObjectID, Quantity: 5 }, 'rsp');
    expect(changed.status, changed.body.message).toBe(200);
  });

  it('take in the letter cell only an active letter of their own deal, on a line that asks for one', async () => {
    const deal = await dealWithProducts();
    const letter = await post(
      '/commitmentLetter/create',
      {
        PageID: 'business.commitmentLetterCreate',
        opportunityNo: deal.no,
        type: '101',
        brand: '101',
        tenderNo: `ZB-CELL-${Date.now()}`,
        estimatedBidOpeningDate: '2026-12-20',
      },
      'rsp',
    );
    expect(letter.status, letter.body.message).toBe(200);
    const letterNo = letter.body.results.commitmentLetterNo as string;
    const report = 'business.productInfoReport';

    const asking = await line(deal.no, deal.asking);
    const invented = await post(
      '/opportunityItem/update',
      cell(asking, { commitmentLetter: 'CN-FAKE-1' }, report),
      'ops',
    );
    expect(invented.status).toBe(400);
    expect(invented.body.message).toContain('承诺函');
    const quiet = await line(deal.no, deal.quiet);
    const unasked = await post(
      '/opportunityItem/update',
      cell(quiet, { commitmentLetter: letterNo }, report),
      'ops',
    );
    expect(unasked.status).toBe(400);
    expect(unasked.body.message).toContain('承诺函');
    expect((await line(deal.no, deal.quiet)).commitmentLetter ?? null).toBeNull();

    // A letter taken back no longer holds its tender: the picker does not offer it, the cell refuses it.
    const taken = await post(
      '/commitmentLetter/create',
      {
        PageID: 'business.commitmentLetterCreate',
        opportunityNo: deal.no,
        type: '111',
        brand: '101',
        tenderNo: `ZB-BACK-${Date.now()}`,
        estimatedBidOpeningDate: '2026-12-20',
      },
      'rsp',
    );
    expect(taken.status, taken.body.message).toBe(200);
    const withdrawal = {
      workflow: 'commitmentLetter',
      ObjectID: taken.body.results.ObjectID,
      command: 'withdraw',
    };
    expect((await post('/workflow/decide', { ...withdrawal, payload: {} }, 'rsp')).status).toBe(200);
    const offered = await post('/commitmentLetterLookup/search', { opportunityNo: deal.no }, 'ops');
    expect(offered.body.results.map((l: { commitmentLetterNo: string }) => l.commitmentLetterNo)).toEqual([
      letterNo,
    ]);
    const back = taken.body.results.commitmentLetterNo;
    const stale = await post(
      '/opportunityItem/update',
      cell(asking, { commitmentLetter: back }, report),
      'ops',
    );
    expect(stale.status).toBe(400);

    const chosen = await post(
      '/opportunityItem/update',
      cell(asking, { commitmentLetter: letterNo }, report),
      'ops',
    );
    expect(chosen.status, chosen.body.message).toBe(200);
    expect((await line(deal.no, deal.asking, 'rsp')).commitmentLetter).toBe(letterNo);
  });

  it('take no letter of another deal in the letter cell', async () => {
    const [mine, other] = [await dealWithProducts(), await dealWithProducts()];
    const letter = await post(
      '/commitmentLetter/create',
      {
        PageID: 'business.commitmentLetterCreate',
        opportunityNo: other.no,
        type: '101',
        brand: '101',
        tenderNo: `ZB-OTHER-${Date.now()}`,
        estimatedBidOpeningDate: '2026-12-20',
      },
      'rsp',
    );
    expect(letter.status, letter.body.message).toBe(200);
    const asking = await line(mine.no, mine.asking);
    const foreign = await post(
      '/opportunityItem/update',
      cell(
        asking,
        { commitmentLetter: letter.body.results.commitmentLetterNo },
        'business.productInfoReport',
      ),
      'ops',
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain('承诺函');
  });
});

endsWithBooksBalanced(() => t, ['opportunities', 'system']);
