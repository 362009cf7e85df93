import { sql } from 'kysely';
import { OrderChannel } from '../../domain/codes/orders.codes';
import type { Invariant } from '../books/invariant';
import { collectionContributions } from './collection-month-figures';

const KEY = sql.raw('agent_id, period');

/** One line's kept collections beside the confirmed allocations they sum, one row per agent × month. */
function collectionsOf(channel: string): Invariant {
  return {
    query: sql`select concat_ws(':', x.period, ${channel}::text, x.agent_id) as object_id,
        concat_ws(' ', to_char(x.period, 'YYYY-MM'), coalesce(c.name, x.agent_id::text)) as label,
        x.kept_count as "keptCount", x.kept_paid::text as "keptPaid", x.count, x.paid::text as paid
      from (select ${KEY}, sum(kept_count) as kept_count, sum(kept_paid) as kept_paid, sum(count) as count,
          sum(paid) as paid
        from (select ${KEY}, allocation_count as kept_count, paid_amount as kept_paid, 0 as count, 0 as paid
              from collection_month_figure where order_channel = ${channel}
              union all
              select ${KEY}, 0, 0, allocation_count, paid_amount
              from (${collectionContributions(sql<boolean>`o.order_channel = ${channel}`)}) c) s
        group by ${KEY}
        having sum(kept_count) <> sum(count) or sum(kept_paid) <> sum(paid)) x
      left join customer c on c.object_id = x.agent_id
      order by x.period desc, label`,
  };
}

/**
 * The sales tasks' collections of each order line (server/reports/collection-month-figures.ts) against
 * the allocations of confirmed receipts they sum, a row that disagrees named by its month and agent.
 */
export const collectionFigureInvariants = {
  ownLineCollections: collectionsOf(OrderChannel.ownLine),
  partnerLineCollections: collectionsOf(OrderChannel.partnerLine),
} satisfies Record<string, Invariant>;
