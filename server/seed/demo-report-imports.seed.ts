import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { fenToYuanString } from '../../domain/money';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { translate } from '../http/i18n';
import { isPeriodLocked } from '../imports/control-dates';
import { runImport } from '../imports/import-run';
import { type ImportSpec, importSpecOf } from '../imports/import-spec';
import { templateHeader } from '../imports/template';
import { seedSalesImports } from './demo-sales-imports.seed';
import type { DemoCustomer, DemoWorld } from './demo-world';
import { afterPeriod, as } from './kit';
import type { Random } from './random';

const STOCK_PAGE = 'report.distributorStockReport';
/** The months the demo agents reported, each uploaded before its control date (the 5th of the next month). */
const PERIODS = ['2026-08', '2026-09', '2026-10'];

/** A report line as the import's template names its cells: a workbook carries the fields its import declares. */
export type Line = Record<string, string | number>;

/** An agent's upload of a month as the agent names it: the list's title, its account and the period. */
export const fileNameOf = (spec: ImportSpec, agent: DemoCustomer, period: string) =>
  `${translate('zh', spec.page.titleKey)}_${agent.accountId}_${period}.xlsx`;

/** Whether a province's control date has locked a month of the import's report type by `at`. */
export const lockedFor = (db: Db, spec: ImportSpec, period: string, province: string | null, at: Date) =>
  isPeriodLocked(db, period, spec.declared.reportType ?? '', province, at);

/** A month's stock lines of an agent: each product's opening is last month's closing (notes §7.2). */
function stockLines(world: DemoWorld, rng: Random, agent: DemoCustomer, count: number): Map<string, Line[]> {
  // One line per model: a model's opening is its last closing, so two products of one model would clash.
  const byModel = new Map(world.products.map((p) => [p.model, p]));
  const products = rng.sample([...byModel.values()], count);
  const closing = new Map(products.map((p) => [p.code, rng.int(5, 60)]));
  const byPeriod = new Map<string, Line[]>();
  for (const period of PERIODS) {
    const lines = products.map((product) => {
      const opening = closing.get(product.code) ?? 0;
      const purchase = rng.int(0, 40);
      const sales = rng.int(0, opening + purchase);
      const adjustment = rng.chance(0.1) ? -Math.min(1, opening + purchase - sales) : 0;
      const close = opening + purchase - sales + adjustment;
      closing.set(product.code, close);
      return {
        AgentName: agent.name,
        Period: period,
        ProductModel: product.model,
        OpeningQuantity: opening,
        PurchaseQuantity: purchase,
        SalesQuantity: sales,
        AdjustQuantity: adjustment,
        ClosingQuantity: close,
        StockAgeDays: rng.int(3, 180),
        StockAmount: fenToYuanString(product.priceFen * close),
      };
    });
    byPeriod.set(period, lines);
  }
  return byPeriod;
}

/** The workbook an agent would fill from the template: the Chinese headers, one line per row. */
async function workbookOf(spec: ImportSpec, lines: Line[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow(spec.declared.fields.map((field) => templateHeader('zh', spec, field)));
  for (const line of lines) sheet.addRow(spec.declared.fields.map((field) => line[field.field] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * One upload as the agent's staff, on the day it was made; the history row carries that day. A demo
 * file is refused only where the story means it to be (`refusable`): any other refusal is a bug.
 */
export async function upload(
  db: Db,
  rng: Random,
  caller: Caller,
  spec: ImportSpec,
  file: { name: string; lines: Line[]; at: Date; refusable?: boolean },
) {
  const { name: fileName, lines, at } = file;
  const path = join(tmpdir(), `demo-import-${randomUUID()}.xlsx`);
  await writeFile(path, await workbookOf(spec, lines));
  try {
    const newId = () => rng.uuid();
    const answer = await runImport({ db, caller, lang: 'zh', spec, path, fileName, at, newId });
    if (!answer.Committed && !file.refusable)
      throw new Error(`The demo import ${fileName} was refused: ${JSON.stringify(answer.Rejected)}`);
    // The rows carry the day of the upload; like the rest of the demo they name their author by name
    // only, since employee ids are drawn anew by every seed and the demo must repeat exactly.
    await sql`update record set created_at = ${at.toISOString()}::timestamptz,
        updated_at = ${at.toISOString()}::timestamptz, created_by = null
      where object_id = ${answer.ImportID} or (resource = ${spec.def.name} and created_by = ${caller.employeeId}::uuid
        and data->>'Period' = ${String(lines[0]?.Period ?? '')})`.execute(db);
    return answer;
  } finally {
    await rm(path, { force: true });
  }
}

/**
 * The demo's stock reports come in the way an agent's do (issue "Import"): the demo distributor and
 * RSP upload a workbook per month through the import, so the upload history lists real imports. One
 * RSP upload has a line that does not reconcile and an unknown model: it is refused whole, with its
 * rejected-rows file, and the corrected file follows.
 */
export async function seedReportImports(db: Db, world: DemoWorld) {
  const spec = importSpecOf(STOCK_PAGE);
  const rng = world.rng.fork('report-imports');
  const stockOf = new Map<string, Map<string, Line[]>>();
  for (const [username, agent, count] of [
    ['gd', world.demoGd, 14],
    ['rsp', world.demoRsp, 10],
  ] as const) {
    const caller = await as(db, username);
    const lines = stockLines(world, rng, agent, count);
    stockOf.set(username, lines);
    for (const period of PERIODS) {
      const at = afterPeriod(period, 3, 10, rng.int(0, 59));
      const fileName = fileNameOf(spec, agent, period);
      const rows = lines.get(period) ?? [];
      if (username === 'rsp' && period === PERIODS[PERIODS.length - 1]) {
        const typo = rows.map((row, index) =>
          index === 1
            ? { ...row, ClosingQuantity: Number(row.ClosingQuantity) + 2 }
            : index === 4
              ? { ...row, ProductModel: `${row.ProductModel}-X` }
              : row,
        );
        const before = new Date(at.getTime() - 3_600_000);
        await upload(db, rng, caller, spec, { name: fileName, lines: typo, at: before, refusable: true });
      }
      await upload(db, rng, caller, spec, { name: fileName, lines: rows, at });
    }
  }
  // What the agents sold of their stock comes in through the import too (demo-sales-imports.seed.ts).
  await seedSalesImports(db, world, stockOf.get('gd') ?? new Map(), stockOf.get('rsp') ?? new Map());
}
