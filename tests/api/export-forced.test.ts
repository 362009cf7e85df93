import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../catalogue/catalogue';
import { exportedWorkbook } from './export-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * SPEC §6's forced export parameters narrow an export to what its list already shows: the legacy
 * screen sent them to say which rows the list is of, so on the demo's data the administrator's export
 * of every such page holds exactly the rows of its list.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'portal-export-forced-'));
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
  // Assigning undefined would store the text "undefined": the next suites would write into ./undefined.
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  rmSync(dataDir, { recursive: true, force: true });
});

async function exportedRowCount(body: Record<string, unknown>) {
  const refused: { answer?: unknown } = {};
  const workbook = await exportedWorkbook(t, body, admin, refused);
  expect(workbook, JSON.stringify(refused.answer)).toBeDefined();
  return (workbook?.worksheets[0].rowCount ?? 1) - 1;
}

const forced = pages.filter((p) => p.kind === 'list' && p.export?.forced);

describe('an export with forced parameters', () => {
  it('is declared by several pages', () => {
    expect(forced.length).toBeGreaterThanOrEqual(8);
  });

  it.each(forced.map((p) => [p.id, p] as const))('of %s holds the rows of its list', async (_, page) => {
    const list = await t.post('/' + page.resource + '/search', { PageID: page.id, pageSize: 1 }, admin);
    expect(list.status, list.body.message).toBe(200);
    expect(list.body.totalSize).toBeGreaterThan(0);
    expect(await exportedRowCount({ configCode: page.export?.configCode, PageID: page.id })).toBe(
      list.body.totalSize,
    );
  });
});
