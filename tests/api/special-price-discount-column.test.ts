import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../catalogue/catalogue';
import { discountWords } from '../../domain/discount';
import { cellValueText, discountTextOf } from '../../domain/value-text';
import { headerOf } from '../../server/export/cell-text';
import { translate } from '../../server/http/i18n';
import { endsWithBooksBalanced } from './books-kit';
import { exportedWorkbook } from './export-kit';
import { startTestApp, type TestApp } from './harness';
import { registrationBody } from './opportunity-registration-body';

/**
 * The special-price list's 加权平均折扣 is the discount a reader expects (a request at 97 % of the
 * standard price is "9.7折（优惠 3.00%）"), in the table and in its export alike, never the price ratio.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'portal-discount-column-'));
const previousDataDir = process.env.DATA_DIR;
process.env.DATA_DIR = dataDir;

let t: TestApp;
const tokens: Record<string, string> = {};
const PAGE = 'business.specialPriceApproval';

beforeAll(async () => {
  t = await startTestApp();
  tokens.rsp = await t.login('rsp', 'Demo@123456');
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  rmSync(dataDir, { recursive: true, force: true });
});

/** The RSP's protected opportunity with a special price asked at 97 % of a product's standard price. */
async function askedAt97() {
  const agent = await sql<{
    name: string;
  }>`select c.name from employee e join customer c on c.object_id = e.company_id
    where e.username = 'rsp'`.execute(t.database.db);
  const created = await t.post(
    '/opportunity/create',
    registrationBody({ AgentName: agent.rows[0].name }),
    tokens.rsp,
  );
  const id = created.body.results.ObjectID as string;
  await t.post(
    '/workflow/decide',
    { workflow: 'opportunityRegistration', ObjectID: id, command: 'submit', payload: {} },
    tokens.rsp,
  );
  const closed = await sql<{ pn: string }>`select data->>'ProductCode' as pn from record
    where resource = 'salesProductConfig' and data->>'SpecialPriceAllowed' = 'false'`.execute(t.database.db);
  const shut = new Set(closed.rows.map((r) => r.pn));
  const prices = await t.post('/product/getStandardPrice', { keyword: '', pageSize: 50 }, tokens.rsp);
  const product = (prices.body.results as { pn: string; StandardPrice: string }[]).find(
    (p) => !shut.has(p.pn),
  )!;
  const fen = Math.floor((Math.round(Number(product.StandardPrice) * 100) * 97) / 100);
  const applied = await t.post(
    '/specialApproval/applyApproval',
    {
      OpportunityID: id,
      Brand: '101',
      ExtDueDate_SDK: '2026-12-20',
      ExtBidOpeningDate_SDK: '2030-01-10',
      ExtApplyReason_SDK: 'Competitor quoted lower',
      ExtChannelMargin_SDK: 'RSP 3 %',
      Lines: [{ ProductCode: product.pn, Quantity: 10, RequestedPrice: (fen / 100).toFixed(2) }],
    },
    tokens.rsp,
  );
  expect(applied.status, applied.body.message).toBe(200);
  return applied.body.results.ExtSpecialApprovalNo_SDK as string;
}

describe('the special-price list’s 加权平均折扣', () => {
  it('shows the discount, in the table and in its export', async () => {
    const no = await askedAt97();
    const page = pages.find((p) => p.id === PAGE)!;
    const column = page.columns!.find((c) => c.field === 'ExtWeightedDiscount_SDK')!;
    const list = await t.post('/specialApproval/search', { PageID: PAGE, pageSize: 100 }, tokens.rsp);
    const row = (list.body.results as Record<string, unknown>[]).find(
      (r) => r.ExtSpecialApprovalNo_SDK === no,
    )!;
    const ratio = String(row.ExtWeightedDiscount_SDK);
    const words = discountWords(ratio);
    expect(words?.key).toBe('discount');
    const off = (words as { params: { off: string; zhe: string } }).params;
    expect(Number(off.off)).toBeGreaterThanOrEqual(3);
    expect(Number(off.off)).toBeLessThan(3.1);

    // The table's cell, in the reader's language, as the list draws it.
    const cell = (lang: 'zh' | 'en') =>
      cellValueText(column, row, {
        discountText: discountTextOf((key, params) => translate(lang, key, params)),
      });
    expect(cell('zh')).toBe(`${off.zhe}折（优惠 ${off.off}%）`);
    expect(cell('en')).toContain(`${off.off}% off`);
    expect(cell('zh')).not.toContain(`${ratio}%`);

    // The export's cell reads the same words under the column's header.
    const workbook = await exportedWorkbook(
      t,
      { configCode: page.export?.configCode, PageID: PAGE },
      tokens.rsp,
    );
    const sheet = workbook!.worksheets[0];
    const headers = (sheet.getRow(1).values as unknown[]).map(String);
    const at = headers.indexOf(headerOf('zh', 'specialApproval', 'ExtWeightedDiscount_SDK'));
    expect(headers[at]).toBe('加权平均折扣');
    expect(at).toBeGreaterThan(0);
    const numberAt = headers.indexOf(headerOf('zh', 'specialApproval', 'ExtSpecialApprovalNo_SDK'));
    let exported: unknown;
    sheet.eachRow((r) => {
      if (r.getCell(numberAt).value === no) exported = r.getCell(at).value;
    });
    expect(exported).toBe(cell('zh'));
  });
});

// What `npm run verify-books` checks holds in the world these tests left.
endsWithBooksBalanced(() => t, ['agents', 'orders', 'rebates', 'reports', 'salesTasks', 'system']);
