import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldError, fieldMissing } from '../http/validate';
import type { ResourceDef } from '../resources/registry';
import { sharesFor } from './share-table';
import { fenOf, splitByBasisPoints, splitEvenly, yuanOf } from './task-split';

const QUARTERS = ['Q1Task', 'Q2Task', 'Q3Task', 'Q4Task'];
const MONTHS = Array.from({ length: 12 }, (_, i) => `Month${String(i + 1).padStart(2, '0')}Task`);

const blank = (value: unknown) => value === undefined || value === null || value === '';
const sum = (parts: bigint[]) => parts.reduce((total, part) => total + part, 0n);

/** Refuses parts that do not add up to their whole, naming both figures and the difference. */
function refuseUnequal(def: ResourceDef, field: string, whole: bigint, parts: bigint[]) {
  const total = sum(parts);
  if (total === whole) return;
  throw fieldError(def.name, field, {
    key: 'salesTasks.problems.splitSum',
    params: { sum: yuanOf(total), whole: yuanOf(whole), difference: yuanOf(whole - total) },
  });
}

/**
 * Whether a write changed a whole but none of its parts: the parts stored before no longer describe it,
 * so they are split again (an annual target edited in its row brings its quarters along).
 */
function wholeChangedAlone(changed: ReadonlySet<string> | undefined, whole: string[], parts: string[]) {
  return !!changed && whole.some((f) => changed.has(f)) && !parts.some((f) => changed.has(f));
}

/**
 * After a province target, a sales task or an RSP allocation is saved: a split left blank is computed by the server
 * (the share table's shares, else 20/25/25/30 with equal months), a split entered by hand must add up exactly — quarters to
 * the annual target, each quarter's months to the quarter — or the save is refused. `changed` names the fields the
 * write sent; a whole sent without its parts is split again.
 */
export async function afterTaskSplitWrite(
  trx: Db,
  def: ResourceDef,
  _caller: Caller,
  record: Record<string, unknown>,
  changed?: ReadonlySet<string>,
) {
  // A province target or task splits its annual target; an RSP's allocation its share of one.
  const wholeField = def.fields.has('AnnualTask') ? 'AnnualTask' : 'LoadBearingAmount';
  if (blank(record[wholeField])) return;
  const annual = fenOf(String(record[wholeField]));
  const computed: Record<string, string> = {};
  let quarters: bigint[];
  // The share table (quarter and month shares) of the year, province and brand line drives the split.
  const shares = await sharesFor(trx, record);
  const splitQuarters = wholeChangedAlone(changed, [wholeField], QUARTERS);
  const splitMonths = splitQuarters || wholeChangedAlone(changed, QUARTERS, MONTHS);
  if (splitQuarters || QUARTERS.every((f) => blank(record[f]))) {
    quarters = splitByBasisPoints(annual, shares.quarters);
    QUARTERS.forEach((f, i) => {
      computed[f] = yuanOf(quarters[i]);
    });
  } else {
    const missing = QUARTERS.find((f) => blank(record[f]));
    if (missing) throw fieldMissing(def.name, missing);
    quarters = QUARTERS.map((f) => fenOf(String(record[f])));
    refuseUnequal(def, wholeField, annual, quarters);
  }
  if (def.fields.has(MONTHS[0])) {
    if (splitMonths || MONTHS.every((f) => blank(record[f]))) {
      quarters
        .flatMap((q, i) => (shares.months[i] ? splitByBasisPoints(q, shares.months[i]) : splitEvenly(q, 3)))
        .forEach((month, i) => {
          computed[MONTHS[i]] = yuanOf(month);
        });
    } else {
      const missing = MONTHS.find((f) => blank(record[f]));
      if (missing) throw fieldMissing(def.name, missing);
      for (const [q, quarter] of quarters.entries()) {
        const months = MONTHS.slice(q * 3, q * 3 + 3).map((f) => fenOf(String(record[f])));
        refuseUnequal(def, QUARTERS[q], quarter, months);
      }
    }
  }
  if (!Object.keys(computed).length) return;
  await sql`update ${sql.table(def.storage.table)} set data = data || ${JSON.stringify(computed)}::jsonb
    where object_id = ${String(record.ObjectID)}`.execute(trx);
  Object.assign(record, computed);
}
