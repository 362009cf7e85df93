import { sql } from 'kysely';
import type { Invariant } from '../books/invariant';
import { namesDealOf } from '../opportunities/agent-deal';
import { countedYearGroups } from './order-year-counts';

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
  // The order lists count a line's orders, or a year's numbers, from the counts kept per number year and
  // scope (migration 131): each group holds as many as there are orders of it.
  yearCountsFollowOrders: {
    query: sql`select concat_ws(':', x.order_channel, x.order_no, x.company_id, x.province_code, x.city_code)
        as object_id,
      concat_ws(' ', x.order_no, coalesce(c.name, r.name_zh, x.province_code), d.content_zh) as label,
      x.kept, x.counted
      from (select order_channel, order_no, company_id, province_code, city_code,
              sum(kept)::int as kept, sum(counted)::int as counted
            from (select order_channel, order_no, company_id, province_code, city_code,
                    order_count as kept, 0 as counted
                  from sales_order_year_count
                  union all
                  select order_channel, order_no, company_id, province_code, city_code, 0, n
                  from (${countedYearGroups}) c) s
            group by order_channel, order_no, company_id, province_code, city_code
            having sum(kept) <> sum(counted)) x
      left join customer c on c.object_id = x.company_id
      left join region r on r.code = x.province_code
      left join dictionary_entry d on d.code = 'OrderChannel' and d.keyword = x.order_channel
      order by x.order_no, label`,
  },
} satisfies Record<string, Invariant>;
