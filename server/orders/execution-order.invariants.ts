import { sql } from 'kysely';
import type { Invariant } from '../books/invariant';
import { namesDealOf } from '../opportunities/agent-deal';
import { figuresOfLines, NOT_DRAWING, statusOfLines } from './pricing-execution-orders';

const notDrawing = sql.join(NOT_DRAWING.map((status) => sql.lit(status)));

/** What an execution order has given out: its lines' draws and the figures they decide (docs/books.md). */
export const executionOrderInvariants = {
  // Cancelled, rejected and deleted orders gave their units back; a superseded revision's copy never held any.
  drawnIsSumOfLiveOrders: {
    page: 'ordersSetup.executionOrderDetail',
    query: sql`select r.object_id, r.data->>'ExecutionOrderNo' as label, l.line_no as line,
        l.drawn_quantity as drawn, coalesce(d.ordered, 0) as ordered
      from execution_order_line l join record r on r.object_id = l.execution_order_id
      left join (select i.execution_order_line_id as id, sum(i.quantity) as ordered
                 from order_item i join sales_order o on o.object_id = i.order_id
                 where i.execution_order_line_id is not null
                   and coalesce(o.approval_status, '') not in (${notDrawing})
                 group by 1) d on d.id = l.object_id
      where l.drawn_quantity <> coalesce(d.ordered, 0)`,
  },
  figuresFollowLines: {
    page: 'ordersSetup.executionOrderDetail',
    query: sql`select r.object_id, r.data->>'ExecutionOrderNo' as label,
        r.data->>'ExecutionAmount' as amount, r.data->>'ExecutedAmount' as executed,
        r.data->>'RemainingAmount' as remaining, x.total::numeric(18, 2)::text as "linesAmount",
        x.executed::numeric(18, 2)::text as "linesExecuted",
        (x.total - x.executed)::numeric(18, 2)::text as "linesRemaining"
      from record r join (${figuresOfLines()}) x on x.id = r.object_id
      where r.resource = 'executionOrder' and (
        nullif(r.data->>'ExecutionAmount', '')::numeric is distinct from x.total
        or nullif(r.data->>'ExecutedAmount', '')::numeric is distinct from x.executed
        or nullif(r.data->>'RemainingAmount', '')::numeric is distinct from x.total - x.executed
        or r.data->>'Status' is distinct from ${statusOfLines})`,
  },
  // The deal an execution order names (its special price's, which every order drawn from it carries)
  // is one of its agent's, as its creation checked; one that names another agent's deal, or a number no
  // deal has, is named for the desk to correct.
  executionOrderOpportunityOfItsAgent: {
    page: 'ordersSetup.executionOrderDetail',
    query: sql`select r.object_id, r.data->>'ExecutionOrderNo' as label,
        r.data->>'OpportunityNo' as "opportunityNo", r.data->>'AgentName' as agent
      from record r
      where r.resource = 'executionOrder' and nullif(r.data->>'OpportunityNo', '') is not null
        and not ${namesDealOf(sql`r.data->>'OpportunityNo'`, sql.ref('r.company_id'))}`,
  },
} satisfies Record<string, Invariant>;
