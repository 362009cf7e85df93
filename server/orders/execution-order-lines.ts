import { sql } from 'kysely';
import type { ExecutionOrderLine } from '../../domain/execution-order-lines';
import type { Db } from '../db/database';

/**
 * The approved lines of an execution order in their order: product, the approved price, what was
 * approved, what orders drew and what is left to order. The caller has read the execution order
 * through its scope first.
 */
export async function linesOfExecutionOrder(db: Db, executionOrderId: string) {
  const rows = await sql<ExecutionOrderLine>`select l.line_no as "LineNo", l.product_code as "ProductCode",
      coalesce(p.name, c.name) as "ProductName", l.approved_price::text as "ApprovedPrice",
      l.approved_quantity as "ApprovedQuantity", l.drawn_quantity as "DrawnQuantity",
      l.approved_quantity - l.drawn_quantity as "RemainingQuantity"
    from execution_order_line l
    left join product p on p.product_code = l.product_code
    left join cpq_configuration c on c.config_code = l.product_code
    where l.execution_order_id = ${executionOrderId} order by l.line_no`.execute(db);
  return rows.rows;
}
