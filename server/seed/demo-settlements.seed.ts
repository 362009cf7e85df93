import { sql } from 'kysely';
import { CustomerType } from '../../domain/codes/customers.codes';
import { OrderApprovalStatus } from '../../domain/codes/orders.codes';
import { Brand } from '../../domain/codes/products.codes';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { creditFigures, creditProblem } from '../orders/credit-check';
import { submitOrder } from '../orders/order-approval.service';
import { updateDraftOrder } from '../orders/order-entry.service';
import { achievementOf } from '../rebates/rebate-achievement';
import { assignTask, termsOfPolicy } from '../rebates/rebate-task.service';
import { usableOnOrder } from '../rebates/usable.service';
import type { DemoCustomer, DemoWorld } from './demo-world';
import { accounts, agreeAlong, clockOn, commandsTo, dayByDay, staffOf } from './kit';
import { DEMO_TODAY, type Random } from './random';
import { codeNamed, formTexts, stepsIn, storyTable } from './story-data';

/** A settlement's steps after its task is assigned, by how far it gets (stories/settlements.tsv). */
const STEPS = Object.fromEntries(storyTable('settlements').map(({ outcome, steps }) => [outcome, steps]));
/** What the agent objects and the colleague recalculates with (stories/form-texts.tsv). */
const REASONS = formTexts('settlementReasons');
/** How far each agent's third-quarter settlement gets; the demo RSP's is posted, the CCP's awaits it. */
const OUTCOMES = 'posted awaitingAgent posted disputed vendorReview confirmed calculating'.split(' ');
/** Who decides each step of an order's chain in the demo (the demo account of the role). */
const DECIDERS: Record<string, string> = { JS013: 'ops', JS014: 'finance', JS017: 'vp' };

/**
 * Rebate tasks and their settlements, through the task command and the settlement workflow (DOMAIN.md
 * "Demo data"): every agent with a ledger has a third-quarter task, its target drawn around what its
 * effective orders achieved; RSPs also a running fourth-quarter one, shown as an estimate (their own
 * policy is of a quarter not begun). The demo RSP's second-quarter settlement, objected to and
 * recalculated, waits for the desk's review; then an RSP with a ledger submits an order that uses rebate.
 */
export async function seedSettlements(db: Db, world: DemoWorld, agents: DemoCustomer[], PolicyID: string) {
  const rng = world.rng.fork('settlements');
  // The people are loaded once, not once for every step they take.
  const people = await accounts(db, 'newstaff', 'finance', ...Object.values(DECIDERS));
  const { ops, newstaff, finance } = Object.fromEntries(people);
  const terms = await termsOfPolicy(db, PolicyID);

  async function settle(agent: DemoCustomer, Period: string, on: string, targetFen: number, outcome: string) {
    const body = { PolicyID, AgentID: agent.id, Period, TaskAmount: fenToYuanString(targetFen) };
    const id = String((await assignTask(db, ops, body, clockOn(rng, on))).ObjectID);
    const send = commandsTo(db, 'rebateSettlement', id, dayByDay(rng, '2026-10-08', 1, 4));
    const cast = { ops, colleague: newstaff, finance, agent: await staffOf(db, agent.id) };
    for (const [role, command] of stepsIn<keyof typeof cast>(codeNamed(STEPS, outcome))) {
      // Agents without an account in the demo cannot answer: theirs wait for them.
      if (!cast[role]) return;
      const adjusted = command === 'recalculate' && { adjustAmount: `${rng.int(1_500, 4_000)}.00` };
      const payload = REASONS[command] ? { reason: REASONS[command], ...adjusted } : undefined;
      const sent = send(cast[role], command, null, payload);
      const { State, PayableRebate = '0' } = (await sent) as { State: string; PayableRebate?: string };
      // Finance posts a confirmed settlement only where it has an amount to pay.
      if (command === 'confirm' && !(State === 'confirmed' && yuanToFen(PayableRebate) > 0)) return;
    }
  }

  for (const [index, agent] of agents.entries()) {
    const quarter = { AgentID: agent.id, PeriodStart: '2026-07-01', PeriodEnd: '2026-09-30' };
    const base = yuanToFen((await achievementOf(db, quarter, terms)).EffectiveBase);
    // The demo RSP reaches its target, so its settlement has an amount to post.
    const share = index === 0 ? 90 : rng.int(70, 130);
    const targetFen = Math.max(10_000_00, Math.round((base * 100) / share / 100_000) * 100_000);
    await settle(agent, '2026-Q3', '2026-07-03', targetFen, OUTCOMES[index % OUTCOMES.length]);
    if (agent.type === CustomerType.rsp)
      await settle(agent, '2026-Q4', '2026-10-03', targetFen, 'calculating');
  }
  await settle(agents[0], '2026-Q2', '2026-04-02', 50_000_00, 'reviewAgain');
  await orderUsingRebate(db, rng, agents, people);
}

/**
 * One of the demo's RSP hardware drafts now deducting rebate as its agent types it on the form, frozen
 * on submission and used when the order takes effect. A draft is taken rather than a new order entered,
 * so the demo keeps its number of orders.
 */
async function orderUsingRebate(db: Db, rng: Random, agents: DemoCustomer[], deciders: Map<string, Caller>) {
  const ids = agents.filter((a) => a.type === CustomerType.rsp).map((a) => a.id);
  type Draft = Record<'id' | 'agent' | 'amount' | 'payable' | 'day', string> & { version: number };
  const drafts = await sql<Draft>`
    select o.object_id::text as id, o.company_id::text as agent, o.order_amount::text as amount, o.version,
      o.data->>'PayableAmount' as payable, to_char(o.order_date, 'YYYY-MM-DD') as day from sales_order o
    where o.approval_status = ${sql.lit(OrderApprovalStatus.draft)} and o.data->>'EntryPage' = 'ordersSetup.rspHardwareOrderNew'
      and o.company_id::text in (${sql.join(ids)}) and o.order_date <= ${DEMO_TODAY}
      and not exists (select 1 from workflow_stream s where s.stream_id = 'orderApproval-' || o.object_id::text)
    order by o.order_no`.execute(db);
  for (const { id, agent, amount, payable, day, version } of drafts.rows) {
    const pot = { companyId: agent, type: 'rebate', brand: Brand.ownBrand } as const;
    const usable = await usableOnOrder(db, pot, yuanToFen(amount), { channelTier: CustomerType.rsp, day });
    const rebateFen = Math.min(usable.usableFen, 3_000_00 + rng.int(0, 99_99));
    const payableFen = yuanToFen(payable ?? amount) - rebateFen;
    if (rebateFen <= 0 || payableFen <= 0) continue;
    const order = { id, agentId: agent, dueFen: payableFen, paidFen: 0 };
    const figures = await creditFigures(db, order, new Date(rng.timeOn(day)));
    if (!figures || creditProblem('submit', figures) || creditProblem('release', figures)) continue;
    // The agent types the deduction into its draft on the entry form, which prices the order again.
    const applicant = (await staffOf(db, agent)) ?? deciders.get('ops')!;
    const deducted = { ObjectID: id, Version: version, RebateDeduction: fenToYuanString(rebateFen) };
    await updateDraftOrder(db, applicant, deducted, clockOn(rng, day));
    await submitOrder(db, applicant, { orderId: id }, clockOn(rng, day));
    const deciderOf = (role: string) => deciders.get(DECIDERS[role] ?? 'ops')!;
    await agreeAlong(db, ['orderApproval', id], dayByDay(rng, day, 1, 1), deciderOf, 3);
    return;
  }
}
