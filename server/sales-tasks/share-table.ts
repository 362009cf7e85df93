import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldError } from '../http/validate';
import type { ResourceDef } from '../resources/registry';
import { DEFAULT_QUARTER_SHARES, PERCENT_BP } from './task-split';

const MONTH_FIELDS = ['Month1Share', 'Month2Share', 'Month3Share'];
const blank = (value: unknown) => value === undefined || value === null || value === '';

/** 'Q2', '2' or 2 → 2; anything else is not a quarter. */
export const quarterOf = (value: unknown) => {
  const match = /^Q?([1-4])$/i.exec(String(value ?? '').trim());
  return match ? Number(match[1]) : undefined;
};

/**
 * A share as stored (a percent of at most two decimals, number or text) in hundredths of a percent,
 * read through its text so 33.33 is exactly 3333; undefined when it is not one.
 */
export function basisPointsOf(value: unknown): number | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(String(value).trim());
  if (!match) return undefined;
  const bp = Number(match[1]) * PERCENT_BP + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= 100 * PERCENT_BP ? bp : undefined;
}

/** Hundredths of a percent as the percent a person reads: 10500 → '105', 3333 → '33.33', -1 → '-0.01'. */
export function percentText(bp: number) {
  const sign = bp < 0 ? '-' : '';
  const abs = Math.abs(bp);
  const fraction = String(abs % PERCENT_BP)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${sign}${Math.floor(abs / PERCENT_BP)}${fraction ? `.${fraction}` : ''}`;
}

/**
 * The configured split of a province's brand line for a year (the share table), or the default one, in
 * hundredths of a percent (they add up to 10,000).
 */
export interface Shares {
  quarters: readonly number[];
  /** Per quarter, its three months' shares; none: equal months. */
  months: (readonly number[] | undefined)[];
}

type ShareRow = {
  quarter: string;
  share: string | null;
  m1: string | null;
  m2: string | null;
  m3: string | null;
};

async function rowsOf(db: Db, key: Record<string, unknown>, exceptId?: string) {
  const rows = await sql<ShareRow & { id: string }>`select object_id::text as id, data->>'Quarter' as quarter,
      data->>'QuarterShare' as share, data->>'Month1Share' as m1, data->>'Month2Share' as m2, data->>'Month3Share' as m3
    from record where resource = 'quarterMonthShare' and data->>'Year' = ${String(key.Year ?? '')}
      and data->>'ProvinceName' = ${String(key.ProvinceName ?? '')}
      and coalesce(data->>'Brand', '') = ${String(key.Brand ?? '')}
      and object_id::text <> ${exceptId ?? ''}`.execute(db);
  return rows.rows;
}

const WHOLE_BP = 100 * PERCENT_BP;
/** Shares that are all there and add up to exactly 100%, in hundredths of a percent; else undefined. */
function complete(values: unknown[]) {
  const parts = values.map(basisPointsOf);
  if (parts.some((p) => p === undefined)) return undefined;
  return (parts as number[]).reduce((a, b) => a + b, 0) === WHOLE_BP ? (parts as number[]) : undefined;
}

/**
 * The shares a target of this year, province and brand line is split by: the share table's when its
 * four quarters are there and add up to 100%, else the default 20/25/25/30 with equal months.
 */
export async function sharesFor(db: Db, key: Record<string, unknown>): Promise<Shares> {
  const rows = await rowsOf(db, key);
  const byQuarter = new Map(rows.map((r) => [quarterOf(r.quarter), r]));
  const quarters = complete([1, 2, 3, 4].map((q) => byQuarter.get(q)?.share));
  if (!quarters) return { quarters: DEFAULT_QUARTER_SHARES.map((q) => q * PERCENT_BP), months: [] };
  const months = [1, 2, 3, 4].map((q) => {
    const row = byQuarter.get(q);
    return complete([row?.m1, row?.m2, row?.m3]);
  });
  return { quarters, months };
}

/**
 * A share row as saved: its quarter is one of the four, percentages of at most two decimals (33.33),
 * its months add up to exactly 100% when given, and the quarters of one year, province and brand line
 * never add up to more than 100% — each refusal names the field and the difference. Sums are kept in
 * hundredths of a percent, so 33.33 + 33.33 + 33.34 is exactly 100.
 */
export async function afterShareWrite(
  trx: Db,
  def: ResourceDef,
  _caller: Caller,
  record: Record<string, unknown>,
) {
  const quarter = quarterOf(record.Quarter);
  if (!quarter)
    throw fieldError(def.name, 'Quarter', {
      key: 'server.problems.value',
      params: { values: 'Q1/Q2/Q3/Q4' },
    });
  for (const field of ['QuarterShare', ...MONTH_FIELDS])
    if (!blank(record[field]) && basisPointsOf(record[field]) === undefined)
      throw fieldError(def.name, field, 'salesTasks.problems.shareDecimals');
  const bp = (value: unknown) => (blank(value) ? 0 : (basisPointsOf(value) ?? 0));
  if (MONTH_FIELDS.some((f) => !blank(record[f]))) {
    const sum = MONTH_FIELDS.reduce((total, f) => total + bp(record[f]), 0);
    if (sum !== WHOLE_BP)
      throw fieldError(def.name, 'Month1Share', {
        key: 'salesTasks.problems.monthShareSum',
        params: { sum: percentText(sum), difference: percentText(WHOLE_BP - sum) },
      });
  }
  const others = await rowsOf(trx, record, String(record.ObjectID));
  if (others.some((r) => quarterOf(r.quarter) === quarter))
    throw fieldError(def.name, 'Quarter', 'salesTasks.problems.duplicateQuarter');
  const sum = others.reduce((total, r) => total + bp(r.share), bp(record.QuarterShare));
  if (sum > WHOLE_BP)
    throw fieldError(def.name, 'QuarterShare', {
      key: 'salesTasks.problems.shareSum',
      params: { sum: percentText(sum), difference: percentText(WHOLE_BP - sum) },
    });
}
