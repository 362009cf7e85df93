import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pageById } from '../catalogue/catalogue';
import { CustomerStatus, CustomerType } from '../domain/codes/customers.codes';
import type { Db } from '../server/db/database';
import { headerOf } from '../server/export/cell-text';

const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const PAGE = 'report.distributorStockReport';

/** The first period of the imported file: far ahead, so no control date locks it. */
const FIRST_PERIOD = 2040 * 12;
const periodOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/**
 * A stock workbook of `rows` reconciled lines, written as a stream like a big export: the
 * distributors' months from 2040 on for every model the vendor sells, each agent's models in turn and
 * each model's months in order, every line opening at the closing before it (the last stored one
 * for its first month), so the file passes the import's continuity check (docs/reports.md).
 */
async function stockWorkbook(db: Db, path: string, rows: number) {
  const agents = await sql<{ id: string; name: string }>`select object_id::text as id, name from customer
    where customer_type = ${sql.lit(CustomerType.generalDistributor)}
      and status in (${sql.lit(CustomerStatus.active)}, ${sql.lit(CustomerStatus.renewalDue)})
    order by account_id`.execute(db);
  const models = await sql<{ model: string }>`select distinct data->>'ProductModel' as model from product
    where data->>'ProductModel' is not null order by 1`.execute(db);
  const stored = await sql<{
    agent: string;
    model: string;
    closing: string;
  }>`select distinct on (company_id, data->>'ProductModel')
      company_id::text as agent, data->>'ProductModel' as model, data->>'ClosingQuantity' as closing
    from record where resource = 'stockReport' and data->>'Period' < ${periodOf(FIRST_PERIOD)}
    order by company_id, data->>'ProductModel', data->>'Period' desc, created_at desc, object_id desc`.execute(
    db,
  );
  const lastClosing = new Map(stored.rows.map((r) => [`${r.agent}|${r.model}`, Number(r.closing) || 0]));
  const months = Math.ceil(rows / (agents.rows.length * models.rows.length));
  const fields = pageById(PAGE)!.import!.fields;
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(fields.map((f) => headerOf('zh', 'stockReport', f.field))).commit();
  let written = 0;
  for (const agent of agents.rows)
    for (const { model } of models.rows) {
      let opening = lastClosing.get(`${agent.id}|${model}`) ?? 0;
      for (let month = 0; month < months && written < rows; month += 1, written += 1) {
        const line: Record<string, unknown> = {
          AgentName: agent.name,
          Period: periodOf(FIRST_PERIOD + month),
          ProductModel: model,
          OpeningQuantity: opening,
          PurchaseQuantity: 7,
          SalesQuantity: 5,
          AdjustQuantity: 0,
          ClosingQuantity: opening + 2,
          StockAgeDays: written % 90,
          StockAmount: '1234.50',
        };
        sheet.addRow(fields.map((f) => line[f.field] ?? null)).commit();
        opening += 2;
      }
    }
  sheet.commit();
  await book.commit();
}

/**
 * Imports about 50,000 stock lines through the real upload endpoint (budget ≤ 30 s, streamed,
 * bounded memory), sampling the process's resident memory meanwhile.
 */
export async function measureImport(app: FastifyInstance, db: Db, token: string) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  try {
    const path = join(dir, 'stock.xlsx');
    await stockWorkbook(db, path, IMPORT_ROWS);
    const file = readFileSync(path);
    const boundary = `----bench${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="PageID"\r\n\r\n${PAGE}\r\n`),
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="stock.xlsx"\r\ncontent-type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const startRssMb = process.memoryUsage().rss / 2 ** 20;
    let peakRssMb = startRssMb;
    const sampler = setInterval(() => {
      peakRssMb = Math.max(peakRssMb, process.memoryUsage().rss / 2 ** 20);
    }, 50);
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/portal/import/upload',
      headers: { 'x-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const ms = performance.now() - started;
    clearInterval(sampler);
    if (response.statusCode !== 200) throw new Error(`import failed: ${response.body.slice(0, 500)}`);
    return {
      rows: response.json().results.SuccessCount as number,
      ms,
      peakRssMb,
      startRssMb,
      bytes: file.length,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
