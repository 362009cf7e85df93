import { CustomerStatus } from '../../domain/codes/customers.codes';
import { RSPShipmentType, SalesCustomerType } from '../../domain/codes/reports.codes';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { translate } from '../http/i18n';
import { isPeriodLocked } from '../imports/control-dates';
import { type ImportSpec, importSpecOf } from '../imports/import-spec';
import { SERIES } from './demo-products.seed';
import { upload } from './demo-report-imports.seed';
import { creditCodeIn } from './demo-text';
import { activeRsps, type DemoCustomer, type DemoProduct, type DemoWorld } from './demo-world';
import { afterPeriod, as } from './kit';
import { compactDay, type Random } from './random';
import { words } from './story-data';

type Line = Record<string, string | number>;
/** An agent's stock lines per period, as it imported them: what it sold of each model is their SalesQuantity. */
export type StockByPeriod = Map<string, Line[]>;

const SALES_PAGE = 'report.distributorSalesReport';
const SHIPMENT_PAGE = 'report.distributorShipmentReports';
const RSP_SHIPMENT_PAGE = 'report.rspShipmentReports';
const PURCHASE_PAGE = 'report.distributorPurchaseReport';
/**
 * The distributor's months reported here; its October sales come in with their review
 * (demo-report-reviews.seed.ts), which corrects them by importing again.
 */
const GD_PERIODS = ['2026-08', '2026-09'];
/** The RSP product group of a product category (stories/products.tsv); services are not shipped. */
const PRODUCT_GROUP = new Map(SERIES.map((s) => [s.category, s.rspGroup]));

export interface Sale {
  buyer: { name: string; creditCode: string; province: string; city: string; agent: boolean };
  product: DemoProduct;
  quantity: number;
  priceYuan: string;
  day: string;
}

export const yuan = (fen: number) => (fen / 100).toFixed(2);
const dayIn = (rng: Random, period: string) => `${period}-${String(rng.int(3, 28)).padStart(2, '0')}`;

/** A model's sold quantity split over one to three customers, at the agent's price over the standard one. */
function salesOf(
  rng: Random,
  stock: Line[],
  productOf: (model: string) => DemoProduct | undefined,
  buyers: () => Sale['buyer'],
  period: string,
): Sale[] {
  const sales: Sale[] = [];
  for (const line of stock) {
    const product = productOf(String(line.ProductModel));
    let left = Number(line.SalesQuantity);
    if (!product || left <= 0) continue;
    const priceYuan = yuan(Math.round((product.priceFen * rng.int(102, 108)) / 100));
    const parts: Sale[] = [];
    for (let part = 0; left > 0; part += 1) {
      const quantity = part === 2 ? left : rng.int(1, left);
      left -= quantity;
      const sale = { buyer: buyers(), product, quantity, priceYuan, day: dayIn(rng, period) };
      // One buyer's goods of a model leaving on one day are one line of the report, as an agent writes it.
      const same = parts.find((s) => s.buyer.creditCode === sale.buyer.creditCode && s.day === sale.day);
      if (same) same.quantity += quantity;
      else parts.push(sale);
    }
    sales.push(...parts);
  }
  return sales.sort((a, b) => a.day.localeCompare(b.day));
}

/** A line of the distributor's sales report: what one buyer took of a model on a day. */
export const salesLine = (agent: DemoCustomer, period: string, s: Sale) => ({
  AgentName: agent.name,
  Period: period,
  CustomerName: s.buyer.name,
  CreditCode: s.buyer.creditCode,
  SalesCustomerType: SalesCustomerType.downstreamAgent,
  ProductModel: s.product.model,
  Quantity: s.quantity,
  UnitPrice: s.priceYuan,
  OutboundDate: s.day,
  ProvinceName: s.buyer.province,
  CityName: s.buyer.city,
});

export const asBuyer = (c: DemoCustomer): Sale['buyer'] => ({
  name: c.name,
  creditCode: c.creditCode,
  province: c.province.nameZh,
  city: c.city.nameZh,
  agent: true,
});

/** The agent's upload of a month, the day after its stock report; nothing while the month is locked. */
async function uploadMonth(
  db: Db,
  rng: Random,
  caller: Caller,
  spec: ImportSpec,
  agent: DemoCustomer,
  period: string,
  lines: Line[],
) {
  if (!lines.length) return;
  const at = afterPeriod(period, 4, 10, rng.int(0, 59));
  if (await isPeriodLocked(db, period, spec.declared.reportType ?? '', agent.province.code, at)) return;
  const title = translate('zh', spec.page.titleKey);
  await upload(db, rng, caller, spec, { name: `${title}_${agent.accountId}_${period}.xlsx`, lines, at });
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
export async function seedSalesImports(
  db: Db,
  world: DemoWorld,
  gdStock: StockByPeriod,
  rspStock: StockByPeriod,
) {
  const rng = world.rng.fork('sales-imports');
  const byModel = new Map(world.products.map((p) => [p.model, p]));
  const productOf = (model: string) => byModel.get(model);
  const [gd, rsp, ops] = await Promise.all([as(db, 'gd'), as(db, 'rsp'), as(db, 'ops')]);

  const supplied = activeRsps(world).filter((c) => c.totalAgent === world.demoGd.totalAgent);
  const gdBuyers = supplied.length ? supplied : [world.demoRsp];
  const [sales, shipments, purchases] = [SALES_PAGE, SHIPMENT_PAGE, PURCHASE_PAGE].map(importSpecOf);
  let shipmentNo = 0;
  for (const period of GD_PERIODS) {
    const buyers = () => asBuyer(rng.pick(gdBuyers));
    const sold = salesOf(rng, gdStock.get(period) ?? [], productOf, buyers, period);
    const agent = world.demoGd;
    const salesLines = sold.map((s) => salesLine(agent, period, s));
    await uploadMonth(db, rng, gd, sales, agent, period, salesLines);
    const shipmentLines = sold.map((s) => {
      shipmentNo += 1;
      return {
        AgentName: agent.name,
        Period: period,
        ShipmentNo: `CK${compactDay(s.day)}${String(shipmentNo).padStart(3, '0')}`,
        ConsigneeName: s.buyer.name,
        Address: `${s.buyer.province}${s.buyer.city === s.buyer.province ? '' : s.buyer.city}${rng.pick(words('shipmentRoads'))}${rng.int(1, 399)}号`,
        ContactName: rng.personName(),
        ContactPhone: rng.mobile(),
        ProductModel: s.product.model,
        Quantity: s.quantity,
        UnitPrice: s.priceYuan,
        LogisticsCompany: rng.pick(words('shipmentCarriers')),
        TrackingNo: `YD${rng.digits(12)}`,
        ShipmentDate: s.day,
      };
    });
    await uploadMonth(db, rng, gd, shipments, agent, period, shipmentLines);
    await reportPurchases(db, rng, ops, purchases, world, period, sold);
  }

  const ccps = world.customers.filter(
    (c) => c.parentId === world.demoRsp.id && c.status === CustomerStatus.active,
  );
  const endUsers = endUsersOf(world, rng);
  const rspAgent = world.demoRsp;
  for (const period of [...rspStock.keys()]) {
    const buyers = (): Sale['buyer'] =>
      ccps.length && rng.chance(0.4) ? asBuyer(rng.pick(ccps)) : rng.pick(endUsers);
    const shipped = salesOf(rng, rspStock.get(period) ?? [], productOf, buyers, period).filter((s) =>
      PRODUCT_GROUP.get(s.product.category),
    );
    const lines = shipped.map((s) => ({
      AgentName: rspAgent.name,
      Period: period,
      ShipmentType: s.buyer.agent ? RSPShipmentType.distribution : RSPShipmentType.direct,
      ProductGroup: PRODUCT_GROUP.get(s.product.category)!,
      ProductModel: s.product.model,
      CustomerName: s.buyer.name,
      CreditCode: s.buyer.creditCode,
      SalesCustomerType: s.buyer.agent ? SalesCustomerType.downstreamAgent : SalesCustomerType.endUser,
      Quantity: s.quantity,
      UnitPrice: s.priceYuan,
      ShipmentDate: s.day,
      ProvinceName: s.buyer.province,
      CityName: s.buyer.city,
    }));
    await uploadMonth(db, rng, rsp, importSpecOf(RSP_SHIPMENT_PAGE), rspAgent, period, lines);
  }
}

/** The end users of the RSP's own orders, each with a credit code registered in the RSP's city. */
function endUsersOf(world: DemoWorld, rng: Random): Sale['buyer'][] {
  const rsp = world.demoRsp;
  const names = [...new Set(world.orders.filter((o) => o.agent.id === rsp.id).map((o) => o.endUser))].sort();
  return (names.length ? names : [`${rsp.city.nameZh}${rsp.name.slice(0, 2)}最终用户有限公司`]).map(
    (name) => ({
      name,
      creditCode: creditCodeIn(rng, rsp.city.code),
      province: rsp.province.nameZh,
      city: rsp.city.nameZh,
      agent: false,
    }),
  );
}

/** The buyers' purchase lines of what the distributor sold them, imported for them by sales operations. */
async function reportPurchases(
  db: Db,
  rng: Random,
  ops: Caller,
  spec: ImportSpec,
  world: DemoWorld,
  period: string,
  sold: Sale[],
) {
  if (!sold.length) return;
  const at = afterPeriod(period, 4, 14, rng.int(0, 59));
  const gdName = world.demoGd.name;
  const lines = [];
  for (const s of sold) {
    const buyer = world.customers.find((c) => c.creditCode === s.buyer.creditCode);
    if (!buyer || (await isPeriodLocked(db, period, spec.declared.reportType ?? '', buyer.province.code, at)))
      continue;
    lines.push({
      AgentName: buyer.name,
      Period: period,
      SupplierName: gdName,
      ProductModel: s.product.model,
      Quantity: s.quantity,
      UnitPrice: s.priceYuan,
      InboundDate: s.day,
    });
  }
  if (!lines.length) return;
  await upload(db, rng, ops, spec, { name: `purchase_${gdName}_${period}.xlsx`, lines, at });
}
