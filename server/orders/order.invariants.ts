import { sql } from 'kysely';
import type { Invariant } from '../books/invariant';
import { namesDealOf } from '../opportunities/agent-deal';

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
  // The deal an order names (its 报备编号: typed on the RSP hardware form, or carried from its execution
  // order or its loan) is one of its agent's: the one whose rebate and target credit the order carries.
  // One that names another agent's deal, or a number no deal has, is named for the desk to correct.
  orderOpportunityOfItsAgent: {
    page: 'ordersSetup.ownLineOrderDetail',
    query: sql`select o.object_id, o.order_no as label, o.data->>'OpportunityNo' as "opportunityNo",
        o.agent_name as agent
      from sales_order o
      where nullif(o.data->>'OpportunityNo', '') is not null
        and not ${namesDealOf(sql`o.data->>'OpportunityNo'`, sql.ref('o.company_id'))}`,
  },
} satisfies Record<string, Invariant>;
