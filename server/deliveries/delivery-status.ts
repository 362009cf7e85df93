import { sql } from 'kysely';
import { DeliveryStatus, ShipmentStatus } from '../../domain/codes/orders.codes';
import type { Db } from '../db/database';
import { keepOrderFigures } from '../reports/order-month-figures';

/** Dictionary DeliveryStatus of an order (notes §4.2): 未发货 / 部分发货 / 已发货 / 已签收. */
export const DELIVERY_STATUS = {
  notShipped: DeliveryStatus.notShipped,
  partlyShipped: DeliveryStatus.partlyShipped,
  shipped: DeliveryStatus.shipped,
  received: DeliveryStatus.received,
} as const;

/**
 * Dictionary ShipmentStatus: what a shipment is after dispatch, receipt, a reported exception, and the
 * exception resolved by the vendor (which settles it like a receipt).
 */
export const SHIPMENT_STATUS = {
  dispatched: ShipmentStatus.dispatched,
  received: ShipmentStatus.received,
  exception: ShipmentStatus.receiptException,
  resolved: ShipmentStatus.resolved,
} as const;

/** An order's delivery status from what it orders, what is shipped of it and whether all of that arrived. */
export function deliveryStatusOf(ordered: number, shipped: number, allReceived: boolean): string {
  if (shipped <= 0) return DELIVERY_STATUS.notShipped;
  if (shipped < ordered) return DELIVERY_STATUS.partlyShipped;
  return allReceived ? DELIVERY_STATUS.received : DELIVERY_STATUS.shipped;
}

/**
 * Writes an order's delivery status from its lines and shipments, and moves the dashboard's month
 * figures with them, in the transaction of the shipment or receipt that changed them, so neither the
 * order nor the dashboard disagrees with its deliveries.
 */
export async function refreshOrderDelivery(db: Db, orderId: string, by: string | null, at: Date) {
  const figures = await sql<{ ordered: number; shipped: number; open: number }>`select
      (select coalesce(sum(quantity), 0)::int from order_item where order_id = ${orderId}) as ordered,
      (select coalesce(sum(quantity), 0)::int from shipment where order_id = ${orderId}) as shipped,
      (select count(*)::int from shipment where order_id = ${orderId}
        and shipment_status not in (${SHIPMENT_STATUS.received}, ${SHIPMENT_STATUS.resolved})) as open`.execute(
    db,
  );
  const { ordered, shipped, open } = figures.rows[0];
  await sql`update sales_order set delivery_status = ${deliveryStatusOf(ordered, shipped, open === 0)},
      data = data || ${JSON.stringify({ ShippedQuantity: shipped })}::jsonb, version = version + 1,
      updated_at = ${at}, updated_by_name = ${by}
    where object_id = ${orderId}`.execute(db);
  await keepOrderFigures(db, [orderId]);
}
