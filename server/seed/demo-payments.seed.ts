import { sql } from 'kysely';
import { OrderApprovalStatus, OrderChannel } from '../../domain/codes/orders.codes';
import { PaymentConfirmStatus, PaymentMethod, PaymentStatus } from '../../domain/codes/payments.codes';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { agentCreditOf } from '../orders/credit-terms';
import { allocateReceipt } from '../payments/allocation.service';
import { afterPayerAgreementWrite } from '../payments/payer-agreement';
import { registerReceipt } from '../payments/receipt.service';
import type { ResourceDef } from '../resources/registry';
import { type OrderNow, ordersWhere } from './demo-orders.seed';
import { activeRsps, type DemoWorld } from './demo-world';
import { as, at, clockOn, commandsTo, enterRecord, fixedIdOf } from './kit';
import { addDays, compactDay, notAfterToday, type Random } from './random';
import { codeNamed, formTexts, storyTable, words } from './story-data';

/** The demo receipts (stories/payments.tsv), each agent's in the order they are registered. */
const RECEIPTS = storyTable('payments');
type Plan = Record<string, string>;

type Desk = { db: Db; finance: Caller; rng: Random; world: DemoWorld };
const [EFFECTIVE, CHANGING] = [OrderApprovalStatus.effective, OrderApprovalStatus.beingChanged].map(sql.lit);

/** Receipts as finance enters them, allocated to each agent's unpaid effective orders as its plans say. */
export async function seedPayments(db: Db, world: DemoWorld) {
  const desk = { db, finance: await as(db, 'finance'), rng: world.rng.fork('payments'), world };
  const groups = [...new Set(RECEIPTS.map((r) => r.agent))];
  const waiting = groups.map((group) => RECEIPTS.filter((r) => r.agent === group));
  const unpaid = sql`approval_status = ${EFFECTIVE} and payment_status = ${sql.lit(PaymentStatus.unpaid)}`;
  const unpaidOrders = await ordersWhere(db, world, unpaid);
  for (const agent of new Set([world.demoRsp, world.demoCcp, world.demoGd, ...activeRsps(world)])) {
    if (!waiting.length) break;
    const open = unpaidOrders.filter((o) => o.agent.id === agent.id);
    if (open.length < waiting[0].reduce((n, plan) => n + Number(plan.orders), 0)) continue;
    // Receipts finance has not confirmed go to the newest orders, still within the agent's terms.
    for (const plan of waiting.shift()!) {
      const count = Number(plan.orders);
      const orders = plan.outcome === 'confirmed' ? open.splice(0, count) : open.splice(-count);
      await enter(desk, agent.name, orders, plan);
    }
  }
  for (const agent of [world.demoRsp, world.demoGd]) await settleFallenDue(desk, agent);
}

/**
 * The demo logins' agents pay off their own-line orders past their credit days (less a week), four a receipt,
 * as an overdue receivable blocks new orders (server/orders/credit-check.ts); others keep theirs, to show it.
 */
async function settleFallenDue(desk: Desk, agent: { id: string; name: string }) {
  const credit = await agentCreditOf(desk.db, agent.id);
  if (!credit || credit.creditDays === 0) return;
  // The real day, not the demo's today: the credit check the demo logins meet runs on the day they log in.
  const before = new Date(Date.now() - (credit.creditDays - 7) * 86_400_000);
  const fallenDue = sql`o.company_id = ${agent.id} and o.order_channel = ${sql.lit(OrderChannel.ownLine)}
    and o.approval_status in (${EFFECTIVE}, ${CHANGING}) and exists (select 1 from workflow_stream s
      where s.stream_id = 'orderApproval-' || o.object_id::text and s.updated_at < ${before})
    and not exists (select 1 from payment_allocation a join payment_receipt r on r.object_id = a.receipt_id
      where a.order_id = o.object_id and r.data->>'ConfirmStatus' <> ${sql.lit(PaymentConfirmStatus.confirmed)})`;
  const due = (await ordersWhere(desk.db, desk.world, fallenDue)).filter((o) => Number(o.due) > 0);
  for (let i = 0; i < due.length; i += 4)
    await enter(desk, agent.name, due.slice(i, i + 4), { share: '100', outcome: 'confirmed' });
}

/** A receipt of some orders a few days after the newest (a third party's under an agreement), as planned. */
async function enter({ db, finance, rng }: Desk, agentName: string, orders: OrderNow[], plan: Plan) {
  const [share, { outcome, thirdParty }] = [Number(plan.share), plan];
  const paidFen = orders.map((o) => Math.floor((yuanToFen(o.due) * Math.min(share, 100)) / 100));
  const total = paidFen.reduce((a, b) => a + b, 0);
  const amountFen = share > 100 ? Math.floor((total * share) / 100) : total;
  // The orders come oldest first.
  const day = notAfterToday(addDays(orders[orders.length - 1].day, rng.int(1, 12)));
  const third = thirdParty && `${agentName.slice(0, 2)}${rng.pick(words('thirdPartyPayers'))}商贸有限公司`;
  const [PayerName, ValidFrom] = [third || agentName, addDays(day, -30)];
  const agreement = { AgentName: agentName, PayerName, ValidFrom, ValidTo: null, Enabled: true };
  const entered = { at: at(ValidFrom), uuid: () => fixedIdOf(`payerAgreement:${agentName}:${PayerName}`) };
  // Kept for its agent by the form's own rule, as finance's save would keep it.
  const keptForAgent = (def: ResourceDef, record: Record<string, unknown>) =>
    afterPayerAgreementWrite(db, def, finance, record, new Set(Object.keys(agreement)));
  if (third) await enterRecord(db, 'payerAgreement', finance, agreement, entered, keptForAgent);
  const clock = clockOn(rng, day);
  const [method, BankSerialNo] = [rng.pick(words('paymentMethods')), `${compactDay(day)}${rng.digits(8)}`];
  const form = { PageID: 'ordersSetup.paymentEdit', AgentName: agentName, PayerName };
  const paid = { PaymentMethod: codeNamed(PaymentMethod, method), PaymentAmount: fenToYuanString(amountFen) };
  const body = { ...form, ...paid, PaymentDate: day, ArrivalDate: day, BankSerialNo };
  const { ObjectID, Version } = await registerReceipt(db, finance, body, clock);
  const Allocations = orders.map((o, i) => ({ OrderNo: o.no, AllocatedAmount: fenToYuanString(paidFen[i]) }));
  await allocateReceipt(db, finance, { ObjectID, Version, Allocations }, clock);
  if (outcome === 'awaiting') return;
  const decided = clockOn(rng, addDays(day, rng.int(0, 2)));
  const [command, reason] = outcome === 'confirmed' ? ['agree', {}] : ['return', formTexts('receiptReturn')];
  await commandsTo(db, 'paymentApproval', String(ObjectID), () => decided)(finance, command, null, reason);
}
