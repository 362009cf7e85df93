import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldError } from '../http/validate';
import type { ResourceDef } from '../resources/registry';
import { DEFAULT_QUARTER_SHARES } from './task-split';

const MONTH_FIELDS = ['Month1Share', 'Month2Share', 'Month3Share'];
const blank = (value: unknown) => value === undefined || value === null || value === '';

/** 'Q2', '2' or 2 → 2; anything else is not a quarter. */
export const quarterOf = (value: unknown) => {
  const match = /^Q?([1-4])$/i.exec(String(value ?? '').trim());
  return match ? Number(match[1]) : undefined;
};

/** The configured split of a province's brand line for a year (季度月度分摊比例), or the default one. */
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

/**
 * The shares a target of this year, province and brand line is split by: the share table's when its
 * four quarters are there and add up to 100%, else the default 20/25/25/30 with equal months.
 */
export async function sharesFor(db: Db, key: Record<string, unknown>): Promise<Shares> {
  const rows = await rowsOf(db, key);
  const byQuarter = new Map(rows.map((r) => [quarterOf(r.quarter), r]));
  const quarters = [1, 2, 3, 4].map((q) => Number(byQuarter.get(q)?.share ?? Number.NaN));
  if (quarters.some((q) => !Number.isInteger(q)) || quarters.reduce((a, b) => a + b, 0) !== 100)
    return { quarters: DEFAULT_QUARTER_SHARES, months: [] };
  const months = [1, 2, 3, 4].map((q) => {
    const row = byQuarter.get(q);
    const parts = [row?.m1, row?.m2, row?.m3].map((m) => Number(m ?? Number.NaN));
    return parts.every(Number.isInteger) && parts.reduce((a, b) => a + b, 0) === 100 ? parts : undefined;
  });
  return { quarters, months };
}

/**
 * A share row as saved: its quarter is one of the four, whole percentages, its months add up to 100%
 * when given, and the quarters of one year, province and brand line never add up to more than 100% —
 * each refusal names the field and the difference.
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
    if (!blank(record[field]) && !Number.isInteger(Number(record[field])))
      throw fieldError(def.name, field, 'server.problems.invalid');
  if (MONTH_FIELDS.some((f) => !blank(record[f]))) {
    const sum = MONTH_FIELDS.reduce((total, f) => total + Number(record[f] ?? 0), 0);
    if (sum !== 100)
      throw fieldError(def.name, 'Month1Share', {
        key: 'salesTasks.problems.monthShareSum',
        params: { sum, difference: 100 - sum },
      });
  }
  const others = await rowsOf(trx, record, String(record.ObjectID));
  if (others.some((r) => quarterOf(r.quarter) === quarter))
    throw fieldError(def.name, 'Quarter', 'salesTasks.problems.duplicateQuarter');
  const sum = others.reduce((total, r) => total + Number(r.share ?? 0), Number(record.QuarterShare ?? 0));
  if (sum > 100)
    throw fieldError(def.name, 'QuarterShare', {
      key: 'salesTasks.problems.shareSum',
      params: { sum, difference: 100 - sum },
    });
}
