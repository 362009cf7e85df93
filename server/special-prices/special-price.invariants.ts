import { sql } from 'kysely';
import type { Invariant } from '../books/invariant';

/** An amount the record keeps in its data, as a number (text that is none counts as none). */
const amountOf = (field: string) =>
  sql`case when r.data->>${field} ~ '^-?[0-9]+(\\.[0-9]+)?$' then (r.data->>${field})::numeric end`;

/**
 * The figures of a special price that depend on its lines: its totals, and what it has given out to its
 * execution orders (docs/special-prices.md, docs/books.md).
 */
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
  // The request's totals are its lines' (standard, requested, approved price × quantity), written in the
  // transaction that writes the lines (a save, the final agreement); the list, the export and the
  // approvers read the totals, the execution orders the lines.
  totalsAreSumOfLines: {
    page: 'business.specialPriceApprovalInfo',
    query: sql`select r.object_id, r.data->>'ExtSpecialApprovalNo_SDK' as label,
        r.data->>'ExtListPriceTotal_SDK' as "listTotal", l.standard as "linesList",
        r.data->>'ExtApplyPriceTotal_SDK' as "applyTotal", l.requested as "linesApply",
        r.data->>'ExtApprovedPriceTotal_SDK' as "approvedTotal", l.approved as "linesApproved"
      from record r
        join (select special_price_id as id, sum(standard_price * quantity) as standard,
                sum(requested_price * quantity) as requested, sum(approved_price * quantity) as approved
              from special_price_line group by 1) l on l.id = r.object_id
      where r.resource = 'specialApproval'
        and (${amountOf('ExtListPriceTotal_SDK')} is distinct from l.standard
          or ${amountOf('ExtApplyPriceTotal_SDK')} is distinct from l.requested
          or ${amountOf('ExtApprovedPriceTotal_SDK')} is distinct from l.approved)`,
  },
} satisfies Record<string, Invariant>;
