import { sql } from 'kysely';
import { SyncStatus } from '../../domain/codes/orders.codes';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import { resourceScope } from '../resources/scope';
import { zh } from './feed-pull.kit';
import { applyRow } from './partner-pull.service';

/**
 * Re-processes one row of the order error log, as corrected by the person (RawPayload) or as it
 * stands: taken, the row is marked succeeded; refused again, the row keeps the new reason and payload
 * and counts the attempt, and the caller is told why (409 after the attempt is recorded).
 */
export async function retryOrderError(db: Db, caller: Caller, body: Record<string, unknown>) {
  const id = body.ObjectID;
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id))
    throw fieldError('partnerOrderError', 'ObjectID', 'server.input.problems.objectId');
  if (body.RawPayload !== undefined && (typeof body.RawPayload !== 'string' || body.RawPayload.trim() === ''))
    throw fieldError('partnerOrderError', 'RawPayload', 'partner.server.payloadRequired');
  const outcome = await db.transaction().execute(async (trx) => {
    const found = await sql<{ version: number; state: string; payload: string; batch: string }>`
      select version, synch_state as state, raw_payload as payload, batch_no as batch
      from partner_order_error t where object_id = ${id} and ${resourceScope('partnerOrderError', caller)}
      for update`.execute(trx);
    const row = found.rows[0];
    if (!row) throw new PortalError(404, 'partner.server.errorNotFound');
    if (body.Version !== undefined && Number(body.Version) !== row.version)
      throw new PortalError(409, 'server.staleWrite');
    if (row.state === SyncStatus.success) throw new PortalError(409, 'partner.server.alreadyResolved');
    const payload = typeof body.RawPayload === 'string' ? body.RawPayload : row.payload;
    const at = new Date();
    const refusal = await applyRow(trx, row.batch, payload, at);
    const message = refusal ? zh(`reasons.${refusal.key}`, refusal.params) : null;
    await sql`update partner_order_error set raw_payload = ${payload}, retry_count = retry_count + 1,
        synch_state = ${refusal ? SyncStatus.fail : SyncStatus.success},
        error_type = coalesce(${refusal?.type ?? null}, error_type),
        error_message = coalesce(${message}, error_message),
        version = version + 1, updated_at = ${at}, updated_by_name = ${caller.lastName}
      where object_id = ${id}`.execute(trx);
    return refusal;
  });
  if (outcome)
    throw new PortalError(409, 'partner.server.stillFailing', {
      reason: { key: `partner.reasons.${outcome.key}`, params: outcome.params },
    });
}
