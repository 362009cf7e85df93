import { sql } from 'kysely';
import type { Invariant } from '../books/invariant';

/** What a special price has given out to its execution orders (docs/special-prices.md, docs/books.md). */
export const specialPriceInvariants = {
  // Each execution order takes its units from the line its own lines name, once, and keeps them: an
  // expired or closed execution order gives nothing back to the price, and none is ever deleted.
  executedIsExecutionLines: {
    page: 'business.specialPriceApprovalInfo',
    query: sql`select r.object_id, r.data->>'ExtSpecialApprovalNo_SDK' as label, l.line_no as line,
        l.executed_quantity as executed, coalesce(x.taken, 0) as "executionLines"
      from special_price_line l join record r on r.object_id = l.special_price_id
        left join (select special_price_line_id as id, sum(approved_quantity) as taken
                   from execution_order_line where special_price_line_id is not null
                   group by 1) x on x.id = l.object_id
      where l.executed_quantity <> coalesce(x.taken, 0)`,
  },
} satisfies Record<string, Invariant>;
