import { sql } from 'kysely';
import { CustomerType } from '../../domain/codes/customers.codes';
import { OrderApprovalStatus, OrderChannel, OrderType } from '../../domain/codes/orders.codes';
import { yuanToFen } from '../../domain/money';
import { ROLE } from '../../domain/roles';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { submitOrder } from '../orders/order-approval.service';
import { createBand } from '../orders/order-approval-config';
import { decide } from '../workflows/decisions';
import { loadStream } from '../workflows/engine';
import type { DemoWorld } from './demo-world';
import { as, at, clockAt, everyone, idOf, repeated, taken } from './kit';
import { addDays, notAfterToday, type Random } from './random';
import { formTexts } from './story-data';

/**
 * The default order approval bands, entered through the configuration's own save (with its checks)
 * as the administrator: sales ops decide up to 500,000 yuan, finance joins up to 2,000,000, and the
 * executive above that, for every order type approved in the portal. Runs in every seed mode, so a
 * fresh portal can approve orders.
 */
export async function seedOrderApprovalBands(db: Db, when?: Date) {
  const admin = await as(db, ROLE.systemAdmin);
  const bands: [string, string | null, string[]][] = [
    ['0.00', '500000.00', [ROLE.salesOperations]],
    ['500000.00', '2000000.00', [ROLE.salesOperations, ROLE.finance]],
    ['2000000.00', null, [ROLE.salesOperations, ROLE.finance, ROLE.executive]],
  ];
  for (const type of [OrderType.standard, OrderType.specialPrice, OrderType.service, OrderType.loanToSale])
    for (const [min, max, [firstRole, secondRole = null, thirdRole = null]] of bands) {
      const roles = { firstRole, secondRole, thirdRole };
      const band = { OrderType: type, MinAmount: min, MaxAmount: max, ...roles, Enabled: true };
      // Named by type and floor, so two seeds of the demo give the same rows.
      await createBand(db, admin, band, { id: idOf(`orderApprovalBand:${type}:${min}`), at: when });
    }
}

/** How far each demo order's approval gets, in the order they are taken. */
type Outcome = 'effective' | 'awaiting1' | 'awaiting2' | 'awaiting3' | 'rejected' | 'returned' | 'withdrawn';
const PLAN = repeated<Outcome>(
  'rejected, returned, withdrawn, awaiting3×2, awaiting2×4, awaiting1×8, effective×25',
);

/**
 * The orders each outcome is shown on: one waiting at step 2 or 3 has an amount whose band has that
 * step; one shown effective is an order of an agent on credit (a city agent pays before delivery,
 * so its orders wait at their last step until paid).
 */
const FITS: Partial<Record<Outcome, (order: DraftOrder, fen: number) => boolean>> = {
  effective: (o) => o.agentType !== CustomerType.ccp,
  awaiting2: (_, fen) => fen > 500_000_00,
  awaiting3: (_, fen) => fen > 2_000_000_00,
};
/** What makes each outcome: the one decision that ends it, or how many steps are agreed (99: all). */
const MADE_BY: Record<Outcome, string | number> = {
  ...{ rejected: 'reject', returned: 'return', withdrawn: 'withdraw' },
  ...{ awaiting1: 0, awaiting2: 1, awaiting3: 2, effective: 99 },
};

/** Orders tried past the plan (refused by credit, or stopped at their release): the seed stays quick. */
const MAX_TRIES = 120;

/** Why an approver rejects or returns a demo order (stories/form-texts.tsv), by command. */
const REASONS = formTexts('orderApprovalReasons');

type DraftOrder = Record<'id' | 'no' | 'day' | 'amount', string> &
  Record<'company' | 'agentType', string | null>;

/**
 * A share of the demo's own-line draft orders goes through approval by the commands a person uses,
 * on the seed's clock (DOMAIN.md "Demo data"): most take effect, some wait at each step of their
 * chain, one is rejected, one returned, one withdrawn. An order the credit rules refuse is left a
 * draft (or waits at its last step for a prepay agent's payment), as it would for a person.
 */
export async function seedDemoOrderApprovals(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('order-approvals');
  const people = await everyone(db);
  const drafts = await sql<DraftOrder>`select o.object_id::text as id, o.order_no as no,
      o.company_id::text as company, to_char(o.created_at, 'YYYY-MM-DD') as day, c.customer_type as "agentType",
      coalesce(o.order_amount, 0)::text as amount
    from sales_order o left join customer c on c.object_id = o.company_id
    where o.order_channel = ${sql.lit(OrderChannel.ownLine)} and o.approval_status = ${sql.lit(OrderApprovalStatus.draft)}
    order by o.order_no`.execute(db);
  const queue = rng.sample(drafts.rows, drafts.rows.length);
  let tries = 0;
  for (const outcome of PLAN) {
    const fits = (o: DraftOrder) => FITS[outcome]?.(o, yuanToFen(o.amount)) ?? true;
    let next = queue.findIndex(fits);
    while (
      next >= 0 &&
      tries < MAX_TRIES &&
      !(await submitted(db, people, queue.splice(next, 1)[0], outcome, rng))
    ) {
      tries += 1;
      next = queue.findIndex(fits);
    }
    if (next < 0 || tries >= MAX_TRIES) return;
  }
}

/** The applicant of an order: its agent's own staff where the demo has one, else the sales ops desk. */
const applicantOf = (people: Caller[], company: string | null) =>
  people.find((p) => p.companyId && p.companyId === company) ??
  people.find((p) => p.roleCode === ROLE.salesOperations)!;

async function submitted(db: Db, people: Caller[], order: DraftOrder, outcome: Outcome, rng: Random) {
  let day = addDays(order.day, rng.int(0, 2));
  const clock = () => {
    day = notAfterToday(addDays(day, 1));
    return clockAt(rng, at(day, '10:00'));
  };
  const applicant = applicantOf(people, order.company);
  if (!(await taken(submitOrder(db, applicant, { orderId: order.id }, clock())))) return false;
  const send = async (command: string, payload: Record<string, unknown> = {}) => {
    const state = await loadStream(db, `orderApproval-${order.id}`);
    const context = state.snapshot.context as { chain: string[]; node: number };
    const role = command === 'withdraw' ? applicant.roleCode : context.chain[context.node];
    const caller = command === 'withdraw' ? applicant : people.find((p) => p.roleCode === role);
    const step = { workflow: 'orderApproval', subjectId: order.id, command, payload };
    return caller ? taken(decide(db, caller, { ...step, clock: clock() })) : false;
  };
  const steps = MADE_BY[outcome];
  if (typeof steps === 'string') return send(steps, REASONS[steps] ? { reason: REASONS[steps] } : {});
  const length = ((await loadStream(db, `orderApproval-${order.id}`)).snapshot.context as { chain: string[] })
    .chain.length;
  // An order waits at a step its chain has; a shorter chain stops where it can.
  for (let i = 0; i < Math.min(steps, outcome === 'effective' ? length : length - 1); i += 1)
    // An effective order the credit rules stop at its release waits there; another one is tried.
    if (!(await send('agree'))) return outcome !== 'effective';
  return true;
}
