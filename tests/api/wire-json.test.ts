import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../catalogue/catalogue';
import { type Caller, loadCaller } from '../../server/http/auth';
import { isEngineResource, resourceDef } from '../../server/resources/registry';
import { searchAnswer, searchRecords } from '../../server/resources/search';
import { startTestApp, type TestApp } from './harness';

/**
 * A list's page is written by the database as the JSON its answer carries (server/resources/wire.ts
 * `wireJsonOf`), while every other reader of a search takes the rows as objects (`toWire`): the two
 * must be the same rows, value for value, on every list of every resource, on both backends.
 */
const lists = pages.filter(
  (page) => page.kind === 'list' && page.resource && isEngineResource(page.resource),
);
let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await startTestApp();
  const { rows } = await sql<{ id: string }>`select object_id::text as id from employee
    where username = 'admin'`.execute(t.database.db);
  admin = (await loadCaller(t.database.db, rows[0].id))!;
  // The demo's times are whole seconds; people's are not. The newest rows of each table get a
  // fraction of a second a millisecond cannot hold, so the written times are held to toISOString's.
  const tables = new Set(lists.map((page) => resourceDef(page.resource!)!.storage.table));
  for (const table of tables)
    await sql`update ${sql.table(table)} set created_at = created_at + interval '0.1239 second'
      where object_id in (select object_id from ${sql.table(table)} order by created_at desc limit 3)`
      .execute(t.database.db)
      .catch(() => undefined); // a view: its rows are its tables'
});
afterAll(() => t.close());

describe("a list's page written by the database", () => {
  it('is the page the rows make, on every list of an engine resource', async () => {
    expect(lists.length).toBeGreaterThan(90);
    const problems: string[] = [];
    let compared = 0;
    for (const page of lists) {
      const def = resourceDef(page.resource!)!;
      // Newest first, then oldest first: the demo's rows of both ends, a hundred each.
      for (const sort of [undefined, 'CreationOn']) {
        const body = { PageID: page.id, pageSize: 100, ...(sort ? { sort } : {}) };
        const asObjects = await searchRecords(t.database.db, def, admin, body).catch((e: Error) => e);
        const asJson = await searchAnswer(t.database.db, def, admin, body).catch((e: Error) => e);
        if (asObjects instanceof Error || asJson instanceof Error) {
          if (String(asObjects) !== String(asJson)) problems.push(`${page.id}: ${asObjects} / ${asJson}`);
          continue;
        }
        compared += asObjects.rows.length;
        const written = JSON.parse(asJson.rowsJson);
        if (asJson.total !== asObjects.total)
          problems.push(`${page.id}: ${asJson.total} ≠ ${asObjects.total}`);
        // What a client reads: the rows through JSON, in order.
        const expected = JSON.parse(JSON.stringify(asObjects.rows));
        expected.forEach((row: Record<string, unknown>, index: number) => {
          const other = written[index] ?? {};
          for (const key of new Set([...Object.keys(row), ...Object.keys(other)]))
            if (JSON.stringify(row[key]) !== JSON.stringify(other[key]))
              problems.push(
                `${page.id} row ${index} ${key}: ${JSON.stringify(row[key])} ≠ ${JSON.stringify(other[key])}`,
              );
        });
        if (written.length !== expected.length)
          problems.push(`${page.id}: ${written.length} rows ≠ ${expected.length}`);
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect(compared).toBeGreaterThan(5000);
  }, 300_000);
});
