import { CustomerType } from '../../domain/codes/customers.codes';
import { yuanToFen } from '../../domain/money';
import { ROLE } from '../../domain/roles';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { submitOrder } from '../orders/order-approval.service';
import type { Draft } from './demo-orders.seed';
import type { DemoWorld } from './demo-world';
import { agreeAlong, at, clockAt, commandsTo, everyone, taken } from './kit';
import { addDays, notAfterToday, type Random } from './random';
import { codeNamed, formTexts, storyTable } from './story-data';

/** How far each demo order's approval gets (stories/order-approvals.tsv), an entry an order. */
const PLAN = storyTable('order-approvals').flatMap((plan) => Array(Number(plan.orders)).fill(plan));
type Plan = Record<string, string>;

/** Orders tried past the plan (refused by credit, or stopped at their release): the seed stays quick. */
const MAX_TRIES = 120;

/** Whether an order shows a plan's outcome: of an amount above its floor, of an agent not of its type. */
const fits = (plan: Plan) => (o: Draft) =>
  (!plan.above || o.amountFen > yuanToFen(plan.above)) &&
  (!plan.notOf || o.agent.type !== codeNamed(CustomerType, plan.notOf));

/** Own-line drafts taken through approval by a person's commands, each as far as its plan says. */
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
  const deciderOf = (role: string) => people.find((p) => p.roleCode === role)!;
  // Sales operations take the first step of every band (server/orders/order-band-defaults.ts).
  const desk = deciderOf(ROLE.salesOperations);
  const applicant = people.find((p) => p.companyId === order.agent.id) ?? desk;
  if (!(await taken(submitOrder(db, applicant, { orderId: order.id }, clock())))) return false;
  const send = commandsTo(db, 'orderApproval', order.id, clock);
  const reason = { reason: formTexts('orderApprovalReasons')[plan.ends] };
  if (plan.ends) return taken(send(plan.ends === 'withdraw' ? applicant : desk, plan.ends, null, reason));
  // Each band's floor in the plan leaves its orders a step to wait at after the steps agreed.
  const agreed = plan.agreed === 'all' ? undefined : Number(plan.agreed);
  const taking = taken(agreeAlong(db, ['orderApproval', order.id], clock, deciderOf, agreed));
  // An effective order the credit rules stop at its release waits there; another one is tried.
  return (await taking) || agreed !== undefined;
}
