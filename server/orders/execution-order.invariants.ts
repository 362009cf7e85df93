import { sql } from 'kysely';
import type { Invariant } from '../books/invariant';
import { figuresOfLines, NOT_DRAWING, statusOfLines } from './pricing-execution-orders';

const notDrawing = sql.join(NOT_DRAWING.map((status) => sql.lit(status)));

/** What an execution order has given out: its lines' draws and the figures they decide (docs/books.md). */
export const executionOrderInvariants = {
  // Cancelled, rejected and deleted orders gave their units back; a superseded revision's copy never held any.
  drawnIsSumOfLiveOrders: {
    title: {
      zh: '执行单每行已执行数量 = 在用订单各行数量之和',
      en: "An execution order line's drawn quantity is what its live orders' lines take",
    },
    message: {
      zh: '执行单 {label} 第 {line} 行：已执行 {drawn}，在用订单合计 {ordered}',
      en: 'Execution order {label}, line {line}: drawn {drawn}, live orders take {ordered}',
    },
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
    title: {
      zh: '执行单的执行金额、已执行、剩余与状态随各行',
      en: "An execution order's amounts and status follow its lines",
    },
    message: {
      zh: '执行单 {label}：执行金额 {amount}、已执行 {executed}、剩余 {remaining}，各行应为 {linesAmount}、{linesExecuted}、{linesRemaining}（状态随已执行数量）',
      en: 'Execution order {label}: amount {amount}, executed {executed}, remaining {remaining}; its lines give {linesAmount}, {linesExecuted}, {linesRemaining} (status follows the drawn units)',
    },
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
} satisfies Record<string, Invariant>;
