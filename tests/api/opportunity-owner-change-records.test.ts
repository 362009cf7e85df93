import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAfterCorruption, endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';
import { registrationBody } from './opportunity-registration-body';

/**
 * An owner change (商机转移) moves the deal with what is the deal's own: its products (商机产品) and its
 * progress records go to the new owner in the same transaction, so the new owner finds them on the
 * deal it now holds and the old owner reads them no more (docs/opportunities.md "Owner"). The books
 * name a product or progress record kept in another scope than its deal's.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const company: Record<string, { id: string; name: string }> = {};

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['rsp', 'ccp', 'channel']) tokens[user] = await t.login(user, 'Demo@123456');
  for (const user of ['rsp', 'ccp']) {
    const { rows } = await sql<{ id: string; name: string }>`select c.object_id::text as id, c.name
      from employee e join customer c on c.object_id = e.company_id where e.username = ${user}`.execute(
      t.database.db,
    );
    company[user] = rows[0];
  }
}, 120_000);
afterAll(() => t.close());

const post = (path: string, body: unknown, user: string) => t.post(path, body, tokens[user]);

/** A protected deal of `user`'s company with one product and one progress record. */
async function workedDeal(user: string) {
  const created = await post(
    '/opportunity/create',
    registrationBody({ AgentName: company[user].name }),
    user,
  );
  expect(created.status, created.body.message).toBe(200);
  const id = created.body.results.ObjectID as string;
  const decide = (command: string, payload = {}) =>
    post('/workflow/decide', { workflow: 'opportunityRegistration', ObjectID: id, command, payload }, user);
  expect((await decide('submit')).status).toBe(200);
  const found = await post('/productLookup/search', { ProductLine: '101', pageSize: 20 }, user);
  const pn = (found.body.results as { pn: string; Configuration: boolean }[]).find(
    (p) => !p.Configuration,
  )!.pn;
  const added = await post('/opportunityItem/create', { OpportunityID: id, pn, Quantity: 3 }, user);
  expect(added.status, added.body.message).toBe(200);
  const progress = await decide('recordProgress', { reason: 'Met the hospital IT director' });
  expect(progress.status, progress.body.message).toBe(200);
  return { id, no: created.body.results.ExtOpportunityNOText_SDK as string, pn };
}

async function moveTo(id: string, owner: string) {
  const current = (await post('/opportunity/getOne', { ObjectID: id }, 'channel')).body.results[0];
  const moved = await post(
    '/opportunity/changeOwner',
    { ObjectID: id, Version: current.Version, AgentID: company[owner].id, ChangeReason: '111' },
    'channel',
  );
  expect(moved.status, moved.body.message).toBe(200);
}

const dealAsSeenBy = async (id: string, user: string) =>
  (await post('/opportunityV2/opportunityWithRelationship', { ObjectID: id }, user)).body.results as {
    Items: { pn: string; Quantity: number }[];
    Progress: { ProgressContent: string }[];
  };

describe('an owner change', () => {
  it('gives the new owner the products and progress of the deal it now holds', async () => {
    const deal = await workedDeal('rsp');
    await moveTo(deal.id, 'ccp');
    const seen = await dealAsSeenBy(deal.id, 'ccp');
    expect(seen.Items.map((i) => [i.pn, i.Quantity])).toEqual([[deal.pn, 3]]);
    expect(seen.Progress.map((p) => p.ProgressContent)).toEqual(['Met the hospital IT director']);
    // The new owner works them: it changes the quantity of the product it now holds.
    const item = (await post('/opportunityItem/search', { ExtOpportunityNOText_SDK: deal.no }, 'ccp')).body
      .results[0];
    const changed = await post('/opportunityItem/modify', { ObjectID: item.ObjectID, Quantity: 5 }, 'ccp');
    expect(changed.status, changed.body.message).toBe(200);
  });

  it('leaves the old owner no product of the deal it lost', async () => {
    const deal = await workedDeal('ccp');
    await moveTo(deal.id, 'rsp');
    expect((await post('/opportunity/getOne', { ObjectID: deal.id }, 'ccp')).status).toBe(404);
    const items = await post('/opportunityItem/search', { ExtOpportunityNOText_SDK: deal.no }, 'ccp');
    expect(items.status).toBe(200);
    expect(items.body.results).toEqual([]);
    expect((await dealAsSeenBy(deal.id, 'rsp')).Items.map((i) => i.pn)).toEqual([deal.pn]);
  });

  it('is checked by the books: a product kept in another scope than its deal is named by the deal', async () => {
    const deal = await workedDeal('rsp');
    const found = await checkAfterCorruption(t.database.db, 'opportunities.recordsInDealScope', (trx) =>
      sql`update record set company_id = ${company.ccp.id}
        where resource = 'opportunityItem' and data->>'opportunityId' = ${deal.id}`.execute(trx),
    );
    expect(found.rows.map((r) => r.label)).toEqual([deal.no]);
  });
});

endsWithBooksBalanced(() => t, ['opportunities', 'specialPrices', 'system']);
