import { sql } from 'kysely';
import { businessTimeZone } from '../../domain/business-clock';
import { fenToYuanString } from '../../domain/money';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import {
  appendFlows,
  type Batch,
  type FlowEntry,
  fenOf,
  frozenForOrder,
  type LockedAccount,
  lockAccount,
  openBatches,
} from './ledger.store';
import {
  ACCOUNT_TYPE,
  type AccountKey,
  type Balances,
  FLOW,
  type FlowType,
  type LedgerActor,
  type SourceDoc,
} from './ledger.types';

/**
 * The rebate ledger's commands (DOMAIN.md Rebates, notes §5.2–5.3). Each runs in one transaction under
 * the account's row lock and writes flows only: available money never goes below zero, a freeze never
 * exceeds what is available, an order uses no more than it froze, and money leaves its batches first
 * to expire first. Called inside a caller's transaction, a command joins it (an order's approval and
 * its rebate use commit together).
 */

const inTransaction = <T>(db: Db, work: (trx: Db) => Promise<T>) =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

/** An amount in fen that a command can move: a positive safe integer, else refused naming the field. */
function positiveFen(value: number, field = 'Amount') {
  if (!Number.isSafeInteger(value) || value <= 0)
    throw fieldError('rebateFlow', field, 'rebate.problems.positiveFen');
  return value;
}

const refuse = (key: string, params: Record<string, unknown> = {}) =>
  new PortalError(409, `rebate.${key}`, params);
const yuan = fenToYuanString;

/** Takes `fen` out of batches in their order, one flow per batch touched. */
function drawFromBatches(batches: Batch[], fen: number, flow: (batch: Batch, take: number) => FlowEntry) {
  const entries: FlowEntry[] = [];
  let left = fen;
  for (const batch of batches) {
    if (left === 0) break;
    const take = Math.min(batch.fen, left);
    entries.push(flow(batch, take));
    left -= take;
  }
  return entries;
}

/** Expires what is left of every batch whose expiry day has passed (`today` is the business day). */
async function expireIn(trx: Db, account: LockedAccount, today: string, actor: LedgerActor) {
  const due = (await openBatches(trx, account.id)).filter((b) => b.expiryDate && b.expiryDate < today);
  const entries = due.map<FlowEntry>((b) => ({
    type: FLOW.expire,
    amountFen: b.fen,
    availableFen: -b.fen,
    frozenFen: 0,
    pendingFen: 0,
    batch: b.id,
    source: { type: 'expiry', no: b.expiryDate! },
  }));
  return appendFlows(trx, account, entries, actor);
}

/** Spends available money (payout, negative adjustment or reversal), first to expire first. */
async function spend(
  trx: Db,
  account: LockedAccount,
  type: FlowType,
  fen: number,
  source: SourceDoc,
  actor: LedgerActor,
  reason?: string,
) {
  if (fen > account.availableFen)
    throw refuse('overAvailable', { amount: yuan(fen), available: yuan(account.availableFen) });
  const entries = drawFromBatches(await openBatches(trx, account.id), fen, (b, take) => ({
    type,
    amountFen: type === FLOW.payout ? take : -take,
    availableFen: -take,
    frozenFen: 0,
    pendingFen: 0,
    batch: b.id,
    source,
    reason,
  }));
  return appendFlows(trx, account, entries, actor);
}

export const businessDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: businessTimeZone() }).format(at);

/** Records an accrual: money expected from a running policy, shown as pending, not usable. */
export function accrue(db: Db, actor: LedgerActor, key: AccountKey, amountFen: number, source: SourceDoc) {
  const fen = positiveFen(amountFen);
  return inTransaction(db, async (trx) => {
    const account = await lockAccount(trx, key, actor);
    const entry: FlowEntry = {
      type: FLOW.accrue,
      amountFen: fen,
      availableFen: 0,
      frozenFen: 0,
      pendingFen: fen,
      source,
    };
    return appendFlows(trx, account, [entry], actor);
  });
}

/**
 * Posts a confirmed settlement: the amount becomes available until its expiry day, as a batch of its
 * own; what was accrued for it stops being pending.
 */
export function post(
  db: Db,
  actor: LedgerActor,
  key: AccountKey,
  amountFen: number,
  expiryDate: string | null,
  source: SourceDoc,
) {
  const fen = positiveFen(amountFen);
  return inTransaction(db, async (trx) => {
    const account = await lockAccount(trx, key, actor);
    const cleared = Math.min(account.pendingFen, fen);
    const entry: FlowEntry = {
      type: FLOW.post,
      amountFen: fen,
      availableFen: fen,
      frozenFen: 0,
      pendingFen: -cleared,
      batch: 'self',
      expiryDate,
      source,
    };
    return appendFlows(trx, account, [entry], actor);
  });
}

/** On order submit: moves the amount from available to frozen for the order, first to expire first. */
export function freezeForOrder(
  db: Db,
  actor: LedgerActor,
  key: AccountKey,
  orderNo: string,
  amountFen: number,
) {
  const fen = positiveFen(amountFen);
  return inTransaction(db, async (trx) => {
    const account = await lockAccount(trx, key, actor);
    // Money past its expiry is not usable: it expires before the freeze looks at what is left.
    await expireIn(trx, account, businessDay(actor.at ?? new Date()), actor);
    if (fen > account.availableFen)
      throw refuse('freezeOverAvailable', { amount: yuan(fen), available: yuan(account.availableFen) });
    const entries = drawFromBatches(await openBatches(trx, account.id), fen, (b, take) => ({
      type: FLOW.freeze,
      amountFen: take,
      availableFen: -take,
      frozenFen: take,
      pendingFen: 0,
      batch: b.id,
      source: { type: 'order', no: orderNo },
    }));
    return appendFlows(trx, account, entries, actor);
  });
}

/** On order approval: uses frozen money of the order (all of it unless an amount is given). */
export function useForOrder(
  db: Db,
  actor: LedgerActor,
  key: AccountKey,
  orderNo: string,
  amountFen?: number,
) {
  return inTransaction(db, async (trx) => {
    const account = await lockAccount(trx, key, actor);
    const frozen = await frozenForOrder(trx, account.id, orderNo);
    const held = frozen.reduce((sum, b) => sum + b.fen, 0);
    const fen = amountFen === undefined ? held : positiveFen(amountFen);
    if (fen === 0) return [];
    if (fen > held) throw refuse('useOverFrozen', { amount: yuan(fen), frozen: yuan(held), order: orderNo });
    const entries = drawFromBatches(frozen, fen, (b, take) => ({
      type: FLOW.use,
      amountFen: take,
      availableFen: 0,
      frozenFen: -take,
      pendingFen: 0,
      batch: b.id,
      source: { type: 'order', no: orderNo },
    }));
    return appendFlows(trx, account, entries, actor);
  });
}

/** On order rejection or cancellation: gives what the order still holds frozen back to its batches. */
export function releaseForOrder(db: Db, actor: LedgerActor, key: AccountKey, orderNo: string) {
  return inTransaction(db, async (trx) => {
    const account = await lockAccount(trx, key, actor);
    const frozen = await frozenForOrder(trx, account.id, orderNo);
    const entries = frozen.map<FlowEntry>((b) => ({
      type: FLOW.release,
      amountFen: b.fen,
      availableFen: b.fen,
      frozenFen: -b.fen,
      pendingFen: 0,
      batch: b.id,
      source: { type: 'order', no: orderNo },
    }));
    return appendFlows(trx, account, entries, actor);
  });
}

/** Expires the account's batches whose expiry day is before `today` (the nightly job, the seed). */
export function expireDue(db: Db, actor: LedgerActor, key: AccountKey, today: string) {
  return inTransaction(db, async (trx) => expireIn(trx, await lockAccount(trx, key, actor), today, actor));
}

/** Pays available money out in cash (payout mode 'cash'). */
export function payout(db: Db, actor: LedgerActor, key: AccountKey, amountFen: number, source: SourceDoc) {
  const fen = positiveFen(amountFen);
  return inTransaction(db, async (trx) =>
    spend(trx, await lockAccount(trx, key, actor), FLOW.payout, fen, source, actor),
  );
}

/**
 * A signed correction (an adjustment with its reason, or a return's reversal): a positive one adds a
 * batch expiring on `expiryDate`, a negative one takes available money, first to expire first.
 */
export function correct(
  db: Db,
  actor: LedgerActor,
  key: AccountKey,
  type: typeof FLOW.adjust | typeof FLOW.reverse,
  amountFen: number,
  source: SourceDoc,
  options: { reason?: string; expiryDate?: string | null } = {},
) {
  if (!Number.isSafeInteger(amountFen) || amountFen === 0)
    throw fieldError('rebateFlow', 'Amount', 'rebate.problems.nonZeroFen');
  return inTransaction(db, async (trx) => {
    const account = await lockAccount(trx, key, actor);
    if (amountFen < 0) return spend(trx, account, type, -amountFen, source, actor, options.reason);
    const entry: FlowEntry = {
      type,
      amountFen,
      availableFen: amountFen,
      frozenFen: 0,
      pendingFen: 0,
      batch: 'self',
      expiryDate: options.expiryDate ?? null,
      source,
      reason: options.reason,
    };
    return appendFlows(trx, account, [entry], actor);
  });
}

/** The balances of an account now: its last flow's (zero before the first). */
export async function balancesOf(db: Db, key: AccountKey): Promise<Balances> {
  const brand = key.type === 'rebate' ? key.brand : '';
  const row = await sql<{ available: string; frozen: string; pending: string }>`
    select ${fenOf('f.available_after')} as available, ${fenOf('f.frozen_after')} as frozen,
      ${fenOf('f.pending_after')} as pending
    from rebate_account a join rebate_flow f on f.account_id = a.object_id
    where a.company_id = ${key.companyId} and a.account_type = ${ACCOUNT_TYPE[key.type]}
      and coalesce(a.brand, '') = ${brand}
    order by f.seq desc limit 1`.execute(db);
  const last = row.rows[0];
  return {
    availableFen: Number(last?.available ?? 0),
    frozenFen: Number(last?.frozen ?? 0),
    pendingFen: Number(last?.pending ?? 0),
  };
}
