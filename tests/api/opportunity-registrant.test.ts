import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/roles';
import { ITEMS_OPEN_STATUSES } from '../../machines/workflows/opportunity-items.rules';
import { up as keepTheirRegistrant } from '../../server/db/migrations/125-opportunities-keep-their-registrant.migration';
import { startTestApp, type TestApp } from './harness';
import { registrationBody } from './opportunity-registration-body';

/**
 * An opportunity's creator comes from the caller on every path that registers one (docs/opportunities.md
 * "Owner"): the form's create and the registration command the demo is entered with. Staff who register
 * a deal for an agent are its creator by id, which is what lets them change its products; another
 * employee is not. Migration 125 gives the deals registered before without one the employee their
 * registration's history names.
 */
let t: TestApp;
let rspName = '';
const db = () => t.database.db;
const login = (username: string) => t.login(username, 'Demo@123456');

beforeAll(async () => {
  t = await startTestApp();
  const agent = await sql<{ name: string }>`select c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(db());
  rspName = agent.rows[0].name;
}, 120_000);
afterAll(() => t.close());

/** Who the stored row names as its creator: the employee's username, or null. */
async function creatorOf(id: string) {
  const found = await sql<{ username: string | null }>`select e.username from record r
    left join employee e on e.object_id = r.created_by
    where r.resource = 'opportunity' and r.object_id = ${id}`.execute(db());
  return found.rows[0]?.username ?? null;
}

/** A product the picker offers for a deal of the line (not a configuration). */
async function productOf(token: string, ProductLine: string) {
  const found = await t.post('/productLookup/search', { ProductLine, pageSize: 20 }, token);
  expect(found.status, found.body.message).toBe(200);
  const product = (found.body.results as { pn: string; Configuration: boolean }[]).find(
    (p) => !p.Configuration,
  );
  if (!product) throw new Error(`no product of line ${ProductLine} on offer`);
  return product.pn;
}

/** Two units of a product of the deal's line, added by the person of the token. */
async function addProduct(token: string, OpportunityID: string) {
  const line = await sql<{ line: string }>`select data->>'ProductLine' as line from record
    where object_id = ${OpportunityID}`.execute(db());
  const pn = await productOf(token, line.rows[0].line);
  return t.post('/opportunityItem/create', { OpportunityID, pn, Quantity: 2 }, token);
}

describe('a deal a city manager registers for an agent on the form', () => {
  it('names the city manager as its creator, who then adds its products; the province manager may not', async () => {
    const city = await login('city');
    for (const path of ['/opportunity/create', '/opportunityV2/create']) {
      const created = await t.post(path, registrationBody({ AgentName: rspName }), city);
      expect(created.status, created.body.message).toBe(200);
      const id = created.body.results.ObjectID as string;
      expect(await creatorOf(id), path).toBe('city');
      const changeable = async (token: string) =>
        (await t.post('/opportunityItem/changeable', { OpportunityID: id }, token)).body.results?.Changeable;
      expect(await changeable(city), 'the panel offers him the changes').toBe(true);
      const added = await addProduct(city, id);
      expect(added.status, added.body.message).toBe(200);
      const province = await login('province');
      expect(await changeable(province)).toBe(false);
      expect((await addProduct(province, id)).status).toBe(403);
    }
  });
});

describe("the demo's deals, entered through the registration command", () => {
  it('each name the employee who registered it as its creator', async () => {
    const deals = await sql<{ id: string; byName: string; creator: string | null }>`select
        r.object_id::text as id, r.created_by_name as "byName", e.last_name as creator
      from record r left join employee e on e.object_id = r.created_by
      where r.resource = 'opportunity'`.execute(db());
    expect(deals.rows.length).toBeGreaterThan(20);
    expect(deals.rows.filter((d) => d.creator !== d.byName)).toEqual([]);
  });

  it('are worked by the city manager who entered one for an agent: he adds its products', async () => {
    // Found by the name the demo keeps of who entered it, so the deal is one the command stored.
    const entered = await sql<{ id: string; username: string }>`select r.object_id::text as id, e.username
      from record r join employee e on e.last_name = r.created_by_name
      where r.resource = 'opportunity' and r.company_id is distinct from e.company_id
        and not exists (select 1 from record i where i.resource = 'opportunityItem'
          and i.data->>'opportunityId' = r.object_id::text)
        and e.role_code = ${ROLE.cityManager}
        and r.data->>'ExtOpportunityStatus_SDK' in (${sql.join([...ITEMS_OPEN_STATUSES])})
      order by r.object_id limit 1`.execute(db());
    const deal = entered.rows[0];
    if (!deal) throw new Error('the demo has no open deal a city manager entered for an agent');
    const added = await addProduct(await login(deal.username), deal.id);
    expect(added.status, added.body.message).toBe(200);
  });
});

describe('migration 125', () => {
  it('gives a deal stored without a creator the employee its registration started with, and nothing else', async () => {
    const city = await login('city');
    const created = await t.post('/opportunity/create', registrationBody({ AgentName: rspName }), city);
    expect(created.status, created.body.message).toBe(200);
    const id = created.body.results.ObjectID as string;
    // A deal registered with no history: a row the migration has no truthful creator for.
    const bare = await sql<{
      id: string;
    }>`insert into record (resource, data, created_by_name, updated_by_name)
      values ('opportunity', '{}'::jsonb, 'Someone', 'Someone') returning object_id::text as id`.execute(
      db(),
    );
    const before = await sql<{ id: string; by: string }>`select object_id::text as id, created_by::text as by
      from record where resource = 'opportunity' and created_by is not null order by object_id`.execute(db());
    // As the registration command stored them: no creator.
    await sql`update record set created_by = null where resource = 'opportunity'`.execute(db());
    expect(await creatorOf(id)).toBeNull();

    await keepTheirRegistrant(db() as never);
    expect(await creatorOf(id)).toBe('city');
    expect(await creatorOf(bare.rows[0].id)).toBeNull();
    const after = await sql<{ id: string; by: string }>`select object_id::text as id, created_by::text as by
      from record where resource = 'opportunity' and created_by is not null order by object_id`.execute(db());
    expect(after.rows).toEqual(before.rows);
    // Run again, it changes nothing.
    await keepTheirRegistrant(db() as never);
    expect(await creatorOf(id)).toBe('city');
    await sql`delete from record where object_id = ${bare.rows[0].id}`.execute(db());
  });
});
