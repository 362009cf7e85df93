import { sql } from 'kysely';
import type { Invariant } from '../books/invariant';

/** The figures of an order that its lines decide (docs/books.md). */
export const orderInvariants = {
  // Orders entered with lines carry a server-computed amount per line; a synced partner order has none.
  amountIsSumOfLines: {
    page: 'ordersSetup.ownLineOrderDetail',
    query: sql`select o.object_id, o.order_no as label, o.order_amount::text as amount, i.total::text as lines
      from sales_order o
      join (select order_id, sum(line_amount) as total from order_item
            group by order_id having count(line_amount) > 0) i on i.order_id = o.object_id
      where o.order_amount is distinct from i.total`,
  },
} satisfies Record<string, Invariant>;
