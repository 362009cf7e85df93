import { sql } from 'kysely';
import { SyncStatus } from '../../domain/codes/orders.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import type { Db } from '../db/database';
import { type PullOptions, type PullRun, runPull, zh } from './feed-pull.kit';
import { checkPartnerOrder, isRefusal, partnerOrderNoOf, type Refusal } from './partner-order.check';
import { keepOriginal, syncPartnerOrder } from './partner-sync';
import { lastGoodRunEnd, type RowPullSummary, recordPullRun } from './pull-log';

export type OrderPullSummary = RowPullSummary;

/** The agent code a raw row names, when it is JSON enough to name one. */
function agentCodeOf(raw: string): string | null {
  try {
    const code = (JSON.parse(raw) as { agentCode?: unknown })?.agentCode;
    return typeof code === 'string' && code.trim() ? code.trim().slice(0, 40) : null;
  } catch {
    return null;
  }
}

/** A refused row on the error log, named by the customer its agent code finds (none for an unknown one). */
async function logOrderError(trx: Db, batchNo: string, raw: string, refusal: Refusal, at: Date) {
  await sql`insert into partner_order_error (partner_order_no, batch_no, error_type, error_message, synch_state,
      raw_payload, data, created_by_name, updated_by_name, created_at, updated_at)
    values (${partnerOrderNoOf(raw)}, ${batchNo}, ${refusal.type}, ${zh(`reasons.${refusal.key}`, refusal.params)},
      ${sql.lit(SyncStatus.fail)}, ${raw},
      jsonb_strip_nulls(jsonb_build_object('CustomerName',
        (select c.name from customer c where c.account_id = ${agentCodeOf(raw)} limit 1))),
      'SYS', 'SYS', ${at}, ${at})`.execute(trx);
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
      state: SyncStatus.success,
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

/** Takes the feed's rows one by one; a row that cannot be taken is on the error log, counted as failed. */
async function takeOrders(trx: Db, rows: string[], run: PullRun, uuid?: () => string) {
  let fail = 0;
  for (const raw of rows) if (await takeRow(trx, run.batchNo, raw, run.at, uuid)) fail += 1;
  const success = rows.length - fail;
  return {
    total: rows.length,
    success,
    fail,
    message: zh('run.done', { total: rows.length, success, fail }),
  };
}

/**
 * One pull of the partner's orders (notes §4.1 PARTNER_SYNC). The window starts where the last good
 * run ended. The whole feed is read first: a partner that fails or times out gives a failed run and
 * nothing else. The rows are then taken in one transaction with the run's log row, so a run is in the
 * log exactly when its orders and errors are.
 */
export const pullPartnerOrders = (db: Db, options: PullOptions & { uuid?: () => string }) =>
  runPull<OrderPullSummary>(
    db,
    {
      feed: 'orders',
      numberPrefix: NUMBER_PREFIX.partnerPull,
      messages: 'run',
      since: lastGoodRunEnd('orders'),
      none: { total: 0, success: 0, fail: 0 },
      take: (trx, rows, run) => takeOrders(trx, rows, run, options.uuid),
      record: recordPullRun('orders'),
    },
    options,
  );
