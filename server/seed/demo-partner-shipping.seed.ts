import { sql } from 'kysely';
import { OrderChannel } from '../../domain/codes/orders.codes';
import { ProductCategory } from '../../domain/codes/products.codes';
import { fenToYuanString } from '../../domain/money';
import * as partner from '../../scripts/partner-server';
import type { Db } from '../db/database';
import { autoConfirmShipments, confirmReceipt } from '../deliveries/shipment.service';
import { pullPartnerOrders } from '../partner/partner-pull.service';
import { pullPartnerShipments, pullShippingInstructions } from '../partner/shipping-pull.service';
import type { Draft } from './demo-orders.seed';
import type { DemoProduct, DemoWorld } from './demo-world';
import { at, clockAt, staffOf } from './kit';
import { addDays, compactDay, DEMO_TODAY, type Random } from './random';
import { weightedWords, words } from './story-data';

const [HOUR, WEEK] = [3_600_000, 7 * 86_400_000];
const weekOf = (time: string) => Math.floor(Date.parse(time) / WEEK);
/** How often a week's feed has a row the portal cannot take, and which (stories/words.tsv). */
const FAULTS = weightedWords('partnerFeedFaults');
/** A number of the partner's system: its kind (PO order, SI instruction, PS shipment), the day, a serial. */
const numbered = (rng: Random, kind: string, day: string) => `${kind}${compactDay(day)}${rng.digits(5)}`;
function itemOf(product: DemoProduct, quantity: number, unitFen = product.priceFen) {
  return { productCode: product.code, quantity, unitPrice: fenToYuanString(unitFen) };
}

/** What `use` answers of a local partner server serving `feeds`, closed after. */
export const withPartnerServer = <T>(
  feeds: partner.PartnerServerOptions,
  use: (server: partner.PartnerServer) => Promise<T>,
) => partner.startPartnerServer(feeds).then((server) => use(server).finally(() => server.close()));

/** Partner-line orders as the weekly pull takes them from a local feed, now and then with a bad row. */
export async function insertPartnerOrders(db: Db, rng: Random, drafts: Draft[]) {
  // The drafts come in time order, so their weeks do too.
  const weeks = new Map<number, Draft[]>();
  for (const d of drafts) weeks.set(weekOf(d.day), [...(weeks.get(weekOf(d.day)) ?? []), d]);
  await withPartnerServer({ lines: [] }, async (server) => {
    for (const week of weeks.values()) {
      // Each draft keeps its partner number: the partner's shipping rows name the order by it.
      const lines = week.map((d) => {
        d.partnerNo = numbered(rng, 'PO', d.day);
        const contractNo = rng.chance(0.9) ? `HT${d.day.slice(0, 4)}${rng.digits(6)}` : undefined;
        const items = d.lines.map((l) => itemOf(l.product, l.quantity, l.unitFen));
        const placed = { orderDate: d.day, agentCode: d.agent.accountId, endUser: d.endUser };
        return partner.partnerOrderLine({ orderNo: d.partnerNo, ...placed, contractNo, lines: items });
      });
      const [sample, fault] = [week[0], rng.weighted(FAULTS)];
      const orderNo = numbered(rng, 'PO', sample.day);
      const productCode = fault === 'product' ? `H3C-${rng.digits(4)}-NEW` : sample.product.code;
      const agentCode = fault === 'agent' ? `HX${rng.digits(6)}` : sample.agent.accountId;
      const item = { ...itemOf(sample.product, 1), productCode };
      const odd = partner.partnerOrderLine({ orderNo, orderDate: sample.day, agentCode, lines: [item] });
      if (fault !== 'none') lines.push(fault === 'cut' ? odd.slice(0, Math.floor(odd.length * 0.6)) : odd);
      server.setLines(lines);
      const last = Date.parse(week[week.length - 1].at);
      const now = new Date(Math.min(last + rng.int(10, 240) * 60_000, at(DEMO_TODAY, '23:30').getTime()));
      await pullPartnerOrders(db, { url: server.url, now, uuid: () => rng.uuid() });
    }
  });
  const { rows } = await sql<Record<'id' | 'no' | 'partner', string>>`select object_id::text as id,
      order_no as no, data->>'PartnerOrderNo' as partner from sales_order
    where order_channel = ${sql.lit(OrderChannel.partnerLine)}`.execute(db);
  const byPartnerNo = new Map(rows.map((r) => [r.partner, r]));
  for (const d of drafts) {
    const row = byPartnerNo.get(d.partnerNo!);
    if (!row) throw new Error(`The partner pull did not take ${d.partnerNo}`);
    Object.assign(d, { id: row.id, no: row.no });
  }
}

type SyncedLine = { lineNo: number; productCode: string; quantity: number };
/** A synced order by its partner number: of hardware only, so every unit shipped has a serial number. */
type SyncedOrder = { orderNo: string; day: string; lines: SyncedLine[] };
/** What the partner's system sends about its orders' shipping, each row dated by when it was made. */
type Row = { line: string; at: string };
type Feed = { instructions: Row[]; shipments: Row[] };
type Part = [SyncedLine, number];
type Receiver = Record<'receiverName' | 'receiverPhone' | 'receiverAddress', string>;
const made = (line: string, at: string | Date): Row => ({ line, at: new Date(at).toISOString() });
function receiverAt(rng: Random, address: () => string): Receiver {
  return { receiverName: rng.personName(), receiverPhone: rng.mobile(), receiverAddress: address() };
}

/** The instruction to ship all of an order's lines to its receiver. */
const instructionOf = (instructionNo: string, { orderNo, lines }: SyncedOrder, day: string, to: Receiver) =>
  partner.partnerInstructionLine({ instructionNo, orderNo, instructionDate: day, ...to, lines });

/** A shipment of some instructed lines, with a serial number per unit. */
function shipmentOf(rng: Random, instructionNo: string, order: SyncedOrder, day: string, parts: Part[]) {
  const shipmentNo = numbered(rng, 'PS', day);
  const [logisticsCompany, trackingNo] = [rng.pick(words('carriers')), rng.digits(12)];
  const lines = parts.map(([{ lineNo, productCode }, quantity]) => {
    const serialNumbers = Array.from({ length: quantity }, (_, i) => `${shipmentNo}-${lineNo}-${i + 1}`);
    return { lineNo, productCode, quantity, serialNumbers };
  });
  const shipped = { shipmentNo, instructionNo, orderNo: order.orderNo, shipDate: day, logisticsCompany };
  return partner.partnerShipmentLine({ ...shipped, trackingNo, lines });
}

/** A synced order's instruction a few days after it was placed, shipped a day or more later, at times in two. */
function addStory(rng: Random, { partnerNo, day, lines }: Draft, feed: Feed) {
  const synced = lines.map((l, i) => ({ lineNo: i + 1, productCode: l.product.code, quantity: l.quantity }));
  const order: SyncedOrder = { orderNo: partnerNo!, day, lines: synced };
  const receiver = receiverAt(rng, () => rng.pick(words('receiverSites')));
  const instructionDay = addDays(order.day, rng.int(1, 3));
  if (instructionDay > DEMO_TODAY) return;
  const instructionNo = numbered(rng, 'SI', instructionDay);
  const instruction = instructionOf(instructionNo, order, instructionDay, receiver);
  feed.instructions.push(made(instruction, rng.timeOn(instructionDay)));
  const shipDay = addDays(instructionDay, rng.int(1, 4));
  if (shipDay > DEMO_TODAY || !rng.chance(0.85)) return;
  const split = order.lines.find((l) => l.quantity >= 2);
  const first = split && rng.chance(0.2) ? split : undefined;
  const rest = order.lines.map((l): Part => [l, l === first ? l.quantity - 1 : l.quantity]);
  const parts: Part[][] = first ? [[[first, 1]], rest] : [rest];
  for (const [index, part] of parts.entries()) {
    const sentOn = index === 0 ? shipDay : addDays(shipDay, rng.int(1, 3));
    if (sentOn > DEMO_TODAY) break;
    feed.shipments.push(made(shipmentOf(rng, instructionNo, order, sentOn, part), rng.timeOn(sentOn)));
  }
}

/** The synced orders' instructions and shipments as the weekly shipping pulls take them from a feed. */
export async function seedPartnerShipping(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('partner-shipping');
  const feed: Feed = { instructions: [], shipments: [] };
  for (const d of world.orders as Draft[]) if (d.partnerNo && rng.chance(0.6)) addStory(rng, d, feed);
  addBrokenRows(rng, feed);
  await gdOrderToday(db, rng, world, feed);
  const [instructionLines, shipmentLines] = [feed.instructions, feed.shipments];
  await withPartnerServer({ lines: [], instructionLines, shipmentLines }, async ({ url }) => {
    // Each week's rows are pulled six hours after the week ends (after that week's order pull).
    const last = at(DEMO_TODAY, '23:45').getTime();
    const pulls = [...instructionLines, ...shipmentLines].map((r) => (weekOf(r.at) + 1) * WEEK + 6 * HOUR);
    for (const time of [...new Set(pulls.map((time) => Math.min(time, last)))].sort((a, b) => a - b)) {
      await pullShippingInstructions(db, { url, now: new Date(time), uuid: () => rng.uuid() });
      await pullPartnerShipments(db, { url, now: new Date(time + 5 * 60_000), uuid: () => rng.uuid() });
    }
  });
  await confirmSomeReceipts(db, rng);
  // The job's run on the demo's today: what was dispatched over seven days before and not answered.
  await autoConfirmShipments(db, new Date(rng.timeOn(DEMO_TODAY)));
}

/** Bad rows: an unknown order's instruction, a shipment over its instruction, one under no instruction. */
function addBrokenRows(rng: Random, { instructions, shipments }: Feed) {
  const sample = instructions[Math.floor(instructions.length / 2)];
  const shipped = shipments[Math.floor(shipments.length / 3)];
  const odd = (kind: string) => `${kind}${rng.digits(13)}`;
  const changed = (row: Row, to: object) => made(JSON.stringify({ ...JSON.parse(row.line), ...to }), row.at);
  instructions.push(changed(sample, { instructionNo: odd('SI'), orderNo: odd('PO') }));
  const [line] = JSON.parse(shipped.line).lines as { quantity: number }[];
  const over = [{ ...line, quantity: line.quantity + 5, serialNumbers: undefined }];
  shipments.push(changed(shipped, { shipmentNo: odd('PS'), lines: over }));
  shipments.push(changed(shipped, { shipmentNo: odd('PS'), instructionNo: odd('SI') }));
}

/** The demo distributor's partner order of two days ago, shipped today: `gd` finds it awaiting receipt. */
async function gdOrderToday(db: Db, rng: Random, world: DemoWorld, { instructions, shipments }: Feed) {
  const product = world.products.find((p) => p.category !== ProductCategory.services) ?? world.products[0];
  const [{ accountId: agentCode, city }, day] = [world.demoGd, addDays(DEMO_TODAY, -2)];
  const line = { lineNo: 1, productCode: product.code, quantity: 2 };
  const order = { orderNo: numbered(rng, 'PO', day), day, lines: [line] };
  const placed = { orderNo: order.orderNo, orderDate: day, agentCode, endUser: `${city.nameZh}数据中心` };
  const feed = { lines: [partner.partnerOrderLine({ ...placed, lines: [itemOf(product, 2)] })] };
  const now = at(DEMO_TODAY, '23:35');
  await withPartnerServer(feed, ({ url }) => pullPartnerOrders(db, { url, now, uuid: () => rng.uuid() }));
  const instructionNo = numbered(rng, 'SI', DEMO_TODAY);
  const to = receiverAt(rng, () => `${city.nameZh}仓储中心`);
  instructions.push(made(instructionOf(instructionNo, order, DEMO_TODAY, to), at(DEMO_TODAY, '23:36')));
  const shipped = shipmentOf(rng, instructionNo, order, DEMO_TODAY, [[line, 2]]);
  shipments.push(made(shipped, at(DEMO_TODAY, '23:37')));
}

/** Over half the partner shipments are confirmed by their agent's staff after the pull, before the job. */
async function confirmSomeReceipts(db: Db, rng: Random) {
  const open = await sql<{ id: string; version: number; company: string; pulled: Date; dispatched: Date }>`
    select distinct on (shipment_no) object_id::text as id, version, company_id::text as company,
      created_at as pulled, dispatched_at as dispatched
    from shipment where order_channel = ${OrderChannel.partnerLine} and signed_on is null
      and data ? 'PartnerShipmentNo'
    order by shipment_no, line_no`.execute(db);
  const today = at(DEMO_TODAY, '18:00').getTime();
  for (const row of open.rows) {
    const when = new Date(row.pulled).getTime() + rng.int(2, 30) * HOUR;
    const due = new Date(row.dispatched).getTime() + WEEK;
    if (when >= Math.min(today, due) || !rng.chance(0.6)) continue;
    const [staff, clock] = [await staffOf(db, row.company), clockAt(rng, new Date(when))];
    if (staff) await confirmReceipt(db, staff, { ObjectID: row.id, Version: row.version }, clock);
  }
}
