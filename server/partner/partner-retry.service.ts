import { sql } from 'kysely';
import { SyncStatus } from '../../domain/codes/orders.codes';
import { UUID_PATTERN } from '../../domain/uuid';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import { resourceScope } from '../resources/scope';
import { zh } from './feed-pull.kit';
import type { Refusal } from './partner-order.check';
import { applyRow } from './partner-pull.service';
import { type ShippingFeed, settleErrors, TAKE } from './shipping-pull.service';

/** An error log of the partner pull, and how one of its rows is taken again. */
interface ErrorLog {
  resource: 'partnerOrderError' | 'partnerShippingError';
  table: 'partner_order_error' | 'partner_shipping_error';
  /** Where the reasons' words sit under `partner.` (`reasons`, `shipping.reasons`). */
  reasons: string;
  take: (
    trx: Db,
    row: { batch: string; data: Record<string, unknown> },
    payload: string,
    at: Date,
    by: string,
  ) => Promise<Refusal | null>;
}

/**
 * Re-processes one row of an error log, as corrected by the person (RawPayload) or as it stands,
 * against the portal's data as it is now: taken, the row is marked succeeded; refused again, the row
 * keeps the new reason and payload and counts the attempt, and the caller is told why (409 after the
 * attempt is recorded).
 */
async function retryErrorRow(db: Db, caller: Caller, body: Record<string, unknown>, log: ErrorLog) {
  const id = body.ObjectID;
  if (typeof id !== 'string' || !UUID_PATTERN.test(id))
    throw fieldError(log.resource, 'ObjectID', 'server.input.problems.objectId');
  if (body.RawPayload !== undefined && (typeof body.RawPayload !== 'string' || body.RawPayload.trim() === ''))
    throw fieldError(log.resource, 'RawPayload', 'partner.server.payloadRequired');
  const outcome = await db.transaction().execute(async (trx) => {
    const found = await sql<{
      version: number;
      state: string;
      payload: string;
      batch: string;
      data: Record<string, unknown>;
    }>`select version, synch_state as state, raw_payload as payload, batch_no as batch, data
      from ${sql.table(log.table)} t where object_id = ${id} and ${resourceScope(log.resource, caller)}
      for update`.execute(trx);
    const row = found.rows[0];
    if (!row) throw new PortalError(404, 'partner.server.errorNotFound');
    if (body.Version !== undefined && Number(body.Version) !== row.version)
      throw new PortalError(409, 'server.staleWrite');
    if (row.state === SyncStatus.success) throw new PortalError(409, 'partner.server.alreadyResolved');
    const payload = typeof body.RawPayload === 'string' ? body.RawPayload : row.payload;
    const at = new Date();
    const refusal = await log.take(trx, row, payload, at, caller.lastName);
    const message = refusal ? zh(`${log.reasons}.${refusal.key}`, refusal.params) : null;
    await sql`update ${sql.table(log.table)} set raw_payload = ${payload}, retry_count = retry_count + 1,
        synch_state = ${refusal ? SyncStatus.fail : SyncStatus.success},
        error_type = coalesce(${refusal?.type ?? null}, error_type),
        error_message = coalesce(${message}, error_message),
        version = version + 1, updated_at = ${at}, updated_by_name = ${caller.lastName}
      where object_id = ${id}`.execute(trx);
    return refusal;
  });
  if (outcome)
    throw new PortalError(409, 'partner.server.stillFailing', {
      reason: { key: `partner.${log.reasons}.${outcome.key}`, params: outcome.params },
    });
}

/** A row of the order error log, taken again as a row of the order feed. */
export const retryOrderError = (db: Db, caller: Caller, body: Record<string, unknown>) =>
  retryErrorRow(db, caller, body, {
    resource: 'partnerOrderError',
    table: 'partner_order_error',
    reasons: 'reasons',
    take: (trx, row, payload, at) => applyRow(trx, row.batch, payload, at),
  });

/**
 * A row of the shipping instruction error log, taken again as a row of the feed it came from
 * (instructions or shipments); taken, it also settles the other open rows of the same instruction or
 * shipment.
 */
export const retryShippingError = (db: Db, caller: Caller, body: Record<string, unknown>) =>
  retryErrorRow(db, caller, body, {
    resource: 'partnerShippingError',
    table: 'partner_shipping_error',
    reasons: 'shipping.reasons',
    async take(trx, row, payload, at, by) {
      const feed: ShippingFeed = row.data.Feed === 'shipments' ? 'shipments' : 'instructions';
      const refusal = await TAKE[feed](trx, payload, { batchNo: row.batch, at });
      if (!refusal) await settleErrors(trx, feed, payload, at, by);
      return refusal;
    },
  });
