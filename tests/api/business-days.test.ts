import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../catalogue/catalogue';
import type { PageEntry } from '../../catalogue/types';
import { formatDate } from '../../domain/format';
import { exportedWorkbook } from './export-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * Every day a person reads is the business clock's (SPEC §9), in every list and every export. The demo
 * is read twice: once with every stored instant moved to 23:30 of its Beijing day (the same day in UTC)
 * and once to 00:30 of the same Beijing day (the day before in UTC). A day computed on the UTC clock —
 * in SQL, in a view, in the export writer or in the list — reads differently in the two passes; a day
 * on the business clock does not.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'portal-business-days-'));
const previousDataDir = process.env.DATA_DIR;
process.env.DATA_DIR = dataDir;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp('demo');
  admin = await t.login('admin', 'Admin@123456');
});
afterAll(async () => {
  await t?.close();
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  rmSync(dataDir, { recursive: true, force: true });
});

/** Moves every instant of every table to `time` of its own Beijing day, triggers (history guards) off. */
async function everyInstantAt(time: '23:30' | '00:30') {
  const db = t.database.db;
  const { rows } = await sql<{ table: string; column: string }>`
    select c.table_name as table, c.column_name as column from information_schema.columns c
    join information_schema.tables x on x.table_schema = c.table_schema and x.table_name = c.table_name
    where c.table_schema = current_schema() and x.table_type = 'BASE TABLE'
      and c.data_type = 'timestamp with time zone'`.execute(db);
  await sql`set session_replication_role = replica`.execute(db);
  try {
    for (const { table, column } of rows) {
      const ref = sql.ref(column);
      await sql`update ${sql.table(table)} set ${ref} =
        (date_trunc('day', ${ref} at time zone 'Asia/Shanghai') + ${time}::time) at time zone 'Asia/Shanghai'
        where ${ref} is not null`.execute(db);
    }
  } finally {
    await sql`set session_replication_role = origin`.execute(db);
  }
  // Sessions moved too: log in again.
  admin = await t.login('admin', 'Admin@123456');
  return rows.length;
}

const DAY = /^\d{4}-\d{2}-\d{2}/;
const dayOf = (value: unknown) => (typeof value === 'string' && DAY.test(value) ? formatDate(value) : value);

const lists = pages.filter(
  (p): p is PageEntry & { resource: string } => p.kind === 'list' && Boolean(p.resource),
);
const dayColumns = (page: PageEntry) =>
  (page.columns ?? []).filter((c) => c.kind === 'date' || c.kind === 'dateTime').map((c) => c.field);

/** The day columns of a list's first rows as a reader sees them, by row. */
async function listDays(page: PageEntry & { resource: string }) {
  const fields = dayColumns(page);
  const answer = await t.post(`/${page.resource}/search`, { PageID: page.id, pageSize: 100 }, admin);
  if (answer.status !== 200 || !Array.isArray(answer.body.results)) return undefined;
  const rows = answer.body.results as Record<string, unknown>[];
  return new Map(
    rows.map((row, i) => [String(row.ObjectID ?? i), fields.map((f) => String(dayOf(row[f]) ?? ''))]),
  );
}

/** An export's rows, each cell that is a day or an instant reduced to its day, sorted. */
async function exportedDays(page: PageEntry) {
  const workbook = await exportedWorkbook(t, { configCode: page.export?.configCode, PageID: page.id }, admin);
  if (!workbook) return undefined;
  const lines: string[] = [];
  workbook.worksheets[0].eachRow((r) => {
    const cells = (r.values as unknown[]).slice(1).map((v) => {
      if (v instanceof Date) return v.toISOString().slice(0, 10);
      const text = String(v ?? '');
      return DAY.test(text) ? text.slice(0, 10) : text;
    });
    lines.push(JSON.stringify(cells));
  });
  return lines.sort();
}

describe('days read on the business clock', () => {
  it('are the same at 23:30 and at 00:30 of a Beijing day, in every list and export', async () => {
    const withDays = lists.filter((p) => dayColumns(p).length > 0);
    const exported = lists.filter((p) => p.export?.mode === 'job');

    expect(await everyInstantAt('23:30')).toBeGreaterThan(50);
    const lateLists = new Map<string, Map<string, string[]>>();
    for (const page of withDays) {
      const days = await listDays(page);
      if (days?.size) lateLists.set(page.id, days);
    }
    // A list the walk itself writes to (the export log, the login log) differs between any two reads.
    const lateExports = new Map<string, string[]>();
    for (const page of exported) {
      const lines = await exportedDays(page);
      const again = await exportedDays(page);
      if (lines && lines.length > 1 && JSON.stringify(lines) === JSON.stringify(again))
        lateExports.set(page.id, lines);
    }

    await everyInstantAt('00:30');
    const differences: string[] = [];
    for (const [id, late] of lateLists) {
      const early = await listDays(lists.find((p) => p.id === id) as PageEntry & { resource: string });
      for (const [key, days] of late) {
        const other = early?.get(key);
        if (other && JSON.stringify(other) !== JSON.stringify(days)) {
          differences.push(`${id} row ${key}: ${days.join(' ')} at 23:30, ${other.join(' ')} at 00:30`);
          break;
        }
      }
    }
    for (const [id, late] of lateExports) {
      const early = await exportedDays(pages.find((p) => p.id === id) as PageEntry);
      const first = late.findIndex((line, i) => early?.[i] !== line);
      if (first >= 0) differences.push(`${id} export: ${late[first]} at 23:30, ${early?.[first]} at 00:30`);
    }

    expect(differences).toEqual([]);
    // The walk read real rows: most lists with a day column and most exports hold some on the demo.
    expect(lateLists.size).toBeGreaterThan(40);
    expect(lateExports.size).toBeGreaterThan(20);
  }, 600_000);
});
