import { sql } from 'kysely';
import { fenToYuanString } from '../../domain/money';
import { NUMBER_PREFIX } from '../../domain/numbering';
import type { Db } from '../db/database';
import { nextNumber } from '../resources/numbering';
import {
  ACCOUNT_TYPE,
  type AccountKey,
  type Balances,
  type FlowType,
  type LedgerActor,
  type SourceDoc,
} from './ledger.types';

/** Flow numbers: `LS<yyyyMMdd><daily sequence>`, like every business number. */
const FLOW_PREFIX = NUMBER_PREFIX.rebateFlow;

/** An account held under its row lock for the rest of the transaction, with its balances now. */
export interface LockedAccount extends Balances {
  id: string;
  seq: number;
}

/** A money sum read exactly: numeric yuan to integer fen through text, never through a float. */
export const fenOf = (column: string) => sql.raw(`((${column}) * 100)::bigint::text`);
const toFen = (text: unknown) => Number(text ?? 0);

/**
 * Opens (the first time) and locks an account. Two commands on one account queue here, so each sees
 * the balances the other left; commands on other accounts do not wait.
 */
export async function lockAccount(trx: Db, key: AccountKey, actor?: LedgerActor): Promise<LockedAccount> {
  const type = ACCOUNT_TYPE[key.type];
  const brand = key.type === 'rebate' ? key.brand : null;
  const id = actor?.uuid?.() ?? null;
  await sql`insert into rebate_account (object_id, company_id, account_type, brand, created_at)
    values (coalesce(${id}::uuid, gen_random_uuid()), ${key.companyId}, ${type}, ${brand}, ${actor?.at ?? new Date()})
    on conflict (company_id, account_type, coalesce(brand, '')) do nothing`.execute(trx);
  const account = await sql<{ id: string }>`select object_id::text as id from rebate_account
    where company_id = ${key.companyId} and account_type = ${type} and coalesce(brand, '') = ${brand ?? ''}
    for update`.execute(trx);
  const accountId = account.rows[0].id;
  const last = await sql<{ seq: number; available: string; frozen: string; pending: string }>`
    select seq, ${fenOf('available_after')} as available, ${fenOf('frozen_after')} as frozen,
      ${fenOf('pending_after')} as pending
    from rebate_flow where account_id = ${accountId} order by seq desc limit 1`.execute(trx);
  const row = last.rows[0];
  return {
    id: accountId,
    seq: row?.seq ?? 0,
    availableFen: toFen(row?.available),
    frozenFen: toFen(row?.frozen),
    pendingFen: toFen(row?.pending),
  };
}

/** A batch of usable money: what is left of it, and when it expires (none: never). */
export interface Batch {
  id: string;
  expiryDate: string | null;
  fen: number;
}

/** The batches with money left, first to expire first (FIFO by expiry, then by posting). */
export async function openBatches(trx: Db, accountId: string): Promise<Batch[]> {
  const rows = await sql<{ id: string; expiry: string | null; fen: string }>`
    select b.object_id::text as id, to_char(b.expiry_date, 'YYYY-MM-DD') as expiry,
      ${fenOf('sum(u.available_change)')} as fen
    from rebate_flow b join rebate_flow u on u.account_id = b.account_id and u.batch_id = b.object_id
    where b.account_id = ${accountId} and b.batch_id = b.object_id
    group by b.object_id, b.expiry_date, b.seq
    having sum(u.available_change) > 0
    order by b.expiry_date asc nulls last, b.seq asc`.execute(trx);
  return rows.rows.map((r) => ({ id: r.id, expiryDate: r.expiry, fen: toFen(r.fen) }));
}

/** What an order holds frozen, per batch, first to expire first. */
export async function frozenForOrder(trx: Db, accountId: string, orderNo: string): Promise<Batch[]> {
  const rows = await sql<{ id: string; expiry: string | null; fen: string }>`
    select b.object_id::text as id, to_char(b.expiry_date, 'YYYY-MM-DD') as expiry,
      ${fenOf('sum(f.frozen_change)')} as fen
    from rebate_flow f join rebate_flow b on b.object_id = f.batch_id
    where f.account_id = ${accountId} and f.source_doc_type = 'order' and f.source_doc_no = ${orderNo}
    group by b.object_id, b.expiry_date, b.seq
    having sum(f.frozen_change) > 0
    order by b.expiry_date asc nulls last, b.seq asc`.execute(trx);
  return rows.rows.map((r) => ({ id: r.id, expiryDate: r.expiry, fen: toFen(r.fen) }));
}

/** One flow to write: its type, the amount it shows, and what it moves. */
export interface FlowEntry {
  type: FlowType;
  /** The amount the ledger shows (positive; signed only for adjustments and reversals). */
  amountFen: number;
  availableFen: number;
  frozenFen: number;
  pendingFen: number;
  /** The batch it draws on or adds to; 'self' opens a new one. */
  batch?: string | 'self';
  expiryDate?: string | null;
  source: SourceDoc;
  reason?: string | null;
}

/**
 * Appends flows to a locked account, each with the balances after it. The account's row lock makes
 * the running balance safe; the table's checks refuse a negative available or frozen amount anyway.
 */
export async function appendFlows(trx: Db, account: LockedAccount, entries: FlowEntry[], actor: LedgerActor) {
  const written: { id: string; flowNo: string }[] = [];
  for (const entry of entries) {
    account.seq += 1;
    account.availableFen += entry.availableFen;
    account.frozenFen += entry.frozenFen;
    account.pendingFen += entry.pendingFen;
    const objectId =
      actor.uuid?.() ??
      (await sql<{ id: string }>`select gen_random_uuid()::text as id`.execute(trx)).rows[0].id;
    const flowNo = await nextNumber(trx, FLOW_PREFIX, actor.at);
    const batch = entry.batch === 'self' ? objectId : (entry.batch ?? null);
    const yuan = fenToYuanString;
    await sql`insert into rebate_flow (object_id, account_id, seq, flow_no, flow_type, amount,
        available_change, frozen_change, pending_change, available_after, frozen_after, pending_after,
        balance_after, batch_id, expiry_date, source_doc_type, source_doc_no, reason, created_at,
        created_by, created_by_name)
      values (${objectId}, ${account.id}, ${account.seq}, ${flowNo}, ${entry.type}, ${yuan(entry.amountFen)},
        ${yuan(entry.availableFen)}, ${yuan(entry.frozenFen)}, ${yuan(entry.pendingFen)},
        ${yuan(account.availableFen)}, ${yuan(account.frozenFen)}, ${yuan(account.pendingFen)},
        ${yuan(account.availableFen + account.frozenFen)}, ${batch}, ${entry.expiryDate ?? null},
        ${entry.source.type}, ${entry.source.no}, ${entry.reason ?? null}, ${actor.at ?? new Date()},
        ${actor.employeeId}, ${actor.name})`.execute(trx);
    written.push({ id: objectId, flowNo });
  }
  return written;
}
