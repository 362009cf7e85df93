import { sql } from 'kysely';
import { AddressType } from '../../domain/codes/customers.codes';
import { OrderApprovalStatus, OrderChannel } from '../../domain/codes/orders.codes';
import { createAddress } from '../addresses/address.service';
import type { Db } from '../db/database';
import * as deliveryInfo from '../deliveries/delivery-info.service';
import { autoConfirmShipments, confirmReceipt, shipOrder } from '../deliveries/shipment.service';
import type { Caller } from '../http/auth';
import { hardwareOf, type OrderNow, ordersWhere } from './demo-orders.seed';
import type { DemoWorld } from './demo-world';
import { as, clockOn, staffOf } from './kit';
import { addDays, DEMO_TODAY, type Random } from './random';
import { words } from './story-data';

/** How a demo delivery ends, on the first order fitting it: partly shipped, received, or job-confirmed. */
const PLANS = {
  partial: (o: OrderNow) => o.lines.some((l) => l.quantity >= 2),
  received: () => true,
  autoConfirmed: (o: OrderNow) => o.changed <= addDays(DEMO_TODAY, -10),
};
const CARRIERS = ['SF Express', 'JD Logistics', 'Deppon'];

/** Sales operations enter an address of each agent with effective own-line orders, two for every other. */
async function seedAddresses(db: Db, rng: Random, ops: Caller, orders: OrderNow[]) {
  const agents = [...new Set(orders.map((o) => o.agent))];
  agents.sort((a, b) => a.accountId.localeCompare(b.accountId));
  for (const [index, agent] of agents.entries())
    for (let n = 0; n < (index % 2 === 0 ? 2 : 1); n++) {
      const receiver = { ReceiverName: rng.personName(), ReceiverPhone: rng.mobile() };
      const road = `${rng.pick(words('deliveryRoads'))}${rng.int(1, 480)}号${rng.pick(words('deliveryPlaces'))}`;
      const place = { ProvinceCode: agent.province.code, CityCode: agent.city.code, DetailAddress: road };
      const body = { CustomerID: agent.id, AddressType: AddressType.delivery, ...receiver, ...place };
      await createAddress(db, ops, body);
    }
}

/** An order's delivery information confirmed as entered (its version), or replaced by its agent's address. */
async function settleDeliveryInfo(db: Db, ops: Caller, rng: Random, order: OrderNow, take: string) {
  const [body, clock] = [{ ObjectID: order.id, Version: order.version }, clockOn(rng, order.changed)];
  if (take === 'confirm')
    return Number((await deliveryInfo.confirmDeliveryInfo(db, ops, body, clock)).Version);
  const [{ ObjectID: AddressID }] = await deliveryInfo.deliveryAddresses(db, ops, { ObjectID: order.id });
  await deliveryInfo.modifyDeliveryInfo(db, ops, { ...body, AddressID }, clock);
}

/** Demo deliveries as sales operations and the agents enter them, each plan's order shipped as it says. */
export async function seedDeliveries(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('deliveries');
  const ops = await as(db, 'ops');
  // The day an order in force was last changed is the day it took effect: nothing is shipped of it yet.
  const inForce = sql`approval_status = ${sql.lit(OrderApprovalStatus.effective)}
    and order_channel = ${sql.lit(OrderChannel.ownLine)}`;
  const orders = await ordersWhere(db, world, inForce);
  await seedAddresses(db, rng, ops, orders);
  // Each unit shipped needs a serial number: only orders of hardware, 20 units a line at most, are shipped.
  const hardware = new Set(hardwareOf(world));
  const unshipped = orders.filter((o) => o.lines.every((l) => hardware.has(l.product) && l.quantity <= 20));
  for (const [plan, fits] of Object.entries(PLANS)) {
    const [order] = unshipped.splice(unshipped.findIndex(fits), 1);
    const Version = await settleDeliveryInfo(db, ops, rng, order, 'confirm');
    const shipDay = addDays(order.changed, plan === 'autoConfirmed' ? 1 : rng.int(1, 3));
    const [LogisticsCompany, TrackingNo] = [rng.pick(CARRIERS), rng.digits(12)];
    const lines = order.lines.map((l, index) => ({ LineNo: index + 1, Quantity: l.quantity }));
    const shipped = plan === 'partial' ? [{ ...lines.find((l) => l.Quantity >= 2)!, Quantity: 1 }] : lines;
    const serials = (count: number) => Array.from({ length: count }, () => `SN${rng.digits(12)}`);
    const Lines = shipped.map((l) => ({ ...l, SerialNumbers: serials(l.Quantity) }));
    const body = { ObjectID: order.id, Version, LogisticsCompany, TrackingNo, Lines };
    const shipment = await shipOrder(db, ops, body, clockOn(rng, shipDay));
    if (plan !== 'received') continue;
    const [line] = shipment.Lines as { ObjectID: string; Version: number }[];
    const receiver = (await staffOf(db, order.agent.id)) ?? ops;
    const received = clockOn(rng, addDays(shipDay, rng.int(1, 3)));
    await confirmReceipt(db, receiver, { ObjectID: line.ObjectID, Version: line.Version }, received);
  }
  // The job's run on the demo's today: what was dispatched over seven days before and not answered.
  await autoConfirmShipments(db, new Date(rng.timeOn(DEMO_TODAY)));
  // Two orders not shipped yet: one takes an address of its agent, one is confirmed as entered.
  for (const [index, take] of ['address', 'confirm'].entries())
    await settleDeliveryInfo(db, ops, rng, unshipped[index], take);
}
