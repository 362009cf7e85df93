import { type RawBuilder, sql } from 'kysely';
import { CustomerType } from '../../domain/codes/customers.codes';
import { ExecutionOrderStatus, OrderChannel, OrderType } from '../../domain/codes/orders.codes';
import { ProductCategory } from '../../domain/codes/products.codes';
import { fenToYuanString } from '../../domain/money';
import type { Db } from '../db/database';
import { ROLE } from '../identity/roles';
import { ENTRY_FORMS, type EntryForm, ORDERING } from '../orders/order-entry.rules';
import { createOrder } from '../orders/order-entry.service';
import { setApprovedLines } from '../orders/pricing-execution-orders';
import { cityShort } from '../reference/regions.data';
import { resourceDef } from '../resources/registry';
import { insertPartnerOrders } from './demo-partner-shipping.seed';
import { SERIES } from './demo-products.seed';
import { endUserName } from './demo-text';
import { fillFields } from './demo-values';
import type { DemoCustomer, DemoOrder, DemoProduct, DemoWorld } from './demo-world';
import { agentContext } from './demo-world';
import { as, clockAt, everyone } from './kit';
import { addDays, DEMO_TODAY, notAfterToday, type Random } from './random';
import { codeNamed, storyTable } from './story-data';

export const DEMO_ORDERS = 600;
const DAYS = 548;
/** The kinds of own-line orders entered on what earlier stories left (stories/order-kinds.tsv). */
const LATER = storyTable('order-kinds');
/** Who places the orders, how often (stories/order-buyers.tsv): a demo company, or any of a customer type. */
const BUYERS = storyTable('order-buyers').map(({ buyer, weight }) => [buyer, Number(weight)] as const);
/** Quantity ranges per product category (stories/products.tsv): servers by the unit, PCs by the batch. */
const QUANTITY = new Map(SERIES.map((s) => [s.category, s.quantity]));

type Line = { product: DemoProduct; quantity: number; unitFen: number };
/** A drawn order, with the entry form of an own-line one or the partner's number of a synced one. */
export type Draft = DemoOrder & { at: string; lines: Line[]; form?: EntryForm; partnerNo?: string };

const trading = (c: DemoCustomer) => ORDERING.has(c.status);
const quantityOf = (rng: Random, product: DemoProduct) => rng.int(...QUANTITY.get(product.category)!);
export const hardwareOf = ({ products }: DemoWorld) =>
  products.filter((p) => p.category !== ProductCategory.services);

/** A draft at an office hour of its day, for an end user in its agent's city unless it names one. */
function draftOf(rng: Random, d: Pick<Draft, 'agent' | 'day' | 'lines'> & Partial<Draft>): Draft {
  const at = rng.timeOn(d.day);
  const endUser = d.endUser ?? endUserName(rng, cityShort(d.agent.city));
  const [channel, product] = [d.form ? OrderChannel.ownLine : OrderChannel.partnerLine, d.lines[0].product];
  const amountFen = d.lines.reduce((sum, l) => sum + l.quantity * l.unitFen, 0);
  return { id: '', no: '', channel, amountFen, product, ...d, at, endUser };
}

/** 600 orders of 1–4 lines over the last 18 months: own-line drafts to enter, partner-line ones to sync. */
export function buildOrders(world: DemoWorld): Draft[] {
  const rng = world.rng.fork('orders');
  const [active, hardware, drafts] = [world.customers.filter(trading), hardwareOf(world), [] as Draft[]];
  const entered = DEMO_ORDERS - LATER.reduce((n, kind) => n + Number(kind.orders), 0);
  for (let i = 0; i < entered; i += 1) {
    // Recent months are busier: ages are drawn towards today.
    const day = addDays(DEMO_TODAY, -Math.floor(DAYS * rng.next() ** 1.3));
    const buyer = rng.weighted(BUYERS);
    const ofType = (c: DemoCustomer) => c.type === codeNamed(CustomerType, buyer);
    const agent = buyer in world ? world[buyer as 'demoRsp'] : rng.pick(active.filter(ofType));
    const partner = rng.chance(0.3);
    const rspForm = !partner && agent.type === CustomerType.rsp && rng.chance(0.35);
    const own: EntryForm = rspForm ? 'ordersSetup.rspHardwareOrderNew' : 'ordersSetup.selfBuiltOrder';
    const lines = rng.sample(hardware, rng.int(1, 4)).map((product) => ({
      product,
      quantity: quantityOf(rng, product),
      // Entered orders take the standard price; synced ones carry the partner's price.
      unitFen: partner ? Math.round((product.priceFen * rng.int(85, 100)) / 100) : product.priceFen,
    }));
    drafts.push(draftOf(rng, { agent, day, lines, id: rng.uuid(), form: partner ? undefined : own }));
  }
  world.orders = drafts.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return drafts;
}

/** Enters a draft as its agent's staff (else sales operations) would, typing only its form's own fields. */
async function entering(db: Db, world: DemoWorld) {
  const [people, desk, def] = [await everyone(db), await as(db, 'ops'), resourceDef('order')!];
  const ownStaff = new Map(people.filter((p) => p.companyId).map((p) => [p.companyId!, p]));
  const managers = world.staff.filter((s) => s.roleCode === ROLE.cityManager);
  return async (rng: Random, d: Draft, index: number, extra = {}) => {
    const about = { order: d, product: d.product, company: d.endUser };
    const { agent, day } = d;
    // The city manager of the agent's city; in a city without one the order follows no city manager.
    const manager = managers.find((s) => s.cityCode === agent.city.code);
    const filled = fillFields(world, rng, def, agentContext('order', index, day, agent, about));
    const [RequiredDeliveryDate, ServiceEndDate] = [addDays(day, rng.int(7, 45)), addDays(day, 364)];
    const dates = { OrderDate: day, RequiredDeliveryDate, ServiceStartDate: day, ServiceEndDate };
    const names = { AgentName: agent.name, EndUserName: d.endUser, cityManagerName: manager?.name };
    const ContractNo = `HT${day.slice(0, 4)}${rng.digits(6)}`;
    const chosen = { ContractNo, OrderType: OrderType.standard, ProductLine: d.product.line };
    // Not typed on the form: the filler's supplier and opportunity name no real distributor or deal.
    const dropped = { RebateDeduction: undefined, SupplierName: undefined, OpportunityNo: undefined };
    const typed: Record<string, unknown> = { ...filled, ...names, ...dates, ...chosen, ...dropped };
    const own = [...def.fields].filter(([name, f]) => f.writableIn.has(d.form!) && typed[name] !== undefined);
    const header = Object.fromEntries(own.map(([name]) => [name, typed[name]]));
    const Lines = d.lines.map((l) => ({ ProductCode: l.product.code, Quantity: l.quantity }));
    const body = { PageID: d.form!, ...header, ...extra, Lines };
    const order = await createOrder(db, ownStaff.get(agent.id) ?? desk, body, clockAt(rng, new Date(d.at)));
    return Object.assign(d, { id: String(order.ObjectID), no: String(order.OrderNo) });
  };
}

/** Own-line drafts are entered on their forms, to be submitted; partner-line ones come by partner pull. */
export async function insertOrders(db: Db, world: DemoWorld, drafts: Draft[]) {
  const rng = world.rng.fork('order-rows');
  const enter = await entering(db, world);
  for (const [index, d] of drafts.entries()) if (d.form) await enter(rng, d, index);
  const synced = drafts.filter((d) => !d.form);
  await insertPartnerOrders(db, rng, synced);
}

/** The world's orders a condition picks, by number, as they stand: version, day last changed, what is due. */
export async function ordersWhere(db: Db, world: DemoWorld, where: RawBuilder<unknown>) {
  const { rows } = await sql<{ id: string; version: number; changed: string; due: string }>`select
      object_id::text as id, version, data->>'UnpaidAmount' as due,
      to_char(updated_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as changed
    from sales_order o where ${where} order by order_no`.execute(db);
  return rows.map((row) => ({ ...(world.orders as Draft[]).find((o) => o.id === row.id)!, ...row }));
}
export type OrderNow = Awaited<ReturnType<typeof ordersWhere>>[number];

/** What a later order is entered on: whose, from which day to which, its lines, end user and own fields. */
type Source = Pick<Draft, 'agent' | 'day' | 'lines'> & { to: string; endUser?: string; extra: object };

/** Later own-line orders (stories/order-kinds.tsv), each entered on the next of its kind's sources. */
export async function enterLaterOrders(db: Db, world: DemoWorld) {
  const enter = await entering(db, world);
  for (const kind of LATER) {
    const [rng, form] = [world.rng.fork(kind.random), kind.form as EntryForm];
    const sources = await SOURCES[kind.kind as keyof typeof SOURCES](db, world, rng);
    for (let index = 0; index < Number(kind.orders) && sources.length; index += 1) {
      const { to, extra, ...source } = sources[index % sources.length];
      const d = draftOf(rng, { ...source, day: rng.dayBetween(source.day, to), form });
      world.orders.push(await enter(rng, d, index, extra));
    }
  }
}

/** Execution orders get approved lines; one open and valid, of a trading agent, is a special-price source. */
async function executionOrderSources(db: Db, world: DemoWorld, rng: Random) {
  const byName = new Map(world.customers.map((c) => [c.name, c]));
  const { rows } = await sql<{ at: Date } & Record<'id' | 'no' | 'day' | 'agent' | 'end' | 'status', string>>`
    select object_id::text as id, data->>'ExecutionOrderNo' as no, created_at as at,
      to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day,
      data->>'AgentName' as agent, data->>'ValidUntil' as "end", data->>'Status' as status
    from record where resource = 'executionOrder' order by created_at, object_id`.execute(db);
  const [closed, toExecute] = [ExecutionOrderStatus.closed, ExecutionOrderStatus.toExecute];
  // Drawn before the portal held their deals, they name none (docs/decisions.md, demo execution orders).
  await sql`update record set data = data - 'OpportunityNo' - 'OpportunityName' || jsonb_build_object('Status',
      case when data->>'Status' = ${closed} then ${closed} else ${toExecute}::text end)
    where resource = 'executionOrder'`.execute(db);
  const sources: Source[] = [];
  for (const zx of rows) {
    const lines = rng.sample(hardwareOf(world), rng.int(1, 3)).map((product) => {
      const [unitFen, productCode] = [Math.round((product.priceFen * rng.int(70, 90)) / 100), product.code];
      const quantity = quantityOf(rng, product) * rng.int(4, 8);
      return { product, productCode, unitFen, quantity, approvedPrice: fenToYuanString(unitFen) };
    });
    await setApprovedLines(db, zx.id, lines, clockAt(rng, new Date(zx.at)));
    const [agent, to] = [byName.get(zx.agent), notAfterToday(zx.end?.slice(0, 10) || DEMO_TODAY)];
    const drawn = lines.map((l) => ({ ...l, quantity: Math.max(1, Math.floor(l.quantity / 4)) }));
    if (zx.status !== closed && agent && trading(agent) && zx.day <= to)
      sources.push({ agent, day: zx.day, to, lines: drawn, extra: { ExecutionOrderNo: zx.no } });
  }
  return sources;
}

/** Each service constraint no controlled part forbids: a service order's source on the hardware it covers. */
async function coveredOrderSources(db: Db, world: DemoWorld) {
  const constraints = await sql<{ service: string; product: string; type: string; warranty: string | null }>`
    select c.* from (select data->>'ServicePn' as service, data->>'pn' as product, created_at, object_id,
        data->>'ExtConstraintServiceType_SDK' as type, data->>'ExtWarrantyService_SDK' as warranty
      from record where resource = 'serviceProductConstraint' and data->>'Enabled' = 'true') c
    where c.type is not null and not exists (select 1 from record x where x.resource = 'controlledPart'
        and x.data->>'Enabled' = 'true' and x.data->>'PartNumber' in (c.service, c.product)
        and x.data->>'ServiceType' is distinct from c.type)
    order by c.created_at, c.object_id`.execute(db);
  const standard = (o: Draft) => o.form && ENTRY_FORMS[o.form].type === OrderType.standard;
  const hardware = (world.orders as Draft[]).filter((o) => standard(o) && trading(o.agent));
  const lines = hardware.flatMap((order) => order.lines.map((line) => ({ order, line })));
  // A constraint without its service or its product finds neither.
  return constraints.rows.flatMap((c): Source[] => {
    const product = world.products.find((p) => p.code === c.service && p.priceFen > 0);
    const covered = lines.find(({ line }) => line.product.code === c.product);
    if (!product || !covered) return [];
    const { agent, day, endUser, no } = covered.order;
    const extra = { RelatedOrderNo: no, ServiceType: c.type, WarrantyService: c.warranty ?? undefined };
    const units = [{ product, quantity: covered.line.quantity, unitFen: product.priceFen }];
    return [{ agent, day, to: DEMO_TODAY, lines: units, endUser, extra }];
  });
}

const SOURCES = { specialPrice: executionOrderSources, service: coveredOrderSources };
