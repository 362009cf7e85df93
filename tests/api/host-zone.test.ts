import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

/**
 * A server whose own clock is Beijing's (TZ=Asia/Shanghai, as a server in China is set up) reads the
 * database as one on UTC does: a day column is its day, not the instant of the process's midnight
 * (16:00 UTC of the day before), on PGlite and on a PostgreSQL server alike (docs/decisions.md "Nothing
 * reads the host's own clock").
 */
const hostZone = process.env.TZ;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp('demo');
});
afterAll(async () => {
  if (hostZone === undefined) delete process.env.TZ;
  else process.env.TZ = hostZone;
  await t?.close();
});

describe('with the process clock on Asia/Shanghai', () => {
  it('reads every order day as the day the database holds', async () => {
    process.env.TZ = 'Asia/Shanghai';
    const { rows } = await sql<{ order_date: Date; day: string }>`select order_date,
        to_char(order_date, 'YYYY-MM-DD') as day from sales_order where order_date is not null
        order by order_date limit 50`.execute(t.database.db);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.order_date.toISOString().slice(0, 10)).toBe(row.day);
  });
});
