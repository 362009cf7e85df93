import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { CustomerStatus } from '../../domain/codes/customers.codes';
import { RSPShipmentType, SalesCustomerType } from '../../domain/codes/reports.codes';
import { fenToYuanString } from '../../domain/money';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { translate } from '../http/i18n';
import { isPeriodLocked } from '../imports/control-dates';
import { runImport } from '../imports/import-run';
import { type ImportSpec, importSpecOf } from '../imports/import-spec';
import { templateHeader } from '../imports/template';
import { SERIES } from './demo-products.seed';
import { creditCodeIn } from './demo-text';
import { activeRsps, type DemoCustomer, type DemoProduct, type DemoWorld } from './demo-world';
import { afterPeriod, as } from './kit';
import { compactDay, type Random } from './random';
import { storyTable, words } from './story-data';

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

/** An agent's stock lines per period, as it imported them: what it sold of each model is their SalesQuantity. */
type StockByPeriod = Map<string, Line[]>;

/** A month's stock lines of an agent: each product's opening is last month's closing (notes §7.2). */
function stockLines(world: DemoWorld, rng: Random, agent: DemoCustomer, count: number): StockByPeriod {
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
      const moved = { OpeningQuantity: opening, PurchaseQuantity: purchase, SalesQuantity: sales };
      const left = { AdjustQuantity: adjustment, ClosingQuantity: close, StockAgeDays: rng.int(3, 180) };
      const line = { AgentName: agent.name, Period: period, ProductModel: product.model, ...moved };
      return { ...line, ...left, StockAmount: fenToYuanString(product.priceFen * close) };
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
 * RSP upload a workbook per month through the import (stories/stock-reports.tsv), so the upload history
 * lists real imports, a refused one among them.
 */
export async function seedReportImports(db: Db, world: DemoWorld) {
  const spec = importSpecOf(STOCK_PAGE);
  const rng = world.rng.fork('report-imports');
  const stockOf = new Map<string, StockByPeriod>();
  for (const plan of storyTable('stock-reports')) {
    const [username, agent] = [plan.agent, plan.agent === 'gd' ? world.demoGd : world.demoRsp];
    const caller = await as(db, username);
    const lines = stockLines(world, rng, agent, Number(plan.models));
    stockOf.set(username, lines);
    for (const period of PERIODS) {
      const at = afterPeriod(period, 3, 10, rng.int(0, 59));
      const fileName = fileNameOf(spec, agent, period);
      const rows = lines.get(period) ?? [];
      if (period === plan.refusedMonth) {
        const typo = rows.map((row, index) =>
          index + 1 === Number(plan.unreconciledLine)
            ? { ...row, ClosingQuantity: Number(row.ClosingQuantity) + 2 }
            : index + 1 === Number(plan.unknownModelLine)
              ? { ...row, ProductModel: `${row.ProductModel}-X` }
              : row,
        );
        const before = new Date(at.getTime() - 3_600_000);
        await upload(db, rng, caller, spec, { name: fileName, lines: typo, at: before, refusable: true });
      }
      await upload(db, rng, caller, spec, { name: fileName, lines: rows, at });
    }
  }
  // What the agents sold of their stock comes in through the import too.
  await seedSalesImports(db, world, stockOf.get('gd') ?? new Map(), stockOf.get('rsp') ?? new Map());
}

/**
 * The distributor's months reported here; its October sales come in with their review
 * (demo-report-reviews.seed.ts), which corrects them by importing again.
 */
const GD_PERIODS = ['2026-08', '2026-09'];
/** The RSP product group of a product category (stories/products.tsv); services are not shipped. */
const PRODUCT_GROUP = new Map(SERIES.map((s) => [s.category, s.rspGroup ?? '']));

export const yuan = (fen: number) => (fen / 100).toFixed(2);
const dayIn = (rng: Random, period: string) => `${period}-${String(rng.int(3, 28)).padStart(2, '0')}`;

/** The day goods moved, under the name each report's template gives it (each import reads its own). */
export const movedOn = (day: string) => ({ OutboundDate: day, ShipmentDate: day, InboundDate: day });

/** A buyer as the report lines name it (an agent, or an end user shipped to directly). */
export const asBuyer = (c: Buyer, type: SalesCustomerType = SalesCustomerType.downstreamAgent): Line => ({
  CustomerName: c.name,
  CreditCode: c.creditCode,
  SalesCustomerType: type,
  ShipmentType: type === SalesCustomerType.endUser ? RSPShipmentType.direct : RSPShipmentType.distribution,
  ProvinceName: c.province.nameZh,
  CityName: c.city.nameZh,
});
type Buyer = Pick<DemoCustomer, 'name' | 'creditCode' | 'province' | 'city'>;

/**
 * What an agent sold of its stock lines (each line's sales quantity split over one to three buyers, at
 * the agent's price over the standard one), as the lines its reports share; one buyer's goods of a model
 * leaving on one day are one line, as an agent writes it.
 */
function salesOf(rng: Random, stock: Line[], byModel: Map<string, DemoProduct>, buyers: () => Line) {
  const sales: Line[] = [];
  for (const line of stock) {
    const product = byModel.get(String(line.ProductModel));
    let left = Number(line.SalesQuantity);
    if (!product || left <= 0) continue;
    const UnitPrice = yuan(Math.round((product.priceFen * rng.int(102, 108)) / 100));
    const parts: Line[] = [];
    for (let part = 0; left > 0; part += 1) {
      const Quantity = part === 2 ? left : rng.int(1, left);
      left -= Quantity;
      const [buyer, day] = [buyers(), dayIn(rng, String(line.Period))];
      const same = parts.find((s) => s.CreditCode === buyer.CreditCode && s.OutboundDate === day);
      if (same) same.Quantity = Number(same.Quantity) + Quantity;
      else {
        const ProductGroup = PRODUCT_GROUP.get(product.category) ?? '';
        parts.push({
          ...buyer,
          ProductModel: product.model,
          ProductGroup,
          Quantity,
          UnitPrice,
          ...movedOn(day),
        });
      }
    }
    sales.push(...parts);
  }
  return sales.sort((a, b) => String(a.OutboundDate).localeCompare(String(b.OutboundDate)));
}

/** An agent's report of a month, the day after its stock report; nothing while the month is locked. */
async function uploadMonth(
  db: Db,
  rng: Random,
  report: { by: Caller; page: string; agent: DemoCustomer; lines: Line[] },
) {
  const { by, agent, lines } = report;
  if (!lines.length) return;
  const [spec, period] = [importSpecOf(report.page), String(lines[0].Period)];
  const at = afterPeriod(period, 4, 10, rng.int(0, 59));
  if (await lockedFor(db, spec, period, agent.province.code, at)) return;
  await upload(db, rng, by, spec, { name: fileNameOf(spec, agent, period), lines, at });
}

/**
 * The demo agents' sales and shipment reports come in through the import, like their stock reports
 * (docs/reports.md): what each sold of a model in a month is its stock line's sales quantity, split
 * over the customers it serves.
 * - The distributor sells to the RSPs it supplies: its sales report and the shipment report of the
 *   same deliveries; the sales operations desk imports the buyers' purchase lines naming it as
 *   supplier, so the GD ↔ RSP cross-check of the reconciliation has matched rows.
 * - The RSP ships to its CCPs and to the end users of its orders: its RSP shipment report.
 */
async function seedSalesImports(db: Db, world: DemoWorld, gdStock: StockByPeriod, rspStock: StockByPeriod) {
  const rng = world.rng.fork('sales-imports');
  const byModel = new Map(world.products.map((p) => [p.model, p]));
  const [gd, rsp, ops] = await Promise.all([as(db, 'gd'), as(db, 'rsp'), as(db, 'ops')]);

  const supplied = activeRsps(world).filter((c) => c.totalAgent === world.demoGd.totalAgent);
  const gdBuyers = supplied.length ? supplied : [world.demoRsp];
  const agent = world.demoGd;
  let shipmentNo = 0;
  for (const period of GD_PERIODS) {
    const sold = salesOf(rng, gdStock.get(period) ?? [], byModel, () => asBuyer(rng.pick(gdBuyers))).map(
      (s): Line => ({ AgentName: agent.name, Period: period, ...s }),
    );
    await uploadMonth(db, rng, { by: gd, page: 'report.distributorSalesReport', agent, lines: sold });
    const shipped = sold.map((s) => ({
      ...s,
      ShipmentNo: `CK${compactDay(String(s.ShipmentDate))}${String(++shipmentNo).padStart(3, '0')}`,
      ConsigneeName: s.CustomerName,
      Address: `${s.ProvinceName}${s.CityName === s.ProvinceName ? '' : s.CityName}${rng.pick(words('shipmentRoads'))}${rng.int(1, 399)}号`,
      ContactName: rng.personName(),
      ContactPhone: rng.mobile(),
      LogisticsCompany: rng.pick(words('shipmentCarriers')),
      TrackingNo: `YD${rng.digits(12)}`,
    }));
    await uploadMonth(db, rng, { by: gd, page: 'report.distributorShipmentReports', agent, lines: shipped });
    await reportPurchases(db, rng, ops, world, sold);
  }

  const ccps = world.customers.filter(
    (c) => c.parentId === world.demoRsp.id && c.status === CustomerStatus.active,
  );
  const endUsers = endUsersOf(world, rng);
  for (const [period, stock] of rspStock) {
    const buyers = () => (ccps.length && rng.chance(0.4) ? asBuyer(rng.pick(ccps)) : rng.pick(endUsers));
    const lines = salesOf(rng, stock, byModel, buyers)
      .filter((s) => s.ProductGroup)
      .map((s) => ({ AgentName: world.demoRsp.name, Period: period, ...s }));
    await uploadMonth(db, rng, { by: rsp, page: 'report.rspShipmentReports', agent: world.demoRsp, lines });
  }
}

/** The end users of the RSP's own orders, each with a credit code registered in the RSP's city. */
function endUsersOf(world: DemoWorld, rng: Random): Line[] {
  const rsp = world.demoRsp;
  const names = [...new Set(world.orders.filter((o) => o.agent.id === rsp.id).map((o) => o.endUser))].sort();
  const place = { province: rsp.province, city: rsp.city };
  return (names.length ? names : [`${rsp.city.nameZh}${rsp.name.slice(0, 2)}最终用户有限公司`]).map((name) =>
    asBuyer({ name, creditCode: creditCodeIn(rng, rsp.city.code), ...place }, SalesCustomerType.endUser),
  );
}

/** The buyers' purchase lines of what the distributor sold them, imported for them by sales operations. */
async function reportPurchases(db: Db, rng: Random, ops: Caller, world: DemoWorld, sold: Line[]) {
  if (!sold.length) return;
  const period = String(sold[0].Period);
  const at = afterPeriod(period, 4, 14, rng.int(0, 59));
  const spec = importSpecOf('report.distributorPurchaseReport');
  const lines = [];
  for (const s of sold) {
    const buyer = world.customers.find((c) => c.creditCode === s.CreditCode);
    if (buyer && !(await lockedFor(db, spec, period, buyer.province.code, at)))
      lines.push({ ...s, AgentName: buyer.name, SupplierName: world.demoGd.name });
  }
  const name = `purchase_${world.demoGd.name}_${period}.xlsx`;
  if (lines.length) await upload(db, rng, ops, spec, { name, lines, at });
}
