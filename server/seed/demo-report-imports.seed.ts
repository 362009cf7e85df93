import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { CustomerStatus } from '../../domain/codes/customers.codes';
import { RSPShipmentType, SalesCustomerType } from '../../domain/codes/reports.codes';
import { fenToYuanString } from '../../domain/money';
import { creditCodeIn } from '../../domain/random';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { translate } from '../http/i18n';
import { runImport } from '../imports/import-run';
import { type ImportSpec, importSpecOf } from '../imports/import-spec';
import { templateHeader } from '../imports/template';
import { SERIES } from './demo-products.seed';
import { activeRsps, type DemoCustomer, type DemoProduct, type DemoWorld } from './demo-world';
import { afterPeriod, as } from './kit';
import { compactDay, type Random, two } from './random';
import { storyTable, words } from './story-data';

/** The months the demo agents reported, each uploaded before its control date (the 5th of the next month). */
const PERIODS = ['2026-08', '2026-09', '2026-10'];

/** A report line as the import's template names its cells: a workbook carries the fields its import declares. */
export type Line = Record<string, string | number>;
type Upload = { name: string; lines: Line[]; at: Date; refusable?: boolean };

/** An agent's upload of a month as the agent names it: the list's title, its account and the period. */
export const fileNameOf = (spec: ImportSpec, agent: DemoCustomer, period: string) =>
  `${translate('zh', spec.page.titleKey)}_${agent.accountId}_${period}.xlsx`;

/** The demo's products by model, as report lines name them. */
export const byModel = (world: DemoWorld) => new Map(world.products.map((p) => [p.model, p]));

/**
 * One upload of the workbook an agent fills from the template, on the day it was made; a demo file is
 * refused only where the story means it to be (`refusable`): any other refusal is a bug.
 */
export async function upload(db: Db, rng: Random, caller: Caller, spec: ImportSpec, file: Upload) {
  const { name: fileName, lines, at } = file;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow(spec.declared.fields.map((field) => templateHeader('zh', spec, field)));
  for (const line of lines) sheet.addRow(spec.declared.fields.map((field) => line[field.field] ?? null));
  const path = join(tmpdir(), `demo-import-${randomUUID()}.xlsx`);
  await workbook.xlsx.writeFile(path);
  try {
    const newId = () => rng.uuid();
    const answer = await runImport({ db, caller, lang: 'zh', spec, path, fileName, at, newId });
    if (!answer.Committed && !file.refusable)
      throw new Error(`The demo import ${fileName} was refused: ${JSON.stringify(answer.Rejected)}`);
  } finally {
    await rm(path, { force: true });
  }
}

/** An agent's stock lines per month, one per model (whose opening is its last closing, notes §7.2). */
function stockLines(world: DemoWorld, rng: Random, agent: DemoCustomer, count: number) {
  const products = rng.sample([...byModel(world).values()], count);
  const closing = new Map(products.map((p) => [p.code, rng.int(5, 60)]));
  const month = (Period: string) =>
    products.map((p): Line => {
      const [OpeningQuantity, PurchaseQuantity] = [closing.get(p.code) ?? 0, rng.int(0, 40)];
      const SalesQuantity = rng.int(0, OpeningQuantity + PurchaseQuantity);
      const left = OpeningQuantity + PurchaseQuantity - SalesQuantity;
      const AdjustQuantity = rng.chance(0.1) ? -Math.min(1, left) : 0;
      const ClosingQuantity = left + AdjustQuantity;
      closing.set(p.code, ClosingQuantity);
      const line = { AgentName: agent.name, Period, ProductModel: p.model, StockAgeDays: rng.int(3, 180) };
      const moved = { OpeningQuantity, PurchaseQuantity, SalesQuantity, AdjustQuantity, ClosingQuantity };
      return { ...line, ...moved, StockAmount: fenToYuanString(p.priceFen * ClosingQuantity) };
    });
  return new Map(PERIODS.map((period) => [period, month(period)]));
}

/**
 * The demo distributor and RSP upload a stock workbook per month through the import, as agents do
 * (stories/stock-reports.tsv), so the upload history lists real imports, a refused one among them.
 */
export async function seedReportImports(db: Db, world: DemoWorld) {
  const spec = importSpecOf('report.distributorStockReport');
  const rng = world.rng.fork('report-imports');
  const stockOf = new Map<string, Map<string, Line[]>>();
  for (const plan of storyTable('stock-reports')) {
    const [caller, agent] = [await as(db, plan.agent), plan.agent === 'gd' ? world.demoGd : world.demoRsp];
    const stock = stockLines(world, rng, agent, Number(plan.models));
    stockOf.set(plan.agent, stock);
    for (const [period, lines] of stock) {
      const at = afterPeriod(period, 3, 10, rng.int(0, 59));
      const file = { name: fileNameOf(spec, agent, period), lines, at };
      if (period === plan.refusedMonth) {
        const refused = lines.map((line) => ({ ...line }));
        const lineOf = (column: string) => refused[Number(plan[column]) - 1];
        lineOf('unreconciledLine').ClosingQuantity = Number(lineOf('unreconciledLine').ClosingQuantity) + 2;
        lineOf('unknownModelLine').ProductModel += '-X';
        const early = new Date(at.getTime() - 3_600_000);
        await upload(db, rng, caller, spec, { ...file, lines: refused, at: early, refusable: true });
      }
      await upload(db, rng, caller, spec, file);
    }
  }
  await seedSalesImports(db, world, stockOf);
}

/** The RSP product group of a product category (stories/products.tsv); services are not shipped. */
const PRODUCT_GROUP = new Map(SERIES.map((s) => [s.category, s.rspGroup ?? '']));

/** The day goods moved, under the name each report's template gives it (each import reads its own). */
export const movedOn = (day: string) => ({ OutboundDate: day, ShipmentDate: day, InboundDate: day });

/** A buyer as the report lines name it (an agent, or an end user shipped to directly). */
export function asBuyer(c: Buyer, type: SalesCustomerType = SalesCustomerType.downstreamAgent): Line {
  const ShipmentType = RSPShipmentType[type === SalesCustomerType.endUser ? 'direct' : 'distribution'];
  const place = { ProvinceName: c.province.nameZh, CityName: c.city.nameZh };
  return { CustomerName: c.name, CreditCode: c.creditCode, SalesCustomerType: type, ShipmentType, ...place };
}
type Buyer = Pick<DemoCustomer, 'name' | 'creditCode' | 'province' | 'city'>;

/**
 * What an agent sold of its stock lines: each line's sales quantity split over one to three buyers at
 * its price; one buyer's goods of a model leaving on one day are one line, as an agent writes it.
 */
function salesOf(rng: Random, stock: Line[], models: Map<string, DemoProduct>, buyers: () => Line) {
  const sales: Line[] = [];
  for (const { AgentName, Period, ProductModel, SalesQuantity } of stock) {
    const product = models.get(String(ProductModel));
    let left = Number(SalesQuantity);
    if (!product || left <= 0) continue;
    const UnitPrice = fenToYuanString(Math.round((product.priceFen * rng.int(102, 108)) / 100));
    const ProductGroup = PRODUCT_GROUP.get(product.category) ?? '';
    const sold = { AgentName, Period, ProductModel, ProductGroup, UnitPrice };
    const parts: Line[] = [];
    for (let part = 0; left > 0; part += 1) {
      const Quantity = part === 2 ? left : rng.int(1, left);
      left -= Quantity;
      const [buyer, day] = [buyers(), `${Period}-${two(rng.int(3, 28))}`];
      const same = parts.find((s) => s.CreditCode === buyer.CreditCode && s.OutboundDate === day);
      if (same) same.Quantity = Number(same.Quantity) + Quantity;
      else parts.push({ ...sold, ...buyer, Quantity, ...movedOn(day) });
    }
    sales.push(...parts);
  }
  return sales.sort((a, b) => String(a.OutboundDate).localeCompare(String(b.OutboundDate)));
}

/**
 * The demo agents' sales and shipment reports come in through the import too (docs/reports.md), of
 * what their stock lines sold. The distributor sells to the RSPs it supplies (its October sales come
 * with their review, demo-report-reviews.seed.ts), and sales operations import the buyers' purchase
 * lines naming it, so the reconciliation's GD ↔ RSP cross-check has matched rows; the RSP ships to its
 * CCPs and to the end users of its orders.
 */
async function seedSalesImports(db: Db, world: DemoWorld, stockOf: Map<string, Map<string, Line[]>>) {
  const rng = world.rng.fork('sales-imports');
  const models = byModel(world);
  const [gd, rsp, ops] = await Promise.all([as(db, 'gd'), as(db, 'rsp'), as(db, 'ops')]);
  /** An agent's report of a month, the day after its stock report, still before its control date. */
  const report = async (by: Caller, page: string, agent: DemoCustomer, lines: Line[], hour = 10) => {
    const [spec, period] = [importSpecOf(page), String(lines[0].Period)];
    const at = afterPeriod(period, 4, hour, rng.int(0, 59));
    await upload(db, rng, by, spec, { name: fileNameOf(spec, agent, period), lines, at });
  };

  const { demoGd, demoRsp } = world;
  const supplied = activeRsps(world).filter((c) => c.totalAgent === demoGd.totalAgent);
  const gdBuyer = () => asBuyer(rng.pick(supplied.length ? supplied : [demoRsp]));
  let shipmentNo = 0;
  for (const period of PERIODS.slice(0, 2)) {
    const sold = salesOf(rng, stockOf.get('gd')?.get(period) ?? [], models, gdBuyer);
    await report(gd, 'report.distributorSalesReport', demoGd, sold);
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
    await report(gd, 'report.distributorShipmentReports', demoGd, shipped);
    // The buyers' purchase lines of the same goods, which sales operations import for them in the afternoon.
    const bought = sold.map((s) => ({ ...s, AgentName: s.CustomerName, SupplierName: demoGd.name }));
    await report(ops, 'report.distributorPurchaseReport', demoGd, bought, 14);
  }

  const ccps = world.customers.filter((c) => c.parentId === demoRsp.id && c.status === CustomerStatus.active);
  // The end users of the RSP's own orders, each with a credit code registered in the RSP's city.
  const names = [...new Set(world.orders.filter((o) => o.agent.id === demoRsp.id).map((o) => o.endUser))];
  const endUser = (name: string) => ({ ...demoRsp, name, creditCode: creditCodeIn(rng, demoRsp.city.code) });
  const endUsers = names.sort().map((name) => asBuyer(endUser(name), SalesCustomerType.endUser));
  const rspBuyer = () => (ccps.length && rng.chance(0.4) ? asBuyer(rng.pick(ccps)) : rng.pick(endUsers));
  for (const stock of stockOf.get('rsp')?.values() ?? []) {
    const lines = salesOf(rng, stock, models, rspBuyer).filter((s) => s.ProductGroup);
    await report(rsp, 'report.rspShipmentReports', demoRsp, lines);
  }
}
