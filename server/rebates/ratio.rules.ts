import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import type { ResourceDef } from '../resources/registry';

/**
 * A maximum use ratio after its form saves it, in the same transaction: its dates in order, and no
 * second enabled ratio for the same brand, channel tier and product line on any day it covers — the
 * usable amount of an order must never depend on which of two rows is read. A ratio of one product line
 * beside one for every line is no clash: the line's own ratio applies to its lines.
 */
export async function afterRatioWrite(
  trx: Db,
  def: ResourceDef,
  _caller: Caller,
  record: Record<string, unknown>,
) {
  const start = String(record.StartDate ?? '');
  const end = String(record.EndDate ?? '');
  if (start && end && end < start) throw fieldError(def.name, 'EndDate', 'rebate.problems.endBeforeStart');
  if (record.Enabled !== true) return;
  const clash = await sql<{ n: number }>`select count(*)::int as n from record
    where resource = 'rebateMaxRatio' and object_id <> ${String(record.ObjectID)}
      and coalesce((data->>'Enabled')::boolean, false)
      and data->>'Brand' = ${String(record.Brand ?? '')}
      and coalesce(data->>'ChannelTier', '') = ${String(record.ChannelTier ?? '')}
      and coalesce(data->>'ProductLine', '') = ${String(record.ProductLine ?? '')}
      and coalesce(data->>'StartDate', '') <= ${end || '9999-12-31'}
      and (coalesce(data->>'EndDate', '') = '' or data->>'EndDate' >= ${start})`.execute(trx);
  if (clash.rows[0]?.n) throw new PortalError(409, 'rebate.ratioOverlaps');
}
