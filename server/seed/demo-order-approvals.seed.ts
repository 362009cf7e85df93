import { CustomerType } from '../../domain/codes/customers.codes';
import { yuanToFen } from '../../domain/money';
import { ROLE } from '../../domain/roles';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { submitOrder } from '../orders/order-approval.service';
import { decide } from '../workflows/decisions';
import { loadStream } from '../workflows/engine';
import type { Draft } from './demo-orders.seed';
import type { DemoWorld } from './demo-world';
import { at, clockAt, everyone, taken } from './kit';
import { addDays, notAfterToday, type Random } from './random';
import { codeNamed, formTexts, storyTable } from './story-data';

/** How far each demo order's approval gets (stories/order-approvals.tsv), an entry an order. */
const PLAN = storyTable('order-approvals').flatMap((plan) => Array(Number(plan.orders)).fill(plan));
type Plan = Record<string, string>;

/** Orders tried past the plan (refused by credit, or stopped at their release): the seed stays quick. */
const MAX_TRIES = 120;

/** Why an approver rejects or returns a demo order (stories/form-texts.tsv), by command. */
const REASONS = formTexts('orderApprovalReasons');

/** Whether an order shows a plan's outcome: of an amount above its floor, of an agent not of its type. */
const fits = (plan: Plan) => (o: Draft) =>
  (!plan.above || o.amountFen > yuanToFen(plan.above)) &&
  (!plan.notOf || o.agent.type !== codeNamed(CustomerType, plan.notOf));

/**
 * Own-line drafts taken through approval by a person's commands, each as far as its plan says; one the credit
 * rules refuse stays a draft (or, a prepay agent's, waits at its last step for payment).
 */
export async function seedDemoOrderApprovals(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('order-approvals');
  const people = await everyone(db);
  // Every own-line order entered so far is a draft; they are shuffled from the order of their numbers.
  const drafts = (world.orders as Draft[]).filter((o) => o.form).sort((a, b) => a.no.localeCompare(b.no));
  const queue = rng.sample(drafts, drafts.length);
  let tries = 0;
  for (const plan of PLAN)
    for (let next = queue.findIndex(fits(plan)); ; next = queue.findIndex(fits(plan)), tries += 1) {
      if (next < 0 || tries >= MAX_TRIES) return;
      if (await submitted(db, people, queue.splice(next, 1)[0], plan, rng)) break;
    }
}

/** Submits an order as its agent's own staff (else the sales ops desk), then decides it as its plan says. */
async function submitted(db: Db, people: Caller[], order: Draft, plan: Plan, rng: Random) {
  let day = addDays(order.day, rng.int(0, 2));
  const clock = () => {
    day = notAfterToday(addDays(day, 1));
    return clockAt(rng, at(day, '10:00'));
  };
  const applicant =
    people.find((p) => p.companyId === order.agent.id) ??
    people.find((p) => p.roleCode === ROLE.salesOperations)!;
  if (!(await taken(submitOrder(db, applicant, { orderId: order.id }, clock())))) return false;
  const approval = async () =>
    (await loadStream(db, `orderApproval-${order.id}`)).snapshot.context as { chain: string[]; node: number };
  const send = async (command: string, payload = {}) => {
    const { chain, node } = await approval();
    const caller = command === 'withdraw' ? applicant : people.find((p) => p.roleCode === chain[node]);
    const step = { workflow: 'orderApproval', subjectId: order.id, command, payload };
    return caller ? taken(decide(db, caller, { ...step, clock: clock() })) : false;
  };
  if (plan.ends) return send(plan.ends, REASONS[plan.ends] ? { reason: REASONS[plan.ends] } : {});
  const [{ chain }, effective] = [await approval(), plan.agreed === 'all'];
  // An order waits at a step its chain has; a shorter chain stops where it can.
  for (let i = 0; i < (effective ? chain.length : Math.min(Number(plan.agreed), chain.length - 1)); i += 1)
    // An effective order the credit rules stop at its release waits there; another one is tried.
    if (!(await send('agree'))) return !effective;
  return true;
}
