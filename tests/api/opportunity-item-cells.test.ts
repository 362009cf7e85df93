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
let ccpId = '';
/** Another active Jiangsu RSP, with no tie to the demo RSP. */
let otherRspId = '';

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['rsp', 'ccp', 'gd', 'channel', 'province', 'ops'])
    tokens[user] = await t.login(user, 'Demo@123456');
  const agent = await sql<{ name: string }>`select c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(t.database.db);
  rspName = agent.rows[0].name;
  const ccp = await sql<{ id: string }>`select e.company_id::text as id from employee e
    where e.username = 'ccp'`.execute(t.database.db);
  ccpId = ccp.rows[0].id;
  const other = await sql<{ id: string }>`select object_id::text as id from customer
    where customer_type = '111' and status = '161' and province_code = '320000'
      and object_id <> (select company_id from employee where username = 'rsp')
    order by account_id limit 1`.execute(t.database.db);
  otherRspId = other.rows[0].id;
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

/** A letter the RSP asks for on its deal `no`, as the 新建承诺函 form sends it. */
async function letterOn(no: string, tender: string) {
  const letter = await post(
    '/commitmentLetter/create',
    {
      PageID: 'business.commitmentLetterCreate',
      opportunityNo: no,
      type: '101',
      brand: '101',
      tenderNo: `${tender}-${Date.now()}`,
      estimatedBidOpeningDate: '2026-12-20',
    },
    'rsp',
  );
  expect(letter.status, letter.body.message).toBe(200);
  return letter.body.results.commitmentLetterNo as string;
}

/** The letter numbers the letter cell's picker offers `user`, for one deal or for all it holds. */
async function offered(user: string, opportunityNo?: string) {
  const found = await post(
    '/commitmentLetterLookup/search',
    { ...(opportunityNo ? { opportunityNo } : {}), pageSize: 100 },
    user,
  );
  expect(found.status, found.body.message).toBe(200);
  return (found.body.results as { commitmentLetterNo: string }[]).map((l) => l.commitmentLetterNo);
}

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

describe('the letter picker of a deal whose owner changed', () => {
  it('offers the new owner the deal’s letters and nothing of the old owner’s other deals', async () => {
    const [moved, kept] = [await dealWithProducts(), await dealWithProducts()];
    const letter = await letterOn(moved.no, 'ZB-MOVED');
    const other = await letterOn(kept.no, 'ZB-KEPT');
    const current = (await post('/opportunity/getOne', { ObjectID: moved.id }, 'channel')).body.results[0];
    const change = { ObjectID: moved.id, Version: current.Version, AgentID: ccpId, ChangeReason: '111' };
    const changed = await post('/opportunity/changeOwner', change, 'channel');
    expect(changed.status, changed.body.message).toBe(200);

    // The new owner (a CCP the RSP supplies, which never saw the RSP's letters) is offered the deal's.
    expect(await offered('ccp', moved.no)).toEqual([letter]);
    const all = await offered('ccp');
    expect(all).toContain(letter);
    expect(all).not.toContain(other);
    // Vendor staff who write the cell are offered the same letter for the deal's line.
    expect(await offered('ops', moved.no)).toEqual([letter]);
  });

  it('offers the deal’s letters to no one outside it: not the old owner, not another agent', async () => {
    const moved = await dealWithProducts();
    const letter = await letterOn(moved.no, 'ZB-LOST');
    const current = (await post('/opportunity/getOne', { ObjectID: moved.id }, 'channel')).body.results[0];
    const change = { ObjectID: moved.id, Version: current.Version, AgentID: otherRspId, ChangeReason: '111' };
    expect((await post('/opportunity/changeOwner', change, 'channel')).status).toBe(200);

    // The RSP that lost the deal still reads the letter it asked for, but no longer offers it to a line.
    expect(
      (await post('/commitmentLetter/search', { commitmentLetterNo: letter }, 'rsp')).body.results,
    ).toHaveLength(1);
    expect(await offered('rsp', moved.no)).toEqual([]);
    expect(await offered('rsp')).not.toContain(letter);
    for (const user of ['gd']) {
      expect(await offered(user, moved.no)).toEqual([]);
      expect(await offered(user)).not.toContain(letter);
    }
  });
});

endsWithBooksBalanced(() => t, ['opportunities', 'system']);
