import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceDef } from '../../server/resources/registry';
import { startTestApp, type TestApp } from './harness';

// Security issue, hole 6: impossible dates were stored and then broke every search on the field.
// Dates are real calendar days between 1900 and 2100 on every write path, and a bad value stored
// before (older data) never makes a search or a sort fail.
let t: TestApp;
let admin: string;
const en = { 'accept-language': 'en' };
const BID = 'ExtEstimatedBidDate_SDK';

const post = (path: string, body: unknown) => t.post(path, body, admin, en);

async function firstOf(resource: string) {
  const { body } = await post(`/${resource}/search`, { pageSize: 1 });
  return body.results[0] as Record<string, unknown> & { ObjectID: string; Version: number };
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
});
afterAll(() => t.close());

describe('hole 6: impossible dates are refused on writes and harmless in stored data', () => {
  it('refuses 30 February, year 0 and days outside 1900–2100 on an update, and changes nothing', async () => {
    const opportunity = await firstOf('opportunity');
    for (const day of ['2024-02-30', '0000-01-01', '1899-12-31', '2101-01-01', '2024-13-01', 'soon']) {
      const answer = await post('/opportunity/update', {
        ObjectID: opportunity.ObjectID,
        Version: opportunity.Version,
        [BID]: day,
      });
      expect(answer.status, day).toBe(400);
      expect(answer.body.message).toBe(
        'Expected tender date: must be a real date (YYYY-MM-DD) between the years 1900 and 2100',
      );
    }
    const after = (await post('/opportunity/getOne', { ObjectID: opportunity.ObjectID })).body.results[0];
    expect(after.Version).toBe(opportunity.Version);
    expect(after[BID]).toBe(opportunity[BID]);

    const leap = await post('/opportunity/update', {
      ObjectID: opportunity.ObjectID,
      Version: opportunity.Version,
      [BID]: '2024-02-29',
    });
    expect(leap.status).toBe(200);
    expect(leap.body.results[BID]).toBe('2024-02-29');
  });

  it('answers an impossible order date with a 400 in the caller’s language, not a 500', async () => {
    const order = await firstOf('order');
    const body = { ObjectID: order.ObjectID, Version: order.Version, OrderDate: '2024-02-30' };
    const english = await post('/order/update', body);
    expect(english.status).toBe(400);
    expect(english.body.message).toMatch(/^Order date: must be a real date/);
    const chinese = await t.post('/order/update', body, admin);
    expect(chinese.status).toBe(400);
    expect(chinese.body.message).toMatch(/^下单日期：须为 1900 到 2100 年之间真实存在的日期/);
    expect((await post('/order/getOne', { ObjectID: order.ObjectID })).body.results[0].Version).toBe(
      order.Version,
    );
  });

  it('still searches and sorts on a date field after bad values were planted in the table', async () => {
    const before = await post('/opportunity/search', { pageSize: 100 });
    expect(before.status).toBe(200);
    const planted = before.body.results.slice(0, 3).map((r: { ObjectID: string }) => r.ObjectID);
    const bad = ['2024-02-30', '0000-01-01', 'next spring'];
    for (const [i, id] of planted.entries()) {
      await sql`update record set data = jsonb_set(data, ${`{${BID}}`}::text[], to_jsonb(${bad[i]}::text))
        where object_id = ${id}`.execute(t.database.db);
    }
    const searches = [
      { [`${BID}Start`]: '2000-01-01', [`${BID}End`]: '2100-12-31' },
      { [BID]: '2024-02-29' },
      { [`${BID}Start`]: Date.UTC(2000, 0, 1) },
      { keyword: 'x', sort: resourceDef('opportunity')?.fields.get(BID)?.sortable ? `-${BID}` : undefined },
    ];
    for (const body of searches) {
      const answer = await post('/opportunity/search', { pageSize: 100, ...body });
      expect(answer.status, JSON.stringify(body)).toBe(200);
      const ids = answer.body.results.map((r: { ObjectID: string }) => r.ObjectID);
      // A value that is no day matches no day range; the other rows are still found.
      if (`${BID}Start` in body) for (const id of planted) expect(ids).not.toContain(id);
    }
    const ranged = await post('/opportunity/search', { pageSize: 100, [`${BID}Start`]: '1900-01-01' });
    expect(ranged.body.totalSize).toBe(
      before.body.results.filter(
        (r: Record<string, unknown>) => typeof r[BID] === 'string' && !planted.includes(r.ObjectID),
      ).length,
    );
    // The planted rows themselves still open.
    expect((await post('/opportunity/getOne', { ObjectID: planted[0] })).body.results[0][BID]).toBe(bad[0]);
  });
});
