import { sql } from 'kysely';
import { yuanToFen } from '../../domain/money';
import type { Db } from '../db/database';
import { openBatches } from './ledger.store';
import { ACCOUNT_TYPE, type AccountKey } from './ledger.types';

/** An order line rebate may go on: its amount and its product line (none: only an every-line ratio applies). */
export interface EligibleLine {
  fen: number;
  productLine: string | null;
}

/** What an order may take from a rebate account: the configured ratios, the balance, and their limit. */
export interface Usable {
  /** Available money not past its expiry on the day. */
  availableFen: number;
  /**
   * The maximum use ratio in hundredths of a percent (10% = 1000); 0 when none is configured. With
   * lines of product lines that have ratios of their own, the highest of the lines' ratios.
   */
  ratioBasisPoints: number;
  /** Σ eligible line amount × its line's maximum ratio, rounded down to the fen. */
  limitFen: number;
  /** min(available, limit). */
  usableFen: number;
}

/**
 * The maximum use ratio that applies (the rebate maximum use ratio page, `rebateMaxRatio`): an enabled row of the
 * brand whose dates cover the day and whose product line is the line's or blank (every line), one naming
 * the product line before one for every line, then one naming the agent's channel tier before one for
 * every tier, the latest start first. Without a row nothing is usable: the ratio is configuration, never a guess.
 */
export async function maxRatioFor(
  db: Db,
  brand: string,
  channelTier: string | null,
  day: string,
  productLine: string | null = null,
) {
  const rows = await sql<{ ratio: string }>`select data->>'MaxRatio' as ratio from record
    where resource = 'rebateMaxRatio' and data->>'Brand' = ${brand}
      and coalesce((data->>'Enabled')::boolean, false)
      and coalesce(data->>'ChannelTier', '') in ('', ${channelTier ?? ''})
      and coalesce(data->>'ProductLine', '') in ('', ${productLine ?? ''})
      and coalesce(data->>'StartDate', '') <= ${day}
      and (coalesce(data->>'EndDate', '') = '' or data->>'EndDate' >= ${day})
      and data->>'MaxRatio' ~ '^[0-9]+(\\.[0-9]+)?$'
    order by coalesce(data->>'ProductLine', '') = '' asc, coalesce(data->>'ChannelTier', '') = '' asc,
      data->>'StartDate' desc nulls last, object_id
    limit 1`.execute(db);
  const ratio = rows.rows[0]?.ratio;
  // Percent with up to two decimals, read through its text as hundredths: no float on the way.
  return ratio ? Math.min(10_000, yuanToFen(Number(ratio).toFixed(2))) : 0;
}

/**
 * usable = min(available balance, Σ eligible line amount × its line's maximum ratio) (notes §5.3 rule 1).
 * `eligible` is the order's eligible lines, or one amount of no product line.
 */
export async function usableOnOrder(
  db: Db,
  key: Extract<AccountKey, { type: 'rebate' }>,
  eligible: number | EligibleLine[],
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
  const lines = typeof eligible === 'number' ? [{ fen: eligible, productLine: null }] : eligible;
  // One ratio per product line, summed in fen × basis points and rounded down once.
  const ratios = new Map<string, number>();
  let scaled = 0n;
  for (const line of lines) {
    const lineKey = line.productLine ?? '';
    if (!ratios.has(lineKey))
      ratios.set(
        lineKey,
        await maxRatioFor(db, key.brand, options.channelTier ?? null, options.day, line.productLine),
      );
    scaled += BigInt(Math.max(0, line.fen)) * BigInt(ratios.get(lineKey)!);
  }
  const limitFen = Number(scaled / 10_000n);
  const ratioBasisPoints = Math.max(0, ...ratios.values());
  return { availableFen, ratioBasisPoints, limitFen, usableFen: Math.min(availableFen, limitFen) };
}
