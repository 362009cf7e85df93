import { sql } from 'kysely';
import { SyncStatus } from '../../domain/codes/orders.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import type { Db } from '../db/database';
import { type PullOptions, type PullRun, runPull, zh } from './feed-pull.kit';
import type { Refusal } from './partner-order.check';
import { takeShipment } from './partner-shipment.take';
import { lastGoodRunEnd, type RowPullSummary, recordPullRun } from './pull-log';
import { takeInstruction } from './shipping-instruction.take';
import { numbersOf } from './shipping-row.check';

/** The two shipping feeds of the partner: its shipping instructions, and the shipments made under them. */
export type ShippingFeed = 'instructions' | 'shipments';

type Take = (
  trx: Db,
  raw: string,
  run: { batchNo: string; at: Date },
  uuid?: () => string,
) => Promise<Refusal | null>;

/** How each shipping feed takes a row (the retry of an error row takes it the same way). */
export const TAKE: Record<ShippingFeed, Take> = {
  instructions: takeInstruction,
  shipments: takeShipment,
};

/** The reason of a refusal in words, in the log's language (partner.shipping.reasons). */
export const reasonOf = (refusal: Refusal) => zh(`shipping.reasons.${refusal.key}`, refusal.params);

/** A row of a shipping feed that cannot be taken lands on 合作品牌发货指令错误日志 with its reason. */
async function logShippingError(trx: Db, feed: ShippingFeed, raw: string, refusal: Refusal, run: PullRun) {
  const numbers = numbersOf(raw);
  const data = {
    Feed: feed,
    ...(feed === 'shipments' && numbers.shipmentNo ? { PartnerShipmentNo: numbers.shipmentNo } : {}),
    ...(numbers.receiverName ? { ReceiverName: numbers.receiverName } : {}),
  };
  await sql`insert into partner_shipping_error (shipping_instruction_no, partner_order_no, batch_no, error_type,
      error_message, synch_state, raw_payload, data, created_by_name, updated_by_name, created_at, updated_at)
    values (${numbers.instructionNo}, ${numbers.orderNo}, ${run.batchNo}, ${refusal.type}, ${reasonOf(refusal)},
      ${sql.lit(SyncStatus.fail)}, ${raw}, ${JSON.stringify(data)}::jsonb, 'SYS', 'SYS', ${run.at}, ${run.at})`.execute(
    trx,
  );
}

/**
 * A row taken settles the open error rows of the same instruction (or partner shipment) of its feed:
 * the partner sent it again, corrected, so the desk has nothing left to do on them.
 */
export async function settleErrors(trx: Db, feed: ShippingFeed, raw: string, at: Date, by: string) {
  const numbers = numbersOf(raw);
  const key = feed === 'shipments' ? numbers.shipmentNo : numbers.instructionNo;
  if (!key) return;
  const matches =
    feed === 'shipments'
      ? sql`data->>'PartnerShipmentNo' = ${key}`
      : sql`shipping_instruction_no = ${key} and not data ? 'PartnerShipmentNo'`;
  await sql`update partner_shipping_error set synch_state = ${sql.lit(SyncStatus.success)},
      version = version + 1, updated_at = ${at}, updated_by_name = ${by}
    where synch_state = ${sql.lit(SyncStatus.fail)} and data->>'Feed' = ${feed} and ${matches}`.execute(trx);
}

/** Takes the feed's rows one by one; a row that cannot be taken is on the error log, counted as failed. */
async function takeRows(trx: Db, feed: ShippingFeed, rows: string[], run: PullRun, uuid?: () => string) {
  let fail = 0;
  for (const raw of rows) {
    const refusal = await TAKE[feed](trx, raw, run, uuid);
    if (refusal) {
      fail += 1;
      await logShippingError(trx, feed, raw, refusal, run);
    } else await settleErrors(trx, feed, raw, run.at, 'SYS');
  }
  const success = rows.length - fail;
  return {
    total: rows.length,
    success,
    fail,
    message: zh(`shipping.${feed}.run.done`, { total: rows.length, success, fail }),
  };
}

/**
 * One pull of a shipping feed of the partner (instructions, or shipments), as every partner pull: the
 * window starts where the feed's last good run ended; the whole feed is read first, so a partner that
 * fails or times out gives a failed run and nothing else; the rows are then taken in one transaction
 * with the run's log row. Instructions are pulled before shipments, which name them.
 */
export const pullShippingFeed = (
  db: Db,
  feed: ShippingFeed,
  options: PullOptions & { uuid?: () => string },
) =>
  runPull<RowPullSummary>(
    db,
    {
      feed,
      numberPrefix: NUMBER_PREFIX.partnerPull,
      messages: `shipping.${feed}.run`,
      since: lastGoodRunEnd(feed),
      none: { total: 0, success: 0, fail: 0 },
      take: (trx, rows, run) => takeRows(trx, feed, rows, run, options.uuid),
      record: recordPullRun(feed),
    },
    options,
  );

export const pullShippingInstructions = (db: Db, options: PullOptions & { uuid?: () => string }) =>
  pullShippingFeed(db, 'instructions', options);

export const pullPartnerShipments = (db: Db, options: PullOptions & { uuid?: () => string }) =>
  pullShippingFeed(db, 'shipments', options);
