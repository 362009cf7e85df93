import { sql } from 'kysely';
import { OrderApprovalStatus, OrderChangeType, OrderChannel } from '../../domain/codes/orders.codes';
import { PaymentMethod } from '../../domain/codes/payments.codes';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { submitOrder } from '../orders/order-approval.service';
import { requestChange } from '../orders/order-change.service';
import { allocateReceipt } from '../payments/allocation.service';
import { registerReceipt } from '../payments/receipt.service';
import { DEMO_SEED } from './demo-data.seed';
import { agreeAlong, as, at, clockAt, commandsTo } from './kit';
import { Random } from './random';
import { formTexts } from './story-data';

/** The agent's draft own-line order of the most units on its first line, with what it asks to be paid. */
async function draftOf(db: Db, companyId: string) {
  const rows = await sql<{ id: string; no: string; quantity: number; due: string }>`
    select o.object_id::text as id, o.order_no as no, i.quantity,
      coalesce(nullif(o.data->>'PayableAmount', ''), o.order_amount::text) as due
    from sales_order o join order_item i on i.order_id = o.object_id and i.line_no = 1
    where o.company_id = ${companyId} and o.approval_status = ${sql.lit(OrderApprovalStatus.draft)}
      and o.order_channel = ${sql.lit(OrderChannel.ownLine)}
      and not exists (select 1 from workflow_stream s where s.subject_id = o.object_id)
      and not exists (select 1 from payment_allocation a where a.order_id = o.object_id)
    order by i.quantity desc, o.order_no limit 1`.execute(db);
  return rows.rows[0];
}

const DAY = '2026-11-14';

/**
 * Demo order changes entered through the services people use. The CCP pays before delivery: its
 * order is submitted, paid (finance registers, allocates and confirms the receipt) and released by
 * sales operations; the CCP's staff then ask for one unit more, which sales operations confirm —
 * applied, the order is now revision -1 with its old revision read-only — and sales operations ask
 * for a later delivery date on that revision, waiting for the CCP's confirmation.
 */
export async function seedOrderChanges(db: Db) {
  const rng = new Random(DEMO_SEED).fork('orderChanges');
  // One step after the other through the day, so each history reads in order.
  let step = 0;
  const clock = () => clockAt(rng, new Date(at(DAY).getTime() + ++step * 17 * 60_000));
  const [agent, ops, finance] = [await as(db, 'ccp'), await as(db, 'ops'), await as(db, 'finance')];
  const byRole = (role: string) => as(db, role);
  const order = await draftOf(db, agent.companyId!);
  if (!order) return;
  const orderStep = (caller: Caller, command: string, workflow: string, subjectId: string, payload = {}) =>
    commandsTo(db, workflow, subjectId, clock)(caller, command, null, payload);
  await submitOrder(db, agent, { orderId: order.id }, clock());
  const customer = sql<{ name: string }>`select name from customer where object_id = ${agent.companyId}`;
  const { name } = (await customer.execute(db)).rows[0];
  const paid = { PaymentMethod: PaymentMethod.wireTransfer, PaymentAmount: order.due, PaymentDate: DAY };
  const form = { PageID: 'ordersSetup.paymentEdit', AgentName: name, PayerName: name, ...paid };
  const receipt = await registerReceipt(db, finance, form, clock());
  const allocations = [{ OrderNo: order.no, AllocatedAmount: order.due }];
  const { ObjectID, Version } = receipt;
  await allocateReceipt(db, finance, { ObjectID, Version, Allocations: allocations }, clock());
  await orderStep(finance, 'agree', 'paymentApproval', String(receipt.ObjectID));
  await agreeAlong(db, ['orderApproval', order.id], clock, byRole);
  // What each asks is on the change form (stories/form-texts.tsv): its type, then why, then the change.
  const change = (caller: Caller, OrderNo: string, type: keyof typeof OrderChangeType, asked: object) => {
    const form = { PageID: 'ordersSetup.orderChangeEdit', OrderNo, ChangeType: OrderChangeType[type] };
    return requestChange(db, caller, { ...form, ...formTexts(`${type}Change`), ...asked }, clock());
  };
  const Lines = [{ LineNo: 1, Quantity: order.quantity + 1 }];
  const more = await change(agent, order.no, 'quantity', { Lines });
  await orderStep(agent, 'submit', 'orderChange', String(more.ObjectID));
  await orderStep(ops, 'confirm', 'orderChange', String(more.ObjectID), formTexts('changeConfirmation'));
  await agreeAlong(db, ['orderChange', String(more.ObjectID)], clock, byRole);
  const later = await change(ops, `${order.no}-1`, 'deliveryDate', { RequiredDeliveryDate: '2026-11-29' });
  await orderStep(ops, 'submit', 'orderChange', String(later.ObjectID));
}
