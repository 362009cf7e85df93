import { CustomerStatus } from '../../domain/codes/customers.codes';
import { RSPShipmentType, SalesCustomerType } from '../../domain/codes/reports.codes';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { importSpecOf } from '../imports/import-spec';
import { SERIES } from './demo-products.seed';
import { fileNameOf, type Line, lockedFor, upload } from './demo-report-imports.seed';
import { creditCodeIn } from './demo-text';
import { activeRsps, type DemoCustomer, type DemoProduct, type DemoWorld } from './demo-world';
import { afterPeriod, as } from './kit';
import { compactDay, type Random } from './random';
import { words } from './story-data';

/** An agent's stock lines per period, as it imported them: what it sold of each model is their SalesQuantity. */
export type StockByPeriod = Map<string, Line[]>;

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

/** A demo agent as the buyer a report line names. */
export const asBuyer = (c: DemoCustomer): Line => ({
  CustomerName: c.name,
  CreditCode: c.creditCode,
  SalesCustomerType: SalesCustomerType.downstreamAgent,
  ProvinceName: c.province.nameZh,
  CityName: c.city.nameZh,
});

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
export async function seedSalesImports(
  db: Db,
  world: DemoWorld,
  gdStock: StockByPeriod,
  rspStock: StockByPeriod,
) {
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
      .map((s) => ({
        AgentName: world.demoRsp.name,
        Period: period,
        ...s,
        ShipmentType:
          s.SalesCustomerType === SalesCustomerType.endUser
            ? RSPShipmentType.direct
            : RSPShipmentType.distribution,
      }));
    await uploadMonth(db, rng, { by: rsp, page: 'report.rspShipmentReports', agent: world.demoRsp, lines });
  }
}

/** The end users of the RSP's own orders, each with a credit code registered in the RSP's city. */
function endUsersOf(world: DemoWorld, rng: Random): Line[] {
  const rsp = world.demoRsp;
  const names = [...new Set(world.orders.filter((o) => o.agent.id === rsp.id).map((o) => o.endUser))].sort();
  return (names.length ? names : [`${rsp.city.nameZh}${rsp.name.slice(0, 2)}最终用户有限公司`]).map(
    (name) => ({
      CustomerName: name,
      CreditCode: creditCodeIn(rng, rsp.city.code),
      SalesCustomerType: SalesCustomerType.endUser,
      ProvinceName: rsp.province.nameZh,
      CityName: rsp.city.nameZh,
    }),
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
