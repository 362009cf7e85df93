import { CustomerStatus, CustomerType } from '../../domain/codes/customers.codes';
import { Brand } from '../../domain/codes/products.codes';
import * as codes from '../../domain/codes/rebates.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { ROLE } from '../../domain/roles';
import { rebateMessages } from '../../locales/zh/rebates';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import * as ledger from '../rebates/ledger.service';
import { type AccountKey, FLOW, type LedgerActor, type SourceDoc } from '../rebates/ledger.types';
import { afterPolicyWrite } from '../rebates/policy.rules';
import { nextNumber } from '../resources/numbering';
import type { Draft } from './demo-orders.seed';
import { seedSettlements } from './demo-settlements.seed';
import type { DemoCustomer, DemoOrder, DemoWorld } from './demo-world';
import { accounts, as, clockOn, commandsTo, daysAfter, enterRecord, play } from './kit';
import { addDays, compactDay, DEMO_TODAY, type Random } from './random';
import { codeNamed, stepsIn, storyTable } from './story-data';

/** The demo policies' wording. */
const POLICY_TEXTS: Record<string, { title: string; content: string }> = rebateMessages.demoPolicies;
/** The ledger's spending of what an order froze, named so the linter does not take it for a React hook. */
const spendFrozen = ledger.useForOrder;
/** How many agents besides the demo RSP and CCP get a ledger. */
const MORE_AGENTS = 17;
/** What every demo policy shares: the own brand's quarters, counted on sell-in, paid by deduction from orders. */
const POLICY_TERMS = {
  Brand: Brand.ownBrand,
  PeriodType: codes.RebatePeriodType.quarterly,
  CalcBasis: codes.RebateCalcBasis.sellIn,
  PayoutMethod: codes.PayoutMethod.orderDeduction,
};
/** The channel tier a story row names, where it names one (none: every tier). */
const tierOf = (tier: string) => tier && { ChannelTier: codeNamed(codes.RebateChannelTier, tier) };

/**
 * The demo ledger, written through the ledger's commands on the seed's clock (DOMAIN.md "Demo data"),
 * so every balance the pages show is summed from real entries; the maximum use ratios are configuration,
 * entered as an administrator enters them.
 */
export async function seedRebates(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('rebates');
  const admin = await as(db, ROLE.systemAdmin);
  for (const { brand, tier, maxRatio, entered, ...dates } of storyTable('rebate-ratios')) {
    const ratio = { Brand: codeNamed(Brand, brand), ...tierOf(tier), MaxRatio: Number(maxRatio) };
    const body = { ...ratio, ...dates, Enabled: true };
    await enterRecord(db, 'rebateMaxRatio', admin, body, clockOn(rng, entered));
  }
  const { finance, ops, vp } = Object.fromEntries(await accounts(db, 'finance', 'ops', 'vp'));
  const { demoRsp, demoCcp } = world;
  // Distributors keep no demo ledger: deleting a distributor is part of the demo (and its tests).
  const kept = (c: DemoCustomer) =>
    c.status === CustomerStatus.active && c.type !== CustomerType.generalDistributor;
  const others = world.customers.filter((c) => kept(c) && ![demoRsp.id, demoCcp.id].includes(c.id));
  const agents = [demoRsp, demoCcp, ...rng.sample(others, MORE_AGENTS)];
  for (const [index, agent] of agents.entries())
    await seedAgent(db, rng.fork(agent.id), { agent, orders: world.orders, index, finance, ops });
  const policy = await seedPolicies(db, rng.fork('policies'), ops, vp);
  await seedSettlements(db, world, agents, policy);
}

/**
 * The policy announcements as their entry form saves them, kept in their author's province, and taken
 * through their steps (stories/rebate-policies.tsv); the id of the one put into effect.
 */
async function seedPolicies(db: Db, rng: Random, author: Caller, executive: Caller) {
  let inEffect = '';
  for (const { key, tier, age, steps, ...period } of storyTable('rebate-policies')) {
    const [day, { title: Title, content: Content }] = [addDays(DEMO_TODAY, Number(age)), POLICY_TEXTS[key]];
    const body = { Title, Content, ...POLICY_TERMS, ...tierOf(tier), ...period };
    const clock = clockOn(rng, day);
    const id = await enterRecord(db, 'rebateAnnouncement', author, body, clock, (def, record) =>
      afterPolicyWrite(db, def, author, record, clock),
    );
    if (steps.includes('takeEffect')) inEffect = id;
    const send = commandsTo(db, 'rebatePolicy', id, daysAfter(rng, day));
    await play(send, { author, executive }, stepsIn(steps));
  }
  return inEffect;
}

const ENTRIES = storyTable('rebate-ledger');
/** A number drawn in a range cell of the table, `A..B` (a day's `+` aside), or the one number it gives. */
function drawIn(rng: Random, cell: string) {
  const [from, to = from] = cell.replace('+', '').split('..').map(Number);
  return rng.int(from, to);
}
/** Whether an entry is the agent's: every agent's (none), RSPs' (`rsp`), or the `k,…/m`th in turn. */
function isFor(agents: string, agent: DemoCustomer, index: number) {
  const [counts, every] = agents.split('/');
  if (agents === 'rsp') return agent.type === CustomerType.rsp;
  return !agents || counts.split(',').includes(String(index % Number(every)));
}

/** An agent of the demo ledger (the `index`th), the demo's orders, and who enters its ledger's entries. */
type Ledger = { agent: DemoCustomer; orders: DemoOrder[]; index: number; finance: Caller; ops: Caller };

async function seedAgent(db: Db, rng: Random, { agent, orders, index, finance, ops }: Ledger) {
  const by = ({ employeeId, lastName: name }: Caller, day: string): LedgerActor => {
    return { employeeId, name, ...clockOn(rng, day) };
  };
  // An RSP hardware draft is left for an order that deducts rebate on its own form (demo-settlements.seed.ts):
  // the flows under its number are then its own approval's, as the order's rebate used says.
  const story = (o: DemoOrder) =>
    o.agent.id === agent.id && (o as Draft).form !== 'ordersSetup.rspHardwareOrderNew';
  const [unused, companyId] = [orders.filter(story), agent.id];
  let day = DEMO_TODAY;
  for (const { kind, series, account, days, yuan, expires, reason, agents } of ENTRIES) {
    if (!isFor(agents, agent, index)) continue;
    day = days.startsWith('+') ? addDays(day, drawIn(rng, days)) : addDays(DEMO_TODAY, -drawIn(rng, days));
    const key: AccountKey =
      account === 'cashDiscount'
        ? { companyId, type: account }
        : { companyId, type: 'rebate', brand: codeNamed(Brand, account) };
    const fen = yuan ? drawIn(rng, yuan) * 100 : 0;
    const expiryDate = expires ? addDays(day, Number(expires)) : null;
    // An order's rebate is frozen and spent by sales operations, the rest entered by finance.
    const actor = by(kind.endsWith('Order') ? ops : finance, day);
    const prefix = series && codeNamed(NUMBER_PREFIX, series);
    const source = { type: kind, no: prefix && (await nextNumber(db, prefix, actor.at)) } as SourceDoc;
    if (kind === 'settlement') await ledger.post(db, actor, key, fen, expiryDate, source);
    if (kind === 'accrual') await ledger.accrue(db, actor, key, fen, source);
    const said = { reason: reason && codeNamed(rebateMessages.demoReasons, reason), expiryDate };
    if (kind === 'adjustment') await ledger.correct(db, actor, key, FLOW.adjust, fen, source, said);
    if (kind === 'expiry') await ledger.expireDue(db, actor, key, day);
    if (!kind.endsWith('Order')) continue;
    // One of the agent's orders not used yet, or a number of its own where it has none left.
    const order =
      unused.splice(rng.int(0, unused.length - 1), 1)[0]?.no ??
      `DD${compactDay(day)}${String(index).padStart(4, '0')}`;
    await ledger.freezeForOrder(db, actor, key, order, fen);
    if (kind === 'usedOrder') await spendFrozen(db, by(ops, addDays(day, rng.int(1, 3))), key, order);
    else await ledger.releaseForOrder(db, by(ops, addDays(day, 2)), key, order);
  }
}
