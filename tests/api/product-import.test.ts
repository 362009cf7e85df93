import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../../server/books/check-books';
import { headerOf } from '../../server/export/cell-text';
import { importSpecOf } from '../../server/imports/import-spec';
import { startTestApp, type TestApp } from './harness';

/**
 * The product file's import, of a workbook another program wrote: a new code adds a product with
 * its new model, a stored code updates that product, and a bad row is named with its row and column,
 * nothing written, the upload in the history either way.
 */
const PAGE = 'baseManage.productFiles';
const NEW_CODE = '9901Z0001';
const NEW_MODEL = 'ZX9000 G1';
let t: TestApp;
let admin = '';
let stored = { pn: '', Name: '', ProductModel: '', ExtStandardPrice_SDK: '' };
let category = '';

/** A Python that has openpyxl (the system's, when a version manager's comes first on the path). */
const python = ['python3', '/usr/bin/python3'].find(
  (command) => spawnSync(command, ['-c', 'import openpyxl']).status === 0,
);

/** A workbook written by openpyxl: the template's headers, then the rows, blank cells left empty. */
function openpyxlFile(rows: Record<string, unknown>[]): Buffer {
  const fields = importSpecOf(PAGE).declared.fields.map((f) => f.field);
  const dir = mkdtempSync(join(tmpdir(), 'products-'));
  const path = join(dir, 'products.xlsx');
  try {
    const script = `
import json, sys
from openpyxl import Workbook
spec = json.loads(sys.argv[2])
book = Workbook()
sheet = book.active
sheet.append(spec['header'])
for row in spec['rows']:
    sheet.append(row)
book.save(sys.argv[1])
`;
    const spec = {
      header: fields.map((field) => headerOf('zh', 'product', field)),
      rows: rows.map((row) => fields.map((field) => row[field] ?? null)),
    };
    const made = spawnSync(python!, ['-c', script, path, JSON.stringify(spec)], { encoding: 'utf8' });
    expect(made.stderr).toBe('');
    return readFileSync(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const upload = (content: Buffer, name: string) =>
  t.upload('/import/upload', { PageID: PAGE }, { name, content }, admin);

const product = async (code: string) =>
  (await t.post('/product/search', { pn: code, pageSize: 5 }, admin)).body.results.filter(
    (p: { pn: string }) => p.pn === code,
  );

const historyOf = async (fileName: string) =>
  (await t.post('/importHistory/search', { FileName: fileName }, admin)).body.results.filter(
    (h: { FileName: string }) => h.FileName === fileName,
  );

beforeAll(async () => {
  t = await startTestApp('demo');
  admin = await t.login('admin', 'Admin@123456');
  const first = await sql<typeof stored>`select product_code as "pn", name as "Name",
      data->>'ProductModel' as "ProductModel", standard_price::text as "ExtStandardPrice_SDK"
    from product where data->>'ProductModel' is not null order by product_code limit 1`.execute(
    t.database.db,
  );
  stored = first.rows[0];
  const word = await sql<{ content_zh: string }>`select content_zh from dictionary_entry
    where code = 'ProductCategory' and enabled order by sort limit 1`.execute(t.database.db);
  category = word.rows[0].content_zh;
}, 120_000);
afterAll(() => t?.close());

describe.skipIf(!python)('the product file import', () => {
  it('names each bad row with its column and reasons, writes nothing, and keeps the upload in the history', async () => {
    const answer = await upload(
      openpyxlFile([
        { pn: NEW_CODE, Name: '新机型', ProductModel: NEW_MODEL, ExtStandardPrice_SDK: 12800 },
        { pn: NEW_CODE, Name: '同一编码', ProductModel: NEW_MODEL },
        { pn: stored.pn, Name: null, ExtStandardPrice_SDK: '-1' },
      ]),
      'bad-products.xlsx',
    );
    expect(answer.status).toBe(422);
    const { results } = answer.body;
    expect(results).toMatchObject({ Committed: false, TotalCount: 3, FailCount: 2 });
    const code = headerOf('zh', 'product', 'pn');
    expect(results.Rejected).toEqual([
      { Row: 3, Reasons: [expect.stringContaining(code)] },
      {
        Row: 4,
        Reasons: [
          expect.stringContaining(headerOf('zh', 'product', 'Name')),
          expect.stringContaining(headerOf('zh', 'product', 'ExtStandardPrice_SDK')),
        ],
      },
    ]);
    expect(results.Rejected[0].Reasons[0]).toContain('2');
    expect(await product(NEW_CODE)).toEqual([]);
    expect(await historyOf('bad-products.xlsx')).toEqual([
      expect.objectContaining({ TotalCount: 3, SuccessCount: 0, FailCount: 2 }),
    ]);
  });

  it('adds a product of a new model and updates a stored code, recorded in the upload history', async () => {
    const answer = await upload(
      openpyxlFile([
        {
          pn: NEW_CODE,
          Name: '新机型',
          ExtProductCategory_SDK: category,
          ProductModel: NEW_MODEL,
          ExtStandardPrice_SDK: 12800,
          Enabled: '是',
        },
        {
          pn: stored.pn,
          Name: `${stored.Name}（新版）`,
          ProductModel: stored.ProductModel,
          ExtStandardPrice_SDK: '999.5',
        },
      ]),
      'products.xlsx',
    );
    expect(answer.body.message).not.toContain('无法保存');
    expect(answer.status).toBe(200);
    expect(answer.body.results).toMatchObject({ Committed: true, AddedCount: 1, ReplacedCount: 1 });
    expect(await product(NEW_CODE)).toEqual([
      expect.objectContaining({
        Name: '新机型',
        ProductModel: NEW_MODEL,
        ExtStandardPrice_SDK: '12800.00',
        Enabled: true,
      }),
    ]);
    expect(await product(stored.pn)).toEqual([
      expect.objectContaining({ Name: `${stored.Name}（新版）`, ExtStandardPrice_SDK: '999.50' }),
    ]);
    expect(await historyOf('products.xlsx')).toEqual([
      expect.objectContaining({ TotalCount: 2, SuccessCount: 2, FailCount: 0 }),
    ]);
    // The new model is one a report line may now name.
    const known = await sql<{ n: number }>`select count(*)::int as n from product
      where data->>'ProductModel' = ${NEW_MODEL}`.execute(t.database.db);
    expect(known.rows[0].n).toBe(1);
  });

  it('changes nothing when the same file comes again, and the books still balance', async () => {
    const again = await upload(
      openpyxlFile([
        {
          pn: NEW_CODE,
          Name: '新机型',
          ExtProductCategory_SDK: category,
          ProductModel: NEW_MODEL,
          ExtStandardPrice_SDK: 12800,
          Enabled: '是',
        },
      ]),
      'products-again.xlsx',
    );
    expect(again.body.results).toMatchObject({ AddedCount: 0, ReplacedCount: 0, UnchangedCount: 1 });
    const books = await checkBooks(t.database.db);
    expect(books.violations).toBe(0);
  });
});
