import { sql } from 'kysely';
import { OrderChannel } from '../../domain/codes/orders.codes';
import { ProductCategory } from '../../domain/codes/products.codes';
import {
  partnerInstructionLine,
  partnerOrderLine,
  partnerShipmentLine,
  startPartnerServer,
} from '../../scripts/partner-server';
import type { Db } from '../db/database';
import { autoConfirmShipments, confirmReceipt } from '../deliveries/shipment.service';
import { pullPartnerOrders } from '../partner/partner-pull.service';
import { pullPartnerShipments, pullShippingInstructions } from '../partner/shipping-pull.service';
import type { DemoWorld } from './demo-world';
import { at, clockAt, staffOf } from './kit';
import { addDays, compactDay, DEMO_TODAY, type Random } from './random';
import { words } from './story-data';

type SyncedLine = { lineNo: number; productCode: string; quantity: number; service: boolean };
type SyncedOrder = { partnerOrderNo: string; day: string; lines: SyncedLine[] };

const WEEK = 7 * 86_400_000;

/** The synced partner orders with their lines, oldest first. */
async function syncedOrders(db: Db): Promise<SyncedOrder[]> {
  const rows = await sql<SyncedOrder>`select o.data->>'PartnerOrderNo' as "partnerOrderNo",
      to_char(o.order_date, 'YYYY-MM-DD') as day,
      json_agg(json_build_object('lineNo', i.line_no, 'productCode', i.product_code, 'quantity', i.quantity,
        'service', coalesce(p.category = ${ProductCategory.services}, false)) order by i.line_no) as lines
    from sales_order o join order_item i on i.order_id = o.object_id
      left join product p on p.product_code = i.product_code
    where o.order_channel = ${OrderChannel.partnerLine}
    group by o.object_id order by o.order_date, o.order_no`.execute(db);
  return rows.rows;
}

/** What the partner's system sends about its orders' shipping, each row dated by when it was made. */
type Row = { line: string; at: string };
type Feed = { instructions: Row[]; shipments: Row[] };
const made = (line: string, at: string | Date): Row => ({ line, at: new Date(at).toISOString() });

/** A shipment of some instructed lines, with a serial number per unit of every product that is not a service. */
function shipmentOf(
  rng: Random,
  no: string,
  instructionNo: string,
  order: SyncedOrder,
  day: string,
  lines: { line: SyncedLine; quantity: number }[],
) {
  return partnerShipmentLine({
    shipmentNo: no,
    instructionNo,
    orderNo: order.partnerOrderNo,
    shipDate: day,
    logisticsCompany: rng.pick(words('carriers')),
    trackingNo: rng.digits(12),
    lines: lines.map(({ line, quantity }) => ({
      lineNo: line.lineNo,
      productCode: line.productCode,
      quantity,
      ...(line.service
        ? {}
        : { serialNumbers: Array.from({ length: quantity }, (_, i) => `${no}-${line.lineNo}-${i + 1}`) }),
    })),
  });
}

/** The instruction to ship all of an order's lines to its receiver. */
const instructionOf = (no: string, order: SyncedOrder, day: string, receiver: Receiver) =>
  partnerInstructionLine({
    instructionNo: no,
    orderNo: order.partnerOrderNo,
    instructionDate: day,
    receiverName: receiver.name,
    receiverPhone: receiver.phone,
    receiverAddress: receiver.address,
    lines: order.lines.map((l) => ({ lineNo: l.lineNo, productCode: l.productCode, quantity: l.quantity })),
  });
type Receiver = { name: string; phone: string; address: string };

/**
 * One order's instruction and its shipments, added to the feed: the whole order instructed a few days
 * after it was placed, shipped a day or more later, now and then in two parts.
 */
function addStory(rng: Random, order: SyncedOrder, receiver: Receiver, feed: Feed) {
  const instructionDay = addDays(order.day, rng.int(1, 3));
  if (instructionDay > DEMO_TODAY) return;
  const instructionNo = `SI${compactDay(instructionDay)}${rng.digits(5)}`;
  const instruction = instructionOf(instructionNo, order, instructionDay, receiver);
  feed.instructions.push(made(instruction, rng.timeOn(instructionDay)));
  const shipDay = addDays(instructionDay, rng.int(1, 4));
  if (shipDay > DEMO_TODAY || !rng.chance(0.85)) return;
  const split = order.lines.find((l) => l.quantity >= 2);
  const parts =
    split && rng.chance(0.2)
      ? [
          [{ line: split, quantity: 1 }],
          order.lines.map((l) => ({ line: l, quantity: l === split ? l.quantity - 1 : l.quantity })),
        ]
      : [order.lines.map((l) => ({ line: l, quantity: l.quantity }))];
  for (const [index, lines] of parts.entries()) {
    const day = index === 0 ? shipDay : addDays(shipDay, rng.int(1, 3));
    if (day > DEMO_TODAY) break;
    const no = `PS${compactDay(day)}${rng.digits(5)}`;
    feed.shipments.push(made(shipmentOf(rng, no, instructionNo, order, day, lines), rng.timeOn(day)));
  }
}

/** When the pull of a row's week runs: six hours after its week ends (after that week's order pull). */
const pullOf = (row: { at: string }) => (Math.floor(Date.parse(row.at) / WEEK) + 1) * WEEK + 6 * 3_600_000;

/**
 * The partner line's shipping comes in as the shipping pulls take it: a local partner server serves
 * the instructions and shipments of the synced orders, each dated when the partner made it, and the
 * pulls the jobs run read them a week at a time from where their last run ended — so the pull log, the
 * shipments of the partner delivery confirmation page and the shipping instruction error log (a row
 * for an order the portal never got, one shipping more than its instruction, one naming an
 * instruction not sent) are all real runs. The demo distributor gets a fresh order shipped on the demo's today, awaiting its receipt;
 * of the older shipments, some are confirmed by the agent and the job confirms the rest.
 */
export async function seedPartnerShipping(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('partner-shipping');
  const server = await startPartnerServer({ lines: [] });
  try {
    const feed: Feed = { instructions: [], shipments: [] };
    for (const order of await syncedOrders(db)) {
      if (!rng.chance(0.6)) continue;
      const receiver = {
        name: rng.personName(),
        phone: rng.mobile(),
        address: rng.pick(words('receiverSites')),
      };
      addStory(rng, order, receiver, feed);
    }
    addBrokenRows(rng, feed);
    await gdOrderToday(db, rng, world, feed);
    const { instructions, shipments } = feed;
    server.setInstructionLines(instructions);
    server.setShipmentLines(shipments);
    const last = at(DEMO_TODAY, '23:45').getTime();
    const times = [...new Set([...instructions, ...shipments].map((r) => Math.min(pullOf(r), last)))];
    const pull = { url: server.url, uuid: () => rng.uuid() };
    for (const time of times.sort((a, b) => a - b)) {
      await pullShippingInstructions(db, { ...pull, now: new Date(time) });
      await pullPartnerShipments(db, { ...pull, now: new Date(time + 5 * 60_000) });
    }
  } finally {
    await server.close();
  }
  await confirmSomeReceipts(db, rng);
  // The job's run on the demo's today: what was dispatched over seven days before and not answered.
  await autoConfirmShipments(db, new Date(rng.timeOn(DEMO_TODAY)));
}

/** Rows the portal cannot take, as a partner's feed has now and then. */
function addBrokenRows(rng: Random, { instructions, shipments }: Feed) {
  const sample = instructions[Math.floor(instructions.length / 2)];
  const shipped = shipments[Math.floor(shipments.length / 3)];
  if (!sample || !shipped) return;
  const orphan = JSON.parse(sample.line);
  orphan.instructionNo = `SI${rng.digits(13)}`;
  orphan.orderNo = `PO${rng.digits(13)}`;
  instructions.push({ line: JSON.stringify(orphan), at: sample.at });
  const over = JSON.parse(shipped.line);
  over.shipmentNo = `PS${rng.digits(13)}`;
  over.lines = over.lines.slice(0, 1).map((l: { quantity: number }) => ({ ...l, quantity: l.quantity + 5 }));
  delete over.lines[0].serialNumbers;
  shipments.push({ line: JSON.stringify(over), at: shipped.at });
  const early = {
    ...JSON.parse(shipped.line),
    shipmentNo: `PS${rng.digits(13)}`,
    instructionNo: `SI${rng.digits(13)}`,
  };
  shipments.push({ line: JSON.stringify(early), at: shipped.at });
}

/**
 * The demo distributor's partner order of two days before the demo's today, synced by the order pull,
 * instructed and shipped today: its staff (`gd`) find it awaiting receipt on the partner delivery confirmation page.
 */
async function gdOrderToday(db: Db, rng: Random, world: DemoWorld, { instructions, shipments }: Feed) {
  const product = world.products.find((p) => p.category !== ProductCategory.services) ?? world.products[0];
  const [gd, day, productCode, quantity] = [world.demoGd, addDays(DEMO_TODAY, -2), product.code, 2];
  const partnerOrderNo = `PO${compactDay(day)}${rng.digits(5)}`;
  const unitPrice = (product.priceFen / 100).toFixed(2);
  const orders = await startPartnerServer({
    lines: [
      partnerOrderLine({
        orderNo: partnerOrderNo,
        orderDate: day,
        agentCode: gd.accountId,
        endUser: `${gd.city.nameZh}数据中心`,
        lines: [{ productCode, quantity, unitPrice }],
      }),
    ],
  });
  try {
    await pullPartnerOrders(db, { url: orders.url, now: at(DEMO_TODAY, '23:35'), uuid: () => rng.uuid() });
  } finally {
    await orders.close();
  }
  const order: SyncedOrder = {
    partnerOrderNo,
    day,
    lines: [{ lineNo: 1, productCode, quantity, service: false }],
  };
  const instructionNo = `SI${compactDay(DEMO_TODAY)}${rng.digits(5)}`;
  const receiver = { name: rng.personName(), phone: rng.mobile(), address: `${gd.city.nameZh}仓储中心` };
  instructions.push(made(instructionOf(instructionNo, order, DEMO_TODAY, receiver), at(DEMO_TODAY, '23:36')));
  const no = `PS${compactDay(DEMO_TODAY)}${rng.digits(5)}`;
  const shipped = shipmentOf(rng, no, instructionNo, order, DEMO_TODAY, [{ line: order.lines[0], quantity }]);
  shipments.push(made(shipped, at(DEMO_TODAY, '23:37')));
}

/**
 * Over half of the partner shipments are confirmed by the agent's own staff, a few hours to a day after
 * the pull brought them and before the job would; the others wait for the job or are still open.
 */
async function confirmSomeReceipts(db: Db, rng: Random) {
  const open = await sql<{ id: string; version: number; company: string; pulled: Date; dispatched: Date }>`
    select distinct on (shipment_no) object_id::text as id, version, company_id::text as company,
      created_at as pulled, dispatched_at as dispatched
    from shipment where order_channel = ${OrderChannel.partnerLine} and signed_on is null
      and data ? 'PartnerShipmentNo'
    order by shipment_no, line_no`.execute(db);
  const today = at(DEMO_TODAY, '18:00').getTime();
  for (const row of open.rows) {
    const when = new Date(row.pulled).getTime() + rng.int(2, 30) * 3_600_000;
    const due = new Date(row.dispatched).getTime() + 7 * 86_400_000;
    if (when >= Math.min(today, due) || !rng.chance(0.6)) continue;
    const [staff, clock] = [await staffOf(db, row.company), clockAt(rng, new Date(when))];
    if (staff) await confirmReceipt(db, staff, { ObjectID: row.id, Version: row.version }, clock);
  }
}
