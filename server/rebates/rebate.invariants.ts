import { sql } from 'kysely';
import { OrderApprovalStatus } from '../../domain/codes/orders.codes';
import { RebateSettlementStatus, SettlementSheetStatus } from '../../domain/codes/rebates.codes';
import type { Invariant } from '../books/invariant';
import { baseOrderNoOf } from '../orders/order-base-no';
import { FLOW } from './ledger.types';
import { ORDER_REBATE_STATUS } from './order-rebate';

/**
 * An account is named by its agent and its last flow's number (LS…), which 客户返利流水 finds with the
 * account's type and brand in the reader's words; a finding itself then carries no dictionary code.
 */
const accountColumns = sql`a.object_id, l.flow_no as label, c.name as agent`;

/** Money as the report writes it: two decimals, whatever the expression's scale. */
const money = (expression: string) => sql.raw(`(${expression})::numeric(18, 2)::text`);

/**
 * The ledger's figures that its flows decide (docs/rebates.md, docs/books.md): balances are sums of
 * flows, the summary adds up to its balance, frozen money belongs to an order in approval, an order's
 * rebate used is what its flows used and did not give back, and a settlement posts exactly what it
 * calculated.
 */
export const rebateInvariants = {
  // Each flow keeps the balances after it; the account's last flow must say what all its flows add up to.
  balanceIsSumOfFlows: {
    query: sql`select ${accountColumns},
        ${money('l.available_after')} as available, ${money('l.frozen_after')} as frozen,
        ${money('l.pending_after')} as pending, ${money('s.available')} as available_flows,
        ${money('s.frozen')} as frozen_flows, ${money('s.pending')} as pending_flows
      from rebate_account a
      join customer c on c.object_id = a.company_id
      join (select account_id, sum(available_change) as available, sum(frozen_change) as frozen,
              sum(pending_change) as pending, max(seq) as last_seq
            from rebate_flow group by account_id) s on s.account_id = a.object_id
      join rebate_flow l on l.account_id = a.object_id and l.seq = s.last_seq
      where (l.available_after, l.frozen_after, l.pending_after, l.balance_after)
        is distinct from (s.available, s.frozen, s.pending, s.available + s.frozen)`,
  },
  // An account's flows are numbered 1, 2, 3… without a gap, so 客户返利流水 counts them by the last number.
  flowsNumberedInTurn: {
    query: sql`select ${accountColumns}, s.flows, s.last_seq
      from rebate_account a
      join customer c on c.object_id = a.company_id
      join (select account_id, count(*)::int as flows, max(seq) as last_seq
            from rebate_flow group by account_id) s on s.account_id = a.object_id
      join rebate_flow l on l.account_id = a.object_id and l.seq = s.last_seq
      where s.flows <> s.last_seq`,
  },
  // 客户返利汇总 reads across: what came in, less what went out, is the balance it shows.
  summaryAddsUpToBalance: {
    query: sql`select ${accountColumns}, ${money('v.posted_amount')} as posted, ${money('v.sti_amount')} as sti,
        ${money('v.used_amount')} as used, ${money('v.reversed_amount')} as reversed,
        ${money('v.adjusted_amount')} as adjusted, ${money('v.expired_amount')} as expired,
        ${money('v.paid_out_amount')} as paid_out, ${money('v.balance')} as balance,
        ${money('v.available_balance')} as available, ${money('v.frozen_amount')} as frozen,
        ${money(
          'v.posted_amount + v.sti_amount - v.used_amount + v.reversed_amount + v.adjusted_amount - v.expired_amount - v.paid_out_amount',
        )} as columns
      from rebate_summary_list v
      join rebate_account a on a.object_id = v.object_id
      join customer c on c.object_id = a.company_id
      join lateral (select f.flow_no from rebate_flow f where f.account_id = a.object_id
        order by f.seq desc limit 1) l on true
      where v.posted_amount + v.sti_amount - v.used_amount + v.reversed_amount + v.adjusted_amount
          - v.expired_amount - v.paid_out_amount <> v.balance
        or v.available_balance + v.frozen_amount <> v.balance`,
  },
  // Money is frozen from submission until the order takes effect (used) or leaves approval (released).
  frozenBelongsToOrderInApproval: {
    page: 'ordersSetup.ownLineOrderDetail',
    query: sql`select coalesce(o.object_id, a.object_id) as object_id, f.source_doc_no as label,
        c.name as agent, ${money('f.frozen')} as frozen
      from (select account_id, source_doc_no, sum(frozen_change) as frozen from rebate_flow
            where source_doc_type = 'order' group by account_id, source_doc_no
            having sum(frozen_change) <> 0) f
      join rebate_account a on a.object_id = f.account_id
      join customer c on c.object_id = a.company_id
      left join sales_order o on ${baseOrderNoOf('o')} = f.source_doc_no
        and o.approval_status is distinct from ${sql.lit(OrderApprovalStatus.superseded)}
      where o.approval_status is distinct from ${sql.lit(OrderApprovalStatus.awaitingReview)}`,
  },
  // What an order used of its rebate is its use flows less their reversal, found by the order's base
  // number through every revision: what the order shows used while it is in force, nothing once it
  // is cancelled or rejected; and it shows the rebate used (RebateStatus) exactly while it holds some.
  rebateUsedFollowsLedger: {
    page: 'ordersSetup.ownLineOrderDetail',
    query: sql`select o.object_id, o.order_no as label, c.name as agent, ${money('o.expected')} as expected,
        ${money('o.held')} as held, ${money('coalesce(f.used, 0)')} as used,
        ${money('coalesce(f.reversed, 0)')} as reversed
      from (select o.object_id, o.order_no, o.company_id, ${baseOrderNoOf('o')} as ledger_no,
              case when o.approval_status in (${sql.lit(OrderApprovalStatus.effective)},
                  ${sql.lit(OrderApprovalStatus.beingChanged)})
                then coalesce(nullif(o.data->>'RebateUsed', ''), '0')::numeric else 0 end as expected,
              case when o.data->>'RebateStatus' = ${sql.lit(ORDER_REBATE_STATUS.used)}
                then coalesce(nullif(o.data->>'RebateUsed', ''), '0')::numeric else 0 end as held
            from sales_order o
            where o.approval_status is distinct from ${sql.lit(OrderApprovalStatus.superseded)}
              and coalesce(nullif(o.data->>'RebateDeduction', ''), '0')::numeric > 0) o
      join customer c on c.object_id = o.company_id
      left join (select source_doc_no,
              sum(amount) filter (where source_doc_type = 'order') as used,
              sum(amount) filter (where source_doc_type = 'return') as reversed
            from rebate_flow
            where (source_doc_type = 'order' and flow_type = ${sql.lit(FLOW.use)})
              or (source_doc_type = 'return' and flow_type = ${sql.lit(FLOW.reverse)})
            group by source_doc_no) f on f.source_doc_no = o.ledger_no
      where coalesce(f.used, 0) - coalesce(f.reversed, 0) <> o.expected or o.held <> o.expected`,
  },
  // A settlement's lines are its calculation and its adjustment; posting writes their sum, once.
  settlementPostsItsLines: {
    page: 'rebates.rebateTaskDetail',
    query: sql`select t.object_id, t.no as label, ${money('t.payable')} as payable,
        ${money('t.calculated')} as calculated, ${money('t.adjusted')} as adjusted,
        ${money('coalesce(p.posted, 0)')} as posted
      from (select r.object_id, r.data->>'RebateTaskNo' as no, r.data->>'SettlementStatus' as status,
              coalesce(nullif(r.data->>'PayableRebate', ''), '0')::numeric as payable,
              coalesce(nullif(r.data->>'CalculatedRebate', ''), '0')::numeric as calculated,
              coalesce(nullif(r.data->>'AdjustAmount', ''), '0')::numeric as adjusted
            from record r where r.resource = 'rebateTask') t
      left join (select source_doc_no, sum(amount) as posted from rebate_flow
                 where source_doc_type = 'settlement' and flow_type = ${sql.lit(FLOW.post)}
                 group by source_doc_no) p on p.source_doc_no = t.no
      where coalesce(p.posted, 0) <> case when t.status = ${sql.lit(RebateSettlementStatus.posted)} then t.payable else 0 end
        or t.payable <> t.calculated + t.adjusted`,
  },
  // A published sheet's lines each name the post flow of their task, at the line's amount and agent; a
  // sheet not published (uploaded or voided) names none and has posted nothing of its own.
  sheetLinesAreTheirFlows: {
    page: 'rebates.settlementSheetDetail',
    query: sql`select s.object_id, s.data->>'SheetNo' as label, coalesce(l.data->>'RebateTaskNo', '') as task,
        ${money("coalesce(nullif(l.data->>'PayableRebate', ''), '0')::numeric")} as amount,
        coalesce(l.data->>'FlowNo', '') as flow, ${money('coalesce(f.amount, 0)')} as posted
      from record s
      join record l on l.resource = 'rebateSettlementLine' and l.data->>'SheetID' = s.object_id::text
      left join rebate_flow f on f.flow_no = l.data->>'FlowNo' and f.flow_type = ${sql.lit(FLOW.post)}
        and f.source_doc_type = 'settlement' and f.source_doc_no = l.data->>'RebateTaskNo'
      left join rebate_account a on a.object_id = f.account_id
      where s.resource = 'rebateSettlementSheet'
        and case when s.data->>'SheetStatus' = ${sql.lit(SettlementSheetStatus.published)}
          then f.object_id is null or a.company_id <> l.company_id
            or f.amount <> coalesce(nullif(l.data->>'PayableRebate', ''), '0')::numeric
          else coalesce(l.data->>'FlowNo', '') <> '' end`,
  },
} satisfies Record<string, Invariant>;
