import { sql } from 'kysely';
import { OrderApprovalStatus } from '../../domain/codes/orders.codes';
import { ProductCategory } from '../../domain/codes/products.codes';
import { type LineToShip, RECEIVERS, SHIPPERS } from '../../domain/shipments';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldMissing } from '../http/validate';
import { resourceDef } from '../resources/registry';
import { getRecord } from '../resources/write';
import { SHIPMENT_STATUS } from './delivery-status';

/** Only an effective order (ApprovalStatus 已生效) is released to the warehouse. */
export const EFFECTIVE = OrderApprovalStatus.effective;
/** Service lines (ProductCategory 服务) ship without serial numbers; every other product is serialised. */
export const SERVICE_CATEGORY = ProductCategory.services;
/** Days after dispatch when a shipment the agent left unanswered counts as received (notes §4.5). */
export const AUTO_CONFIRM_DAYS = 7;

const shipmentDef = () => resourceDef('shipment')!;
const orderDef = () => resourceDef('order')!;

/**
 * An order as the ship form reads it by its number (OrderNo), through the caller's scope: its header
 * (with the Version a shipment must name) and each line with what is still open. Only those who ship
 * read it, and only an effective order, so the form says at once what the shipment would be told.
 */
export async function orderToShip(db: Db, caller: Caller, body: Record<string, unknown>) {
  if (!SHIPPERS.includes(caller.roleCode)) throw new PortalError(403, 'deliveries.errors.notShipper');
  const orderNo = typeof body.OrderNo === 'string' ? body.OrderNo.trim() : '';
  if (!orderNo) throw fieldMissing('shipment', 'OrderNo');
  const found = await sql<{ id: string }>`select object_id::text as id from sales_order
    where order_no = ${orderNo.slice(0, 40)}`.execute(db);
  if (!found.rows[0]) throw new PortalError(404, 'server.recordNotFound');
  const order = await getRecord(db, orderDef(), caller, found.rows[0].id);
  if (order.ApprovalStatus !== EFFECTIVE)
    throw new PortalError(409, 'deliveries.errors.notEffective', { no: orderNo });
  const lines = await sql<LineToShip>`select i.line_no as "LineNo", i.product_code as "ProductCode",
      p.name as "ProductModel",
      coalesce(p.category, '') <> ${SERVICE_CATEGORY} as "Serialised", i.quantity as "Quantity",
      s.shipped as "ShippedQuantity", i.quantity - s.shipped as "OpenQuantity"
    from order_item i left join product p on p.product_code = i.product_code
      cross join lateral (select coalesce(sum(quantity), 0)::int as shipped from shipment
        where order_item_id = i.object_id) s
    where i.order_id = ${found.rows[0].id} order by i.line_no`.execute(db);
  const pick = (field: string) => order[field] ?? null;
  return {
    ObjectID: order.ObjectID,
    Version: order.Version,
    OrderNo: order.OrderNo,
    AgentName: pick('AgentName'),
    EndUserName: pick('EndUserName'),
    DeliveryStatus: pick('DeliveryStatus'),
    DeliveryMethod: pick('DeliveryMethod'),
    ReceiverName: pick('ReceiverName'),
    ReceiverPhone: pick('ReceiverPhone'),
    ReceiverAddress: pick('ReceiverAddress'),
    Lines: lines.rows,
  };
}

/**
 * A shipment row as its record page shows it, read through the caller's scope: the row, the other
 * lines of its FH number (a receipt answers for all of them), the day the job would confirm it, and
 * whether this person may confirm its receipt, or resolve its exception, now.
 */
export async function shipmentView(db: Db, caller: Caller, objectId: unknown) {
  const row = await getRecord(db, shipmentDef(), caller, objectId);
  const facts = await sql<{ due: string }>`select to_char(((dispatched_at at time zone 'Asia/Shanghai')
      + make_interval(days => ${AUTO_CONFIRM_DAYS}))::date, 'YYYY-MM-DD') as due
    from shipment where object_id = ${String(row.ObjectID)}`.execute(db);
  const lines = await sql<{
    LineNo: number;
    ProductCode: string | null;
    ProductModel: string | null;
    Quantity: number;
    SerialNumbers: string | null;
  }>`select line_no as "LineNo", product_code as "ProductCode", data->>'ProductModel' as "ProductModel",
      quantity as "Quantity", data->>'SerialNumbers' as "SerialNumbers"
    from shipment where shipment_no = ${String(row.ShipmentNo)} order by line_no`.execute(db);
  const awaiting = row.ShipmentStatus === SHIPMENT_STATUS.dispatched;
  return {
    ...row,
    AutoConfirmOn: awaiting ? facts.rows[0]?.due : null,
    MayConfirmReceipt: awaiting && RECEIVERS.includes(caller.roleCode),
    MayResolve: row.ShipmentStatus === SHIPMENT_STATUS.exception && SHIPPERS.includes(caller.roleCode),
    ShipmentLines: lines.rows,
  };
}
