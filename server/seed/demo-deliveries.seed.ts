import { sql } from 'kysely';
import { AddressType } from '../../domain/codes/customers.codes';
import { OrderApprovalStatus, OrderChannel } from '../../domain/codes/orders.codes';
import { ProductCategory } from '../../domain/codes/products.codes';
import { createAddress } from '../addresses/address.service';
import type { Db } from '../db/database';
import * as deliveryInfo from '../deliveries/delivery-info.service';
import { autoConfirmShipments, confirmReceipt, shipOrder } from '../deliveries/shipment.service';
import type { Caller } from '../http/auth';
import type { Clock } from '../workflows/clock';
import type { DemoWorld } from './demo-world';
import { as, clockOn, staffOf } from './kit';
import { addDays, DEMO_TODAY, type Random } from './random';
import { words } from './story-data';

/** How a demo delivery ends: part of the order shipped, all of it received, or confirmed by the job. */
const PLANS = ['partial', 'received', 'autoConfirmed'] as const;
type Plan = (typeof PLANS)[number];

type Line = { LineNo: number; Quantity: number };
type Candidate = { id: string; version: number; company_id: string | null; day: string; lines: Line[] };
type Take = 'confirm' | 'address';
const CARRIERS = ['SF Express', 'JD Logistics', 'Deppon'];

/**
 * An effective order nothing is shipped of yet, whose lines are all products (so each needs serials): one
 * with a line of two units for a partial shipment, one effective ten days before today for the job.
 */
async function candidate(db: Db, plan: Plan, skip = 0): Promise<Candidate | undefined> {
  const rows =
    await sql<Candidate>`select o.object_id::text as id, o.version, o.company_id::text as company_id,
      to_char(o.updated_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day,
      (select json_agg(json_build_object('LineNo', i.line_no, 'Quantity', i.quantity) order by i.line_no)
        from order_item i where i.order_id = o.object_id) as lines
    from sales_order o
    where o.approval_status = ${sql.lit(OrderApprovalStatus.effective)} and o.order_channel = ${sql.lit(OrderChannel.ownLine)}
      and not exists (select 1 from shipment s where s.order_id = o.object_id)
      and exists (select 1 from order_item i where i.order_id = o.object_id
        and i.quantity >= ${plan === 'partial' ? 2 : 1})
      and not exists (select 1 from order_item i left join product p on p.product_code = i.product_code
        where i.order_id = o.object_id and (p.object_id is null or p.category = ${sql.lit(ProductCategory.services)}
          or i.line_no is null or i.quantity > 20))
      and ${plan === 'autoConfirmed' ? sql`(o.updated_at at time zone 'Asia/Shanghai')::date <= ${addDays(DEMO_TODAY, -10)}::date` : sql`true`}
    order by o.order_no limit 1 offset ${skip}`.execute(db);
  return rows.rows[0];
}

/** Sales operations enter an address of each agent with effective own-line orders, two for every other. */
async function seedAddresses(db: Db, rng: Random, ops: Caller) {
  const agents = await sql<{ id: string; province: string; city: string | null }>`
    select c.object_id::text as id, c.province_code as province, c.city_code as city from customer c
    where exists (select 1 from sales_order o where o.company_id = c.object_id
      and o.order_channel = ${sql.lit(OrderChannel.ownLine)} and o.approval_status = ${sql.lit(OrderApprovalStatus.effective)}) and c.province_code is not null
    order by c.account_id`.execute(db);
  for (const [index, agent] of agents.rows.entries())
    for (let n = 0; n < (index % 2 === 0 ? 2 : 1); n++) {
      const receiver = { ReceiverName: rng.personName(), ReceiverPhone: rng.mobile() };
      const road = `${rng.pick(words('deliveryRoads'))}${rng.int(1, 480)}号${rng.pick(words('deliveryPlaces'))}`;
      const place = { ProvinceCode: agent.province, CityCode: agent.city, DetailAddress: road };
      const body = { CustomerID: agent.id, AddressType: AddressType.delivery, ...receiver, ...place };
      await createAddress(db, ops, body);
    }
}

/** An order's delivery information confirmed as entered, or replaced by its agent's address: its version. */
async function settleDeliveryInfo(db: Db, ops: Caller, order: Candidate, take: Take, clock: Clock) {
  const body = { ObjectID: order.id, Version: order.version };
  if (take === 'confirm')
    return Number((await deliveryInfo.confirmDeliveryInfo(db, ops, body, clock)).Version);
  const [address] = await deliveryInfo.deliveryAddresses(db, ops, { ObjectID: order.id });
  const AddressID = address?.ObjectID;
  if (!AddressID) return order.version;
  return Number((await deliveryInfo.modifyDeliveryInfo(db, ops, { ...body, AddressID }, clock)).Version);
}

/** Demo deliveries as sales operations and the agents enter them, each plan's order shipped as it says. */
export async function seedDeliveries(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('deliveries');
  const ops = await as(db, 'ops');
  await seedAddresses(db, rng, ops);
  for (const plan of PLANS) {
    const order = await candidate(db, plan);
    if (!order) continue;
    const Version = await settleDeliveryInfo(db, ops, order, 'confirm', clockOn(rng, order.day));
    const shipDay = addDays(order.day, plan === 'autoConfirmed' ? 1 : rng.int(1, 3));
    const [LogisticsCompany, TrackingNo] = [rng.pick(CARRIERS), rng.digits(12)];
    // A partial shipment is one unit of the order's first line of two units or more.
    const partial = [{ ...order.lines.find((l) => l.Quantity >= 2)!, Quantity: 1 }];
    const serials = (l: Line) => Array.from({ length: l.Quantity }, () => `SN${rng.digits(12)}`);
    const Lines = (plan === 'partial' ? partial : order.lines).map((l) => ({
      ...l,
      SerialNumbers: serials(l),
    }));
    const body = { ObjectID: order.id, Version, LogisticsCompany, TrackingNo, Lines };
    const shipped = await shipOrder(db, ops, body, clockOn(rng, shipDay));
    if (plan !== 'received') continue;
    const [line] = shipped.Lines as { ObjectID: string; Version: number }[];
    // Someone of the agent itself confirms its receipt where it has staff; else sales operations for it.
    const receiver = (await staffOf(db, order.company_id)) ?? ops;
    const received = clockOn(rng, addDays(shipDay, rng.int(1, 3)));
    await confirmReceipt(db, receiver, { ObjectID: line.ObjectID, Version: line.Version }, received);
  }
  // The job's run on the demo's today: what was dispatched over seven days before and not answered.
  await autoConfirmShipments(db, new Date(rng.timeOn(DEMO_TODAY)));
  // Two orders not shipped yet: one takes an address of its agent, one is confirmed as entered.
  for (const [skip, take] of (['address', 'confirm'] as Take[]).entries()) {
    const order = await candidate(db, 'received', skip);
    if (order) await settleDeliveryInfo(db, ops, order, take, clockOn(rng, order.day));
  }
}
