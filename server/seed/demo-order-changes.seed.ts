import { sql } from 'kysely';
import { OrderApprovalStatus, OrderChangeType } from '../../domain/codes/orders.codes';
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
import { codeNamed, formTexts } from './story-data';

const DAY = '2026-11-14';

/**
 * The CCP pays before delivery: its draft of the most units on line 1 is submitted, paid and released; its
 * staff ask for one unit more, which sales operations confirm (the order is now revision -1, the old one
 * read-only), and sales operations ask for a later delivery date, awaiting the CCP.
 */
export async function seedOrderChanges(db: Db) {
  const rng = new Random(DEMO_SEED).fork('orderChanges');
  // One step after the other through the day, so each history reads in order.
  let step = 0;
  const clock = () => clockAt(rng, new Date(at(DAY).getTime() + ++step * 17 * 60_000));
  const [agent, ops, finance] = [await as(db, 'ccp'), await as(db, 'ops'), await as(db, 'finance')];
  const { rows } = await sql<Record<'id' | 'no' | 'due' | 'agentName', string> & { quantity: number }>`
    select o.object_id::text as id, o.order_no as no, i.quantity, o.agent_name as "agentName",
      coalesce(nullif(o.data->>'PayableAmount', ''), o.order_amount::text) as due
    from sales_order o join order_item i on i.order_id = o.object_id and i.line_no = 1
    where o.company_id = ${agent.companyId} and o.approval_status = ${sql.lit(OrderApprovalStatus.draft)}
      and not exists (select 1 from workflow_stream s where s.subject_id = o.object_id)
    order by i.quantity desc, o.order_no limit 1`.execute(db);
  const [order] = rows;
  if (!order) return;
  const sendTo = (workflow: string, subjectId: unknown) => commandsTo(db, workflow, String(subjectId), clock);
  await submitOrder(db, agent, { orderId: order.id }, clock());
  const payer = { PageID: 'ordersSetup.paymentEdit', AgentName: order.agentName, PayerName: order.agentName };
  const paid = { PaymentMethod: PaymentMethod.wireTransfer, PaymentAmount: order.due, PaymentDate: DAY };
  const { ObjectID, Version } = await registerReceipt(db, finance, { ...payer, ...paid }, clock());
  const Allocations = [{ OrderNo: order.no, AllocatedAmount: order.due }];
  await allocateReceipt(db, finance, { ObjectID, Version, Allocations }, clock());
  await sendTo('paymentApproval', ObjectID)(finance, 'agree', null);
  await agreeAlong(db, ['orderApproval', order.id], clock, (role) => as(db, role));
  const change = async (caller: Caller, OrderNo: string, type: string, asked: object) => {
    const [PageID, ChangeType] = ['ordersSetup.orderChangeEdit', codeNamed(OrderChangeType, type)];
    const body = { PageID, OrderNo, ChangeType, ...formTexts(`${type}Change`), ...asked };
    const { ObjectID } = await requestChange(db, caller, body, clock());
    await sendTo('orderChange', ObjectID)(caller, 'submit', null);
    return String(ObjectID);
  };
  const Lines = [{ LineNo: 1, Quantity: order.quantity + 1 }];
  const more = await change(agent, order.no, 'quantity', { Lines });
  await sendTo('orderChange', more)(ops, 'confirm', null, formTexts('changeConfirmation'));
  await agreeAlong(db, ['orderChange', more], clock, (role) => as(db, role));
  await change(ops, `${order.no}-1`, 'deliveryDate', { RequiredDeliveryDate: '2026-11-29' });
}
