import { sql } from 'kysely';
import { InspectionResult } from '../../domain/codes/loans.codes';
import type { Invariant } from '../books/invariant';

/** What is out on a loan (docs/loans.md, docs/books.md). */
export const loanInvariants = {
  // The loan's columns are its workflow's projection; the rows are what was lent, returned and sold.
  outstandingFollowsRows: {
    page: 'ordersSetup.loanOrderDetail',
    query: sql`select o.object_id, o.loan_no as label, o.loan_quantity as lent,
        o.returned_quantity as returned, o.compensated_quantity as compensated,
        o.converted_quantity as converted, x.lent as "rowsLent", x.returned as "rowsReturned",
        x.compensated as "rowsCompensated", x.converted as "rowsConverted"
      from loan_order o cross join lateral (select
          (select coalesce(sum(quantity), 0) from loan_line where loan_id = o.object_id) as lent,
          (select coalesce(sum(return_quantity) filter (where inspection_result = ${sql.lit(InspectionResult.goodRestocked)}), 0)
             from loan_return where loan_id = o.object_id) as returned,
          (select coalesce(sum(return_quantity) filter (where inspection_result <> ${sql.lit(InspectionResult.goodRestocked)}), 0)
             from loan_return where loan_id = o.object_id) as compensated,
          (select coalesce(sum(quantity), 0) from loan_conversion where loan_id = o.object_id) as converted) x
      where o.loan_quantity <> x.lent or o.returned_quantity <> x.returned
        or o.compensated_quantity <> x.compensated or o.converted_quantity <> x.converted
        or x.lent - x.returned - x.compensated - x.converted < 0`,
  },
} satisfies Record<string, Invariant>;
