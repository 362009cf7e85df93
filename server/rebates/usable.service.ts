import { sql } from 'kysely';
import { yuanToFen } from '../../domain/money';
import type { Db } from '../db/database';
import { openBatches } from './ledger.store';
import { ACCOUNT_TYPE, type AccountKey } from './ledger.types';

/** What an order may take from a rebate account: the configured ratio, the balance, and their limit. */
export interface Usable {
  /** Available money not past its expiry on the day. */
  availableFen: number;
  /** The maximum use ratio in hundredths of a percent (10% = 1000); 0 when none is configured. */
  ratioBasisPoints: number;
  /** min(available, eligible amount × maximum ratio), rounded down to the fen. */
  usableFen: number;
}

/**
 * The maximum use ratio that applies (the rebate maximum use ratio page, `rebateMaxRatio`): an enabled row of the
 * brand whose dates cover the day, one naming the agent's channel tier before one for every tier, the
 * latest start first. Without a row nothing is usable: the ratio is configuration, never a guess.
 */
export async function maxRatioFor(db: Db, brand: string, channelTier: string | null, day: string) {
  const rows = await sql<{ ratio: string }>`select data->>'MaxRatio' as ratio from record
    where resource = 'rebateMaxRatio' and data->>'Brand' = ${brand}
      and coalesce((data->>'Enabled')::boolean, false)
      and coalesce(data->>'ChannelTier', '') in ('', ${channelTier ?? ''})
      and coalesce(data->>'StartDate', '') <= ${day}
      and (coalesce(data->>'EndDate', '') = '' or data->>'EndDate' >= ${day})
      and data->>'MaxRatio' ~ '^[0-9]+(\\.[0-9]+)?$'
    order by coalesce(data->>'ChannelTier', '') = '' asc, data->>'StartDate' desc nulls last, object_id
    limit 1`.execute(db);
  const ratio = rows.rows[0]?.ratio;
  // Percent with up to two decimals, read through its text as hundredths: no float on the way.
  return ratio ? Math.min(10_000, yuanToFen(Number(ratio).toFixed(2))) : 0;
}

/** usable = min(available balance, eligible amount × maximum ratio) (notes §5.3 rule 1). */
export async function usableOnOrder(
  db: Db,
  key: Extract<AccountKey, { type: 'rebate' }>,
  eligibleFen: number,
  options: { channelTier?: string | null; day: string },
): Promise<Usable> {
  // Money past its expiry day is not usable, even before the nightly expiry has written it off.
  const account = await sql<{ id: string }>`select object_id::text as id from rebate_account
    where company_id = ${key.companyId} and account_type = ${ACCOUNT_TYPE.rebate} and brand = ${key.brand}`.execute(
    db,
  );
  const batches = account.rows[0] ? await openBatches(db, account.rows[0].id) : [];
  const availableFen = batches
    .filter((b) => !b.expiryDate || b.expiryDate >= options.day)
    .reduce((sum, b) => sum + b.fen, 0);
  const ratioBasisPoints = await maxRatioFor(db, key.brand, options.channelTier ?? null, options.day);
  const capped = Number((BigInt(Math.max(0, eligibleFen)) * BigInt(ratioBasisPoints)) / 10_000n);
  return { availableFen, ratioBasisPoints, usableFen: Math.min(availableFen, capped) };
}
