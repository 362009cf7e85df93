import { sql } from 'kysely';
import { OrderApprovalStatus } from '../../domain/codes/orders.codes';
import type { Invariant } from '../books/invariant';
import { DELIVERY_STATUS, SHIPMENT_STATUS } from './delivery-status';

/** The delivery status deliveryStatusOf (./delivery-status.ts) gives an order's figures, in SQL. */
const deliveryStatusSql = sql<string>`case when o.shipments <= 0 then ${sql.lit(DELIVERY_STATUS.notShipped)}
    when o.shipments < o.ordered then ${sql.lit(DELIVERY_STATUS.partlyShipped)}
    when o.open = 0 then ${sql.lit(DELIVERY_STATUS.received)} else ${sql.lit(DELIVERY_STATUS.shipped)} end`;

/** What is shipped of an order (docs/deliveries.md, docs/books.md). */
export const deliveryInvariants = {
  shippedWithinOrdered: {
    page: 'ordersSetup.ownLineOrderDetail',
    query: sql`select o.object_id, o.order_no as label, i.line_no as line, i.quantity as ordered,
        s.shipped
      from order_item i join sales_order o on o.object_id = i.order_id
      join (select order_item_id, sum(quantity) as shipped from shipment group by 1) s
        on s.order_item_id = i.object_id
      where s.shipped > coalesce(i.quantity, 0)`,
  },
  // A superseded revision's copy keeps the figures it had; shipments stay with the order itself.
  // Lines and shipments are summed per order in one pass each (from their order indexes), not looked
  // up order by order.
  deliveryFollowsShipments: {
    page: 'ordersSetup.ownLineOrderDetail',
    query: sql`select o.object_id, o.order_no as label, o.shipped, o.shipments, o.ordered
      from (select t.object_id, t.order_no, t.delivery_status,
              coalesce(nullif(t.data->>'ShippedQuantity', '')::numeric, 0) as shipped,
              coalesce(i.ordered, 0) as ordered, coalesce(s.shipments, 0) as shipments,
              coalesce(s.open, 0) as open
            from sales_order t
            left join (select order_id, sum(quantity) as ordered from order_item group by order_id) i
              on i.order_id = t.object_id
            left join (select order_id, sum(quantity) as shipments,
                count(*) filter (where shipment_status not in
                  (${sql.lit(SHIPMENT_STATUS.received)}, ${sql.lit(SHIPMENT_STATUS.resolved)})) as open
              from shipment group by order_id) s on s.order_id = t.object_id
            where t.approval_status is distinct from ${sql.lit(OrderApprovalStatus.superseded)}) o
      where o.shipped <> o.shipments
        or coalesce(o.delivery_status, ${sql.lit(DELIVERY_STATUS.notShipped)}) <> ${deliveryStatusSql}`,
  },
} satisfies Record<string, Invariant>;
