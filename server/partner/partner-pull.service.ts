import { sql } from 'kysely';
import type { Db } from '../db/database';
import { translate } from '../http/i18n';
import { nextNumber } from '../resources/numbering';
import { FeedError, type FeedOptions, readFeed } from './partner-feed';
import { checkPartnerOrder, isRefusal, partnerOrderNoOf, type Refusal } from './partner-order.check';
import { keepOriginal, syncPartnerOrder } from './partner-sync';

export interface PullSummary {
  batchNo: string;
  state: 'SUCCESS' | 'FAIL';
  total: number;
  success: number;
  fail: number;
  message: string;
}

/** Log texts are stored in the portal's default language, as every other log row. */
export const zh = (key: string, params: Record<string, unknown> = {}) =>
  translate('zh', `partner.${key}`, params);

async function logOrderError(trx: Db, batchNo: string, raw: string, refusal: Refusal, at: Date) {
  await sql`insert into partner_order_error (partner_order_no, batch_no, error_type, error_message, synch_state,
      raw_payload, created_by_name, updated_by_name, created_at, updated_at)
    values (${partnerOrderNoOf(raw)}, ${batchNo}, ${refusal.type}, ${zh(`reasons.${refusal.key}`, refusal.params)},
      'FAIL', ${raw}, 'SYS', 'SYS', ${at}, ${at})`.execute(trx);
}

/**
 * Takes one raw row in the caller's transaction: a valid partner order is synced (created, updated or
 * unchanged) with its original kept. Answers why the row cannot be taken, if it cannot.
 */
export async function applyRow(
  trx: Db,
  batchNo: string,
  raw: string,
  at: Date,
  uuid?: () => string,
): Promise<Refusal | null> {
  const checked = await checkPartnerOrder(trx, raw);
  if (isRefusal(checked)) return checked;
  const previous = await sql<{ payload: string }>`select raw_payload as payload from partner_original_order
    where partner_order_no = ${checked.partnerOrderNo}`.execute(trx);
  const synced = await syncPartnerOrder(trx, checked, at, previous.rows[0]?.payload ?? null, raw, uuid);
  if (isRefusal(synced)) return synced;
  if (synced.outcome !== 'unchanged')
    await keepOriginal(trx, {
      partnerOrderNo: checked.partnerOrderNo,
      batchNo,
      at,
      payload: raw,
      order: checked,
      orderId: synced.orderId,
      state: 'SUCCESS',
      message: null,
    });
  return null;
}

/** applyRow, and a row that cannot be taken lands on the order error log with its reason. */
async function takeRow(trx: Db, batchNo: string, raw: string, at: Date, uuid?: () => string) {
  const refusal = await applyRow(trx, batchNo, raw, at, uuid);
  if (refusal) await logOrderError(trx, batchNo, raw, refusal, at);
  return refusal;
}

/**
 * One pull of the partner's orders (notes §4.1 PARTNER_SYNC). The window starts where the last good
 * run ended. The whole feed is read first: a partner that fails or times out gives a failed run and
 * nothing else. The rows are then taken in one transaction with the run's log row, so a run is in the
 * log exactly when its orders and errors are.
 */
export async function pullPartnerOrders(
  db: Db,
  options: Omit<FeedOptions, 'since' | 'until'> & { now?: Date; uuid?: () => string },
): Promise<PullSummary> {
  const started = Date.now();
  const at = options.now ?? new Date();
  const last = await sql<{ until: Date }>`select query_end as until from partner_pull_run
    where synch_state = 'SUCCESS' order by query_end desc limit 1`.execute(db);
  const since = last.rows[0]?.until ?? null;
  const batchNo = await nextNumber(db, 'PL', at);
  const record = async (trx: Db, summary: PullSummary) => {
    await sql`insert into partner_pull_run (batch_no, pull_time, query_start, query_end, total_count, success_count,
        fail_count, synch_state, duration_ms, message, created_by_name, updated_by_name, created_at, updated_at)
      values (${batchNo}, ${at}, ${since}, ${at}, ${summary.total}, ${summary.success}, ${summary.fail},
        ${summary.state}, ${Date.now() - started}, ${summary.message}, 'SYS', 'SYS', ${at}, ${at})`.execute(
      trx,
    );
    return summary;
  };
  let rows: string[];
  try {
    rows = await readFeed('orders', { ...options, since, until: at });
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    const message = zh(`run.${error.key}`, error.params);
    return record(db, { batchNo, state: 'FAIL', total: 0, success: 0, fail: 0, message });
  }
  const take = async (trx: Db) => {
    let fail = 0;
    for (const raw of rows) if (await takeRow(trx, batchNo, raw, at, options.uuid)) fail += 1;
    const success = rows.length - fail;
    const message = zh('run.done', { total: rows.length, success, fail });
    return record(trx, { batchNo, state: 'SUCCESS', total: rows.length, success, fail, message });
  };
  // The demo seed pulls inside its own transaction.
  return db.isTransaction ? take(db) : db.transaction().execute(take);
}
