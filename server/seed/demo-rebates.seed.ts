import { CustomerStatus, CustomerType } from '../../domain/codes/customers.codes';
import { Brand } from '../../domain/codes/products.codes';
import * as codes from '../../domain/codes/rebates.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { ROLE } from '../../domain/roles';
import { rebateMessages } from '../../locales/zh/rebates';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import * as ledger from '../rebates/ledger.service';
import { type AccountKey, FLOW, type LedgerActor } from '../rebates/ledger.types';
import { afterPolicyWrite } from '../rebates/policy.rules';
import { nextNumber } from '../resources/numbering';
import { seedSettlements } from './demo-settlements.seed';
import type { DemoCustomer, DemoOrder, DemoWorld } from './demo-world';
import { accounts, as, clockOn, commandsTo, daysAfter, enterRecord, play } from './kit';
import { addDays, compactDay, DEMO_TODAY, type Random } from './random';
import { codeNamed, stepsIn, storyTable } from './story-data';

/** The demo's reasons, as a Chinese finance clerk writes them, and its policies' wording. */
const demo = rebateMessages.demoReasons;
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
  for (const { brand, tier, maxRatio } of storyTable('rebate-ratios')) {
    const ratio = { Brand: codeNamed(Brand, brand), ...tierOf(tier), MaxRatio: Number(maxRatio) };
    const body = { ...ratio, StartDate: '2025-01-01', EndDate: '2027-12-31', Enabled: true };
    await enterRecord(db, 'rebateMaxRatio', admin, body, clockOn(rng, '2024-12-20'));
  }
  const { finance, ops, vp } = Object.fromEntries(await accounts(db, 'finance', 'ops', 'vp'));
  const { demoRsp, demoCcp } = world;
  // Distributors keep no demo ledger: deleting a distributor is part of the demo (and its tests).
  const kept = (c: DemoCustomer) =>
    c.status === CustomerStatus.active && c.type !== CustomerType.generalDistributor;
  const others = world.customers.filter((c) => kept(c) && ![demoRsp.id, demoCcp.id].includes(c.id));
  const agents = [demoRsp, demoCcp, ...rng.sample(others, MORE_AGENTS)];
  for (const [index, agent] of agents.entries()) {
    const orders = world.orders.filter((o) => o.agent.id === agent.id);
    await seedAgent(db, rng.fork(agent.id), { agent, orders, index, finance, ops });
  }
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

const yuanFen = (rng: Random, low: number, high: number) => rng.int(low, high) * 100;
/** The number series of each kind of finance document. */
const PREFIX = {
  settlement: NUMBER_PREFIX.rebateSettlement,
  accrual: NUMBER_PREFIX.rebateAccrual,
  adjustment: NUMBER_PREFIX.rebateAdjustment,
} as const;

/** An agent of the demo ledger (the `index`th), its orders, and who enters its ledger's entries. */
type Ledger = { agent: DemoCustomer; orders: DemoOrder[]; index: number; finance: Caller; ops: Caller };

async function seedAgent(db: Db, rng: Random, { agent, orders, index, finance, ops }: Ledger) {
  const own: AccountKey = { companyId: agent.id, type: 'rebate', brand: Brand.ownBrand };
  const by = (caller: Caller, day: string): LedgerActor => {
    const [employeeId, name] = [caller.employeeId, caller.lastName];
    return { employeeId, name, at: new Date(rng.timeOn(day)), uuid: () => rng.uuid() };
  };
  /** A finance document of `type`, numbered on a time of `day`. */
  const source = async <T extends keyof typeof PREFIX>(type: T, day: string) => ({
    type,
    no: await nextNumber(db, PREFIX[type], by(finance, day).at),
  });
  /** Finance posts a settlement on `day`, its amount drawn once the entry's time is, expiring `days` after. */
  const settle = async (day: string, account: AccountKey, fen: () => number, days: number) =>
    ledger.post(db, by(finance, day), account, fen(), addDays(day, days), await source('settlement', day));

  // An old settlement whose expiry has passed by today; part of it is used first (it expires first).
  const oldDay = rng.dayBefore(370, 390);
  const oldFen = yuanFen(rng, 8_000, 40_000);
  await settle(oldDay, own, () => oldFen, 300);
  const accrualDay = addDays(oldDay, rng.int(30, 60));
  const accrual = await source('accrual', accrualDay);
  await ledger.accrue(db, by(finance, accrualDay), own, yuanFen(rng, 20_000, 60_000), accrual);
  await settle(rng.dayBefore(150, 200), own, () => yuanFen(rng, 30_000, 120_000), 365);

  // An order that froze rebate on submit and used it on approval: it comes from the old batch first.
  const useDay = rng.dayBefore(100, 120);
  const order = orders.length
    ? rng.pick(orders).no
    : `DD${compactDay(useDay)}${String(index).padStart(4, '0')}`;
  await ledger.freezeForOrder(db, by(ops, useDay), own, order, Math.floor(oldFen / 200) * 100);
  await spendFrozen(db, by(ops, addDays(useDay, rng.int(1, 3))), own, order);

  // Another order submitted and then cancelled gives its frozen rebate back.
  if (rng.chance(0.5) && orders.length > 1) {
    const cancelDay = addDays(useDay, rng.int(5, 20));
    const other = rng.pick(orders.filter((o) => o.no !== order)).no;
    await ledger.freezeForOrder(db, by(ops, cancelDay), own, other, yuanFen(rng, 500, 3_000));
    await ledger.releaseForOrder(db, by(ops, addDays(cancelDay, 2)), own, other);
  }
  if (rng.chance(0.6)) {
    const partner: AccountKey = { ...own, brand: Brand.partnerBrand };
    await settle(rng.dayBefore(30, 90), partner, () => yuanFen(rng, 5_000, 30_000), 365);
  }
  // Finance's adjustments: a supplement for one agent in eight, a penalty for the next in eight.
  if (index % 4 === 1) {
    const adjustDay = rng.dayBefore(10, 40);
    const adjustment = await source('adjustment', adjustDay);
    const supplement = index % 8 === 1;
    const amount = supplement ? yuanFen(rng, 500, 2_000) : -yuanFen(rng, 200, 1_000);
    const reason = supplement ? demo.supplement : demo.penalty;
    await ledger.correct(db, by(finance, adjustDay), own, FLOW.adjust, amount, adjustment, { reason });
  }
  if (agent.type === CustomerType.rsp) {
    const cashDay = rng.dayBefore(20, 60);
    const cash: AccountKey = { companyId: agent.id, type: 'cashDiscount' };
    const adjustment = await source('adjustment', cashDay);
    const actor = by(finance, cashDay);
    const discount = { reason: demo.cashDiscount, expiryDate: addDays(cashDay, 365) };
    await ledger.correct(db, actor, cash, FLOW.adjust, yuanFen(rng, 300, 2_000), adjustment, discount);
  }

  // The nightly expiry of today: what is left of the old settlement lapses.
  await ledger.expireDue(db, by(finance, DEMO_TODAY), own, DEMO_TODAY);
}
