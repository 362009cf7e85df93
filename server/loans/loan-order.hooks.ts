import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import { DeliveryMethod, OrderApprovalStatus, OrderType } from '../../domain/codes/orders.codes';
import { PaymentMethod } from '../../domain/codes/payments.codes';
import { lineOutstanding, type SettledLine } from '../../machines/workflows/loan-order.rules';
import type { LoanOrderContext } from '../../machines/workflows/loan-order.workflow';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { fieldMissing } from '../http/validate';
import { createOrder } from '../orders/order-entry.service';
import type { HookCall, WorkflowHooks } from '../workflows/hooks';
import { loanApprovalChains } from './loan-bands';
import { checkExtension } from './loan-extension';
import { markSerialsSettled, serialsOut } from './loan-serial-settlement';
import { serialsForShipping } from './loan-serials';
import {
  contextOf,
  loanIdOf,
  quantityRefusal,
  settledWithSerials,
  writeConversion,
  writeReturn,
} from './loan-settlement';

/** Dictionary OrderType: the order a conversion enters is a loan-to-sale order. */
const LOAN_TO_SALE = OrderType.loanToSale;

interface LoanFacts {
  loan_no: string;
  agent_name: string;
  end_user_name: string | null;
  opportunity_no: string | null;
  due: string;
  phone: string | null;
  address: string | null;
}

async function loanFacts(trx: Db, loanId: string): Promise<LoanFacts> {
  const rows = await sql<LoanFacts>`select o.loan_no, o.agent_name, o.end_user_name, o.opportunity_no,
      to_char(coalesce(o.extended_to, o.expected_return_date), 'YYYY-MM-DD') as due,
      nullif(c.data->>'ContactPhone', '') as phone, nullif(c.data->>'Address', '') as address
    from loan_order o left join customer c on c.object_id = o.agent_id
    where o.object_id = ${loanId}`.execute(trx);
  return rows.rows[0];
}

/**
 * A conversion to a sale (notes §4.7 rule 4): the units stay with the customer and are sold through a
 * loan-to-sale order entered by the order entry service in the same transaction, at the standard price,
 * for the agent and end user of the loan; the order then goes through its own approval.
 */
async function enterSale(trx: Db, call: HookCall, lines: SettledLine[]) {
  const loan = await loanFacts(trx, loanIdOf(call));
  const products = await sql<{ line_no: number; product_code: string }>`select line_no, product_code
    from loan_line where loan_id = ${loanIdOf(call)}`.execute(trx);
  const codeOf = new Map(products.rows.map((p) => [p.line_no, p.product_code]));
  const at = call.clock?.at ?? new Date();
  const order = await createOrder(
    trx,
    call.caller,
    {
      PageID: 'ordersSetup.selfBuiltOrder',
      OrderType: OrderType.standard,
      AgentName: loan.agent_name,
      EndUserName: loan.end_user_name ?? loan.agent_name,
      OrderDate: businessDay(at),
      PaymentMethod: PaymentMethod.wireTransfer,
      DeliveryMethod: DeliveryMethod.directFromVendor,
      // The goods are already with the end user: the receiver is who holds them, reached through the agent.
      ReceiverName: loan.end_user_name ?? loan.agent_name,
      ReceiverPhone: loan.phone ?? '-',
      ReceiverAddress: loan.address ?? loan.end_user_name ?? loan.agent_name,
      Remark: loan.loan_no,
      Lines: lines.map((l) => ({ ProductCode: codeOf.get(l.lineNo), Quantity: l.quantity })),
    },
    call.clock ? { at, uuid: call.clock.uuid } : {},
  );
  const orderId = String(order.ObjectID);
  await sql`update sales_order set order_type = ${LOAN_TO_SALE},
      data = data || ${JSON.stringify({ LoanNo: loan.loan_no, ...(loan.opportunity_no ? { OpportunityNo: loan.opportunity_no } : {}) })}::jsonb
    where object_id = ${orderId}`.execute(trx);
  return { orderId, orderNo: String(order.OrderNo) };
}

/** Orders in force: a converted unit is sold once its loan-to-sale order is effective (or being changed). */
const SOLD: string[] = [OrderApprovalStatus.effective, OrderApprovalStatus.beingChanged];

/**
 * A loan is written off only once what it converted is sold: each loan-to-sale order effective. A
 * draft, or an order in approval or returned, is not yet a sale; one cancelled or rejected gave its
 * units back to the loan then (loan-conversion-release.ts), so only a row the books would name as
 * broken (conversionsAreLiveSales) still points at one — named here all the same.
 */
async function refuseUnsettledSales(trx: Db, call: HookCall) {
  const open = await sql<{ order_no: string }>`select distinct c.order_no from loan_conversion c
      left join sales_order o on o.object_id = c.order_id
    where c.loan_id = ${loanIdOf(call)}
      and (o.approval_status is null or o.approval_status not in (${sql.join(SOLD)}))
    order by c.order_no`.execute(trx);
  if (open.rows.length)
    throw new PortalError(409, 'loans.errors.salesNotEffective', {
      no: String(call.subject.LoanNo),
      orders: open.rows.map((r) => r.order_no).join('、'),
    });
}

/**
 * The server side of a loan's workflow: the serials and lend day of a shipment, the lines of a return or
 * conversion checked against what is out, the sale a conversion enters, an extension's date; after the
 * event, the return and conversion rows, the extension and who wrote the loan off.
 */
export const loanOrderHooks: WorkflowHooks = {
  chains: loanApprovalChains,
  explain: (call) => quantityRefusal(call),
  async prepare(trx, call) {
    const at = call.clock?.at ?? new Date();
    switch (call.command) {
      case 'ship':
        await serialsForShipping(trx, loanIdOf(call), call.payload.lines);
        return { lentOn: businessDay(at) };
      case 'returnGoods':
        return { lines: await settledWithSerials(trx, call) };
      case 'convert': {
        const lines = await settledWithSerials(trx, call);
        return { lines, ...(await enterSale(trx, call, lines)) };
      }
      case 'verify':
        await refuseUnsettledSales(trx, call);
        return undefined;
      case 'extend': {
        const extendedTo = call.payload.extendedTo;
        if (typeof extendedTo !== 'string' || !extendedTo) throw fieldMissing('loanOrder', 'ExtendedTo');
        const loan = await loanFacts(trx, loanIdOf(call));
        checkExtension(loan.due, extendedTo, businessDay(at), true);
        return undefined;
      }
      default:
        return undefined;
    }
  },
  /**
   * The lines still out, with their part number and model, for the return and conversion dialogs, and
   * the serials of their units still out where they were lent with serials (the units are chosen).
   */
  async openLines(db, state) {
    const lines = (state.snapshot.context as LoanOrderContext).lines;
    const named = await sql<{ line_no: number; label: string }>`select l.line_no,
        concat_ws(' ', l.product_code, p.name) as label
      from loan_line l left join product p on p.product_code = l.product_code
      where l.loan_id = ${state.subject[1]}`.execute(db);
    const labelOf = new Map(named.rows.map((r) => [r.line_no, r.label]));
    const out = await serialsOut(db, state.subject[1]);
    return lines
      .filter((l) => lineOutstanding(l) > 0)
      .map((l) => ({
        LineNo: l.lineNo,
        Label: labelOf.get(l.lineNo) ?? '',
        Open: lineOutstanding(l),
        ...(out.has(l.lineNo) ? { Serials: out.get(l.lineNo) } : {}),
      }));
  },
  async after(trx, call) {
    const at = call.clock?.at ?? new Date();
    const loanId = loanIdOf(call);
    // The event as it was stored: the lines prepare settled and the order it entered.
    const last = call.next.context as ReturnType<typeof contextOf>;
    if (call.command === 'returnGoods' || call.command === 'convert') {
      const lines = settledFromEvent(call, last);
      const event = await storedEvent(trx, call.state.streamId);
      const serials = new Map((event.lines ?? []).map((l) => [l.lineNo, l.serialNumbers ?? []]));
      const all = [...serials.values()].flat();
      if (call.command === 'returnGoods') {
        const no = await writeReturn(trx, call, lines, (lineNo) => serials.get(lineNo) ?? []);
        await markSerialsSettled(trx, loanId, all, 'returned', no);
        await sql`update loan_order set data = data || ${JSON.stringify({ LastReturnNo: no })}::jsonb
          where object_id = ${loanId}`.execute(trx);
      } else {
        if (!event.orderId || !event.orderNo) throw new Error('A conversion event without its order');
        await writeConversion(trx, call, lines, { orderId: event.orderId, orderNo: event.orderNo });
        await markSerialsSettled(trx, loanId, all, 'converted', event.orderNo);
      }
    } else if (call.command === 'extend') {
      await sql`update loan_order set extended_to = ${String(call.payload.extendedTo)}::date
        where object_id = ${loanId}`.execute(trx);
    } else if (call.command === 'verify') {
      const stamp = {
        VerifiedByName: call.caller.lastName,
        VerifiedByLogin: call.caller.username,
        VerifiedOn: at.toISOString(),
      };
      await sql`update loan_order set data = data || ${JSON.stringify(stamp)}::jsonb
        where object_id = ${loanId}`.execute(trx);
    }
  },
};

/** The event just stored, as prepare completed it: the lines with their serials, a conversion's order. */
async function storedEvent(trx: Db, streamId: string) {
  const found = await sql<{
    payload: { lines?: SettledLine[]; orderId?: string; orderNo?: string };
  }>`select payload from workflow_event where stream_id = ${streamId} order by seq desc limit 1`.execute(trx);
  return found.rows[0]?.payload ?? {};
}

/** What the stored event settled: the difference the event made to each line's counts. */
function settledFromEvent(call: HookCall, next: ReturnType<typeof contextOf>): SettledLine[] {
  const before = contextOf(call).lines;
  const settled: SettledLine[] = [];
  for (const line of next.lines) {
    const prior = before.find((l) => l.lineNo === line.lineNo);
    if (!prior) continue;
    const good = line.returned - prior.returned;
    const damaged = line.damaged - prior.damaged;
    const converted = line.converted - prior.converted;
    if (good > 0) settled.push({ lineNo: line.lineNo, quantity: good, inspection: 'good' });
    if (damaged > 0) settled.push({ lineNo: line.lineNo, quantity: damaged, inspection: 'damaged' });
    if (converted > 0) settled.push({ lineNo: line.lineNo, quantity: converted });
  }
  return settled;
}
