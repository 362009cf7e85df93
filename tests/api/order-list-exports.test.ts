import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../catalogue/catalogue';
import { exportedWorkbook } from './export-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * Every list of the order desk exports what it shows (the approval query, receipt allocation, payer
 * agreements, order change modification, loan modification, and the agent's own receipts): the export
 * of the person who reads the list holds its rows, with its columns' headers in words.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'portal-order-exports-'));
const previousDataDir = process.env.DATA_DIR;
process.env.DATA_DIR = dataDir;

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp('demo');
  tokens.admin = await t.login('admin', 'Admin@123456');
  tokens.rsp = await t.login('rsp', 'Demo@123456');
});
afterAll(async () => {
  await t?.close();
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  rmSync(dataDir, { recursive: true, force: true });
});

async function exported(pageId: string, token: string) {
  const page = pages.find((p) => p.id === pageId)!;
  const refused: { answer?: unknown } = {};
  const workbook = await exportedWorkbook(
    t,
    { configCode: page.export?.configCode, PageID: page.id },
    token,
    refused,
  );
  expect(workbook, JSON.stringify(refused.answer)).toBeDefined();
  const sheet = workbook!.worksheets[0];
  return { rows: sheet.rowCount - 1, headers: (sheet.getRow(1).values as unknown[]).slice(1).map(String) };
}

describe('the order desk’s lists export what they show', () => {
  it.each([
    ['ordersSetup.approvalQuery', 'admin'],
    ['ordersSetup.paymentAllocations', 'admin'],
    ['ordersSetup.payerAgreements', 'admin'],
    ['ordersSetup.orderChangeModify', 'admin'],
    ['ordersSetup.loanOrderModify', 'admin'],
    ['ordersSetup.agentReceipts', 'rsp'],
  ])('%s, as %s', async (pageId, who) => {
    const page = pages.find((p) => p.id === pageId)!;
    const list = await t.post(`/${page.resource}/search`, { PageID: pageId, pageSize: 1 }, tokens[who]);
    expect(list.status, list.body.message).toBe(200);
    expect(list.body.totalSize).toBeGreaterThan(0);
    const file = await exported(pageId, tokens[who]);
    expect(file.rows).toBe(list.body.totalSize);
    expect(file.headers).toHaveLength(page.columns?.length ?? 0);
    for (const header of file.headers) expect(header).not.toMatch(/^[A-Z][A-Za-z]+$/);
  });
});
