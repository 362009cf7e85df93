import { sql } from 'kysely';
import { InspectionResult } from '../../domain/codes/loans.codes';
import { OrderApprovalStatus } from '../../domain/codes/orders.codes';
import type { Invariant } from '../books/invariant';
import { namesDealOf } from '../opportunities/agent-deal';

/** A loan-to-sale order cancelled or rejected gave its units back to its loan (loan-conversion-release.ts). */
const LET_GO = sql.join([OrderApprovalStatus.cancelled, OrderApprovalStatus.rejected].map((s) => sql.lit(s)));

/** The conversions that still sell units: their order exists and was not let go. */
const liveConversions = sql`select c.loan_id, c.quantity from loan_conversion c
  join sales_order s on s.object_id = c.order_id where coalesce(s.approval_status, '') not in (${LET_GO})`;

/** What is out on a loan (docs/loans.md, docs/books.md). */
export const loanInvariants = {
  // The loan's columns are its workflow's projection; the rows are what was lent, returned and sold
  // (a conversion counting only while its order stands).
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
          (select coalesce(sum(quantity), 0) from (${liveConversions}) c where c.loan_id = o.object_id) as converted) x
      where o.loan_quantity <> x.lent or o.returned_quantity <> x.returned
        or o.compensated_quantity <> x.compensated or o.converted_quantity <> x.converted
        or x.lent - x.returned - x.compensated - x.converted < 0`,
  },
  // A conversion sells units only through an order that stands: one cancelled, rejected or gone gave
  // them back to the loan, out again, and left no conversion behind.
  conversionsAreLiveSales: {
    page: 'ordersSetup.loanOrderDetail',
    query: sql`select o.object_id, o.loan_no as label, c.order_no as "orderNo", sum(c.quantity)::int as units
      from loan_conversion c join loan_order o on o.object_id = c.loan_id
        left join sales_order s on s.object_id = c.order_id
      where s.object_id is null or s.approval_status in (${LET_GO})
      group by o.object_id, o.loan_no, c.order_no`,
  },
  // A line lent with serials keeps one for each unit still out, and marks no more units back or sold
  // than its rows say came back or were sold (units settled before serials were named stay unmarked).
  serialsFollowUnits: {
    page: 'ordersSetup.loanOrderDetail',
    query: sql`select o.object_id, o.loan_no || ' #' || l.line_no as label, r.outstanding_quantity as out,
        r.returned_quantity + r.compensated_quantity as back, r.converted_quantity as sold,
        s.out as "serialsOut", s.back as "serialsBack", s.sold as "serialsSold"
      from loan_line l join loan_order o on o.object_id = l.loan_id
        join loan_report r on r.object_id = l.object_id
        cross join lateral (select count(*) filter (where settled_as is null) as out,
            count(*) filter (where settled_as = 'returned') as back,
            count(*) filter (where settled_as = 'converted') as sold, count(*) as lent
          from loan_serial where loan_id = l.loan_id and line_no = l.line_no) s
      where s.lent > 0 and (s.out < r.outstanding_quantity
        or s.back > r.returned_quantity + r.compensated_quantity or s.sold > r.converted_quantity)`,
  },
  // The deal a loan names is one of its agent's: the one whose rebate and target credit its
  // loan-to-sale orders carry. Loans asked for before the rule was checked may name another agent's (or
  // a number no deal has); they are named here for the desk to correct, never rewritten.
  opportunityOfItsAgent: {
    page: 'ordersSetup.loanOrderDetail',
    query: sql`select o.object_id, o.loan_no as label, o.opportunity_no as "opportunityNo", o.agent_name as agent
      from loan_order o
      where nullif(o.opportunity_no, '') is not null
        and not ${namesDealOf(sql.ref('o.opportunity_no'), sql.ref('o.agent_id'))}`,
  },
} satisfies Record<string, Invariant>;
