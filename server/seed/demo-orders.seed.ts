import { sql } from 'kysely';
import { CustomerStatus, CustomerType } from '../../domain/codes/customers.codes';
import { ExecutionOrderStatus, OrderChannel, OrderType } from '../../domain/codes/orders.codes';
import { ProductCategory } from '../../domain/codes/products.codes';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import type { Db } from '../db/database';
import { ROLE } from '../identity/roles';
import { createOrder, type EntryForm } from '../orders/order-entry.service';
import { setApprovedLines } from '../orders/pricing-execution-orders';
import { cityShort } from '../reference/regions.data';
import { resourceDef } from '../resources/registry';
import { insertPartnerOrders } from './demo-partner-orders.seed';
import { SERIES } from './demo-products.seed';
import { endUserName } from './demo-text';
import { fillFields } from './demo-values';
import {
  agentContext,
  type DemoCustomer,
  type DemoOrder,
  type DemoProduct,
  type DemoWorld,
  type FillContext,
} from './demo-world';
import { as, clockAt, everyone } from './kit';
import { addDays, DEMO_TODAY, type Random } from './random';
import { storyTable } from './story-data';

export const DEMO_ORDERS = 600;
/** Of the demo orders, those entered on execution orders after the special prices are in place. */
const SPECIAL_PRICE_ORDERS = 24;
/** Of the demo orders, the service orders entered on hardware orders under the service constraints. */
const SERVICE_ORDERS = 12;
const DAYS = 548;
const SERVICE = ProductCategory.services;
/** Own-line order types the entry forms make (dictionary OrderType); partner orders are synced. */
const STANDARD = OrderType.standard;
const PARTNER = OrderType.partnerSynced;

/** Quantity ranges per product category (stories/products.tsv): servers by the unit, PCs by the batch. */
const QUANTITY = new Map(SERIES.map((s) => [s.category, s.quantity]));

export interface Line {
  product: DemoProduct;
  quantity: number;
  unitFen: number;
}
export interface Draft extends DemoOrder {
  at: string;
  lines: Line[];
  type: string;
  /** The entry form of an own-line order. */
  form?: EntryForm;
}

/** Whether an agent still orders: active, or with its renewal due. */
const trading = (c: DemoCustomer) =>
  c.status === CustomerStatus.active || c.status === CustomerStatus.renewalDue;
const fenOf = (yuan: unknown) => yuanToFen(String(yuan));
/** Who places the orders, how often (stories/order-buyers.tsv): a demo company, or a pool's any. */
const BUYERS = storyTable('order-buyers').map(({ buyer, weight }) => [buyer, Number(weight)] as const);
const quantityOf = (rng: Random, product: DemoProduct) => rng.int(...QUANTITY.get(product.category)!);

/**
 * A draft of `lines` for `agent`, at an office hour of `day`, for an end user in its city (drawn then,
 * unless `more` names one); an own-line order until `more` says otherwise.
 */
function draftOf(
  rng: Random,
  agent: DemoCustomer,
  day: string,
  type: string,
  lines: Line[],
  more = {},
): Draft {
  const at = rng.timeOn(day);
  const endUser = 'endUser' in more ? String(more.endUser) : endUserName(rng, cityShort(agent.city));
  const [channel, product, amountFen] = [OrderChannel.ownLine, lines[0].product, 0];
  return { id: '', no: '', day, at, agent, endUser, channel, type, lines, amountFen, product, ...more };
}

/**
 * 600 orders over the last 18 months on both lines, with 1–4 lines each. Own-line orders are drafts
 * to be entered through the order-entry command; partner-line orders are synced from the partner.
 */
export function buildOrders(world: DemoWorld): Draft[] {
  const rng = world.rng.fork('orders');
  const active = world.customers.filter(trading);
  const byType = (type: string) => active.filter((c) => c.type === type);
  const pools = {
    gds: byType(CustomerType.generalDistributor),
    rsps: byType(CustomerType.rsp),
    ccps: byType(CustomerType.ccp),
  };
  const hardware = world.products.filter((p) => p.category !== SERVICE);
  const drafts: Draft[] = [];
  for (let i = 0; i < DEMO_ORDERS - SPECIAL_PRICE_ORDERS - SERVICE_ORDERS; i += 1) {
    // Recent months are busier: ages are drawn towards today.
    const age = Math.floor(DAYS * rng.next() ** 1.3);
    const day = addDays(DEMO_TODAY, -age);
    // The demo accounts' companies get a fair share, so their order pages are full.
    const buyer = rng.weighted(BUYERS);
    const who = buyer in pools ? rng.pick(pools[buyer as keyof typeof pools]) : world[buyer as 'demoRsp'];
    const partner = rng.chance(0.3);
    const form: EntryForm | undefined = partner
      ? undefined
      : who.type === CustomerType.rsp && rng.chance(0.35)
        ? 'ordersSetup.rspHardwareOrderNew'
        : 'ordersSetup.selfBuiltOrder';
    const lines = rng.sample(hardware, rng.int(1, 4)).map((product) => ({
      product,
      quantity: quantityOf(rng, product),
      // Entered orders take the standard price; synced ones carry the partner's price.
      unitFen: partner ? Math.round((product.priceFen * rng.int(85, 100)) / 100) : product.priceFen,
    }));
    const channel = partner ? OrderChannel.partnerLine : OrderChannel.ownLine;
    const amountFen = lines.reduce((sum, l) => sum + l.quantity * l.unitFen, 0);
    const more = { id: rng.uuid(), channel, form, amountFen };
    drafts.push(draftOf(rng, who, day, partner ? PARTNER : STANDARD, lines, more));
  }
  drafts.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  world.orders = drafts;
  return drafts;
}

/**
 * Enters a draft on its entry form, priced and numbered by the server, as a person would: the demo
 * agents' own accounts their orders, the sales operations desk the others'.
 */
async function entering(db: Db, world: DemoWorld) {
  const people = await everyone(db);
  const desk = await as(db, 'ops');
  const ownStaff = new Map(people.filter((p) => p.companyId).map((p) => [p.companyId!, p]));
  return async (rng: Random, form: EntryForm, d: Draft, index: number, extra = {}) => {
    const header = headerOf(world, rng, form, contextOf(d, index), d);
    const Lines = d.lines.map((l) => ({ ProductCode: l.product.code, Quantity: l.quantity }));
    const caller = ownStaff.get(d.agent.id) ?? desk;
    const body = { PageID: form, ...header, ...extra, Lines };
    const order = await createOrder(db, caller, body, clockAt(rng, new Date(d.at)));
    return Object.assign(d, {
      id: String(order.ObjectID),
      no: String(order.OrderNo),
      amountFen: fenOf(order.OrderAmount),
    });
  };
}
type Enter = Awaited<ReturnType<typeof entering>>;

/** The header a person types on the entry form: the generic filler's values of the form's own fields. */
function headerOf(world: DemoWorld, rng: Random, form: EntryForm, ctx: FillContext, d: DemoOrder) {
  const def = resourceDef('order')!;
  const typed: Record<string, unknown> = {
    ...fillFields(world, rng, def, ctx),
    AgentName: d.agent.name,
    EndUserName: d.endUser,
    OrderDate: d.day,
    RequiredDeliveryDate: addDays(d.day, rng.int(7, 45)),
    cityManagerName: cityManagerOf(world, d.agent),
    ContractNo: `HT${d.day.slice(0, 4)}${rng.digits(6)}`,
    OrderType: STANDARD,
    ProductLine: d.product.line,
    ServiceStartDate: d.day,
    ServiceEndDate: addDays(d.day, 364),
  };
  for (const key of ['RebateDeduction', 'SupplierName']) delete typed[key];
  // Only what the form has: a field of another form would be refused as not writable.
  const header: Record<string, unknown> = {};
  for (const spec of def.fields.values())
    if (spec.writableIn.has(form) && typed[spec.name] !== undefined) header[spec.name] = typed[spec.name];
  return header;
}

const contextOf = (d: DemoOrder, index: number) =>
  agentContext('order', index, d.day, d.agent, { order: d, product: d.product, company: d.endUser });

/**
 * Own-line orders are entered through the order-entry command, as a person on the form would (priced
 * and totalled by the server, drafts awaiting submission); partner-line orders are synced by the
 * partner pull from a local partner feed: approved upstream, with their lines.
 */
export async function insertOrders(db: Db, world: DemoWorld, drafts: Draft[]) {
  const rng = world.rng.fork('order-rows');
  const enter = await entering(db, world);
  for (const [index, d] of drafts.entries()) if (d.form) await enter(rng, d.form, d, index);
  const partner = drafts.filter((d) => !d.form);
  await insertPartnerOrders(db, rng, partner);
}

/** The city manager of the agent's city, else one of its province. */
function cityManagerOf(world: DemoWorld, agent: DemoCustomer): string {
  const managers = world.staff.filter((s) => s.roleCode === ROLE.cityManager);
  return (
    managers.find((s) => s.cityCode === agent.city.code) ??
    managers.find((s) => s.provinceCode === agent.province.code) ??
    managers[0]
  ).name;
}

/**
 * After the execution orders exist: each gets the approved lines of its special price (70–90 % of
 * the standard price), and their agents enter SPECIAL_PRICE_ORDERS orders through the special-price
 * form, each drawing a quarter of the approved quantities down.
 */
export async function enterSpecialPriceOrders(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('special-price-orders');
  const enter = await entering(db, world);
  const byName = new Map(world.customers.map((c) => [c.name, c]));
  const hardware = world.products.filter((p) => p.category !== SERVICE);
  type Row = {
    id: string;
    no: string;
    at: Date;
    day: string;
    agent: string;
    until: string | null;
    status: string;
  };
  const executionOrders = await sql<Row>`
    select object_id::text as id, data->>'ExecutionOrderNo' as no, created_at as at,
      to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day,
      data->>'AgentName' as agent, data->>'ValidUntil' as until, data->>'Status' as status
    from record where resource = 'executionOrder' order by created_at, object_id`.execute(db);
  const drawable: { no: string; agent: DemoCustomer; from: string; to: string; lines: Line[] }[] = [];
  for (const zx of executionOrders.rows) {
    const lines = rng.sample(hardware, rng.int(1, 3)).map((product) => ({
      product,
      unitFen: Math.round((product.priceFen * rng.int(70, 90)) / 100),
      quantity: quantityOf(rng, product) * rng.int(4, 8),
    }));
    // A closed execution order keeps its status; any other is open until its lines are drawn.
    const open = zx.status !== ExecutionOrderStatus.closed;
    if (open)
      await sql`update record set data = data || '{"Status": "101"}'::jsonb where object_id = ${zx.id}`.execute(
        db,
      );
    await setApprovedLines(
      db,
      zx.id,
      lines.map((l) => ({
        productCode: l.product.code,
        approvedPrice: fenToYuanString(l.unitFen),
        quantity: l.quantity,
      })),
      clockAt(rng, new Date(zx.at)),
    );
    const agent = byName.get(zx.agent);
    const to = zx.until && zx.until.slice(0, 10) < DEMO_TODAY ? zx.until.slice(0, 10) : DEMO_TODAY;
    if (open && agent && trading(agent) && zx.day <= to)
      drawable.push({ no: zx.no, agent, from: zx.day, to, lines });
  }
  for (let index = 0; index < SPECIAL_PRICE_ORDERS && drawable.length; index += 1) {
    const zx = drawable[index % drawable.length];
    const day = rng.dayBetween(zx.from, zx.to);
    const lines = zx.lines.map((l) => ({ ...l, quantity: Math.max(1, Math.floor(l.quantity / 4)) }));
    const d = draftOf(rng, zx.agent, day, OrderType.specialPrice, lines);
    world.orders.push(await enter(rng, 'ordersSetup.specialAdd', d, index, { ExecutionOrderNo: zx.no }));
  }
  await enterServiceOrders(db, world, enter);
}

/**
 * Service orders on earlier hardware orders, as the service-to-product constraints allow them: each
 * enabled constraint whose covered product was ordered (and which no controlled part number forbids)
 * gives a service order for that agent, of the constraint's service type, as many units as it covers.
 */
async function enterServiceOrders(db: Db, world: DemoWorld, enter: Enter) {
  const rng = world.rng.fork('service-orders');
  const constraints = await sql<{ service: string; product: string; type: string; warranty: string | null }>`
    select data->>'ServicePn' as service, data->>'pn' as product, data->>'ExtConstraintServiceType_SDK' as type,
      data->>'ExtWarrantyService_SDK' as warranty
    from record where resource = 'serviceProductConstraint' and data->>'Enabled' = 'true'
      and data->>'ServicePn' is not null and data->>'pn' is not null and data->>'ExtConstraintServiceType_SDK' is not null
    order by created_at, object_id`.execute(db);
  const controlled = await sql<{ part: string; type: string | null }>`select data->>'PartNumber' as part,
      data->>'ServiceType' as type from record where resource = 'controlledPart' and data->>'Enabled' = 'true'`.execute(
    db,
  );
  const priced = new Set(world.products.filter((p) => p.priceFen > 0).map((p) => p.code));
  const hardware = (world.orders as Draft[]).filter((o) => o.form && o.type === STANDARD && trading(o.agent));
  const pairs: { service: string; type: string; warranty: string | null; order: Draft; quantity: number }[] =
    [];
  for (const c of constraints.rows) {
    const forbidden = controlled.rows.some(
      (x) => (x.part === c.service || x.part === c.product) && x.type !== c.type,
    );
    if (forbidden || !priced.has(c.service)) continue;
    const order = hardware.find((o) => o.lines.some((l) => l.product.code === c.product));
    const line = order?.lines.find((l) => l.product.code === c.product);
    if (order && line) pairs.push({ ...c, order, quantity: line.quantity });
  }
  for (let index = 0; index < SERVICE_ORDERS && pairs.length; index += 1) {
    const pair = pairs[index % pairs.length];
    const day = rng.dayBetween(pair.order.day, DEMO_TODAY);
    const product = world.products.find((p) => p.code === pair.service)!;
    const lines = [{ product, quantity: pair.quantity, unitFen: product.priceFen }];
    const more = { endUser: pair.order.endUser, form: 'ordersSetup.serviceOrderNew' };
    const d = draftOf(rng, pair.order.agent, day, OrderType.service, lines, more);
    const extra = {
      RelatedOrderNo: pair.order.no,
      ServiceType: pair.type,
      ...(pair.warranty ? { WarrantyService: pair.warranty } : {}),
    };
    world.orders.push(await enter(rng, 'ordersSetup.serviceOrderNew', d, index, extra));
  }
}
