import { sql } from 'kysely';
import type { Invariant } from '../books/invariant';

/** What is shipped of an order (docs/deliveries.md, docs/books.md). */
export const deliveryInvariants = {
  shippedWithinOrdered: {
    title: { zh: '订单每行已发货数量不超过订购数量', en: 'No order line ships more than it orders' },
    message: {
      zh: '订单 {label} 第 {line} 行：订购 {ordered}，已发货 {shipped}',
      en: 'Order {label}, line {line}: ordered {ordered}, shipped {shipped}',
    },
    page: 'ordersSetup.ownLineOrderDetail',
    query: sql`select o.object_id, o.order_no as label, i.line_no as line, i.quantity as ordered,
        s.shipped
      from order_item i join sales_order o on o.object_id = i.order_id
      join (select order_item_id, sum(quantity) as shipped from shipment group by 1) s
        on s.order_item_id = i.object_id
      where s.shipped > coalesce(i.quantity, 0)`,
  },
} satisfies Record<string, Invariant>;
