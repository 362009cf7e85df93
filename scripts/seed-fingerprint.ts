import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { readConfig } from '../server/config';
import { openDatabase } from '../server/db/database';

/**
 * Whether a change to the seed keeps the demo world: `npx tsx scripts/seed-fingerprint.ts > a.json`
 * prints, for the database of DATA_DIR (or DATABASE_URL), each table's row count and a hash of each
 * column's values; `… --compare before.json after.json [again.json]` lists the tables whose count or
 * columns moved, with the count's change in percent. `again.json`, a second seed of the unchanged code,
 * names the columns that differ between any two seeds (times of the run, password hashes), left out.
 * Ids the seed does not draw from its generator (employees, products, pull runs …) are replaced by the
 * employee's username or the table's name, so the rows that name them compare equal too.
 */
const RANDOM_IDS = [
  'customer_address',
  'notice',
  'partner_order_error',
  'partner_original_order',
  'partner_pull_run',
  'partner_shipping_error',
  'partner_shipping_instruction',
  'product',
  'product_pull_run',
  'scheduled_job',
];
type Fingerprint = Record<string, { n: number; c: Record<string, string> }>;

async function fingerprint(): Promise<Fingerprint> {
  const config = readConfig();
  const { db, close } = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const names = new Map<string, string>();
    const employees = await sql<{ id: string; u: string }>`select object_id::text as id, username as u
      from employee`.execute(db);
    for (const r of employees.rows) names.set(r.id, `<employee ${r.u}>`);
    for (const table of RANDOM_IDS) {
      const ids = await sql<{ id: string }>`select object_id::text as id from ${sql.table(table)}`.execute(
        db,
      );
      for (const r of ids.rows) names.set(r.id, `<${table}>`);
    }
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
    const tables = await sql<{ t: string }>`select table_name as t from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(db);
    const out: Fingerprint = {};
    for (const { t } of tables.rows) {
      const rows = await sql<{ j: string }>`select row_to_json(x)::text as j from ${sql.table(t)} x`.execute(
        db,
      );
      const values: Record<string, string[]> = {};
      for (const { j } of rows.rows)
        for (const [k, v] of Object.entries(JSON.parse(j.replace(uuid, (id) => names.get(id) ?? id)))) {
          if (!values[k]) values[k] = [];
          values[k].push(JSON.stringify(v));
        }
      const hash = (v: string[]) => createHash('md5').update(v.sort().join('|')).digest('hex');
      out[t] = {
        n: rows.rows.length,
        c: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, hash(v)])),
      };
    }
    return out;
  } finally {
    await close();
  }
}

function compare(before: Fingerprint, after: Fingerprint, again?: Fingerprint) {
  let same = 0;
  for (const t of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [x, y] = [before[t], after[t]];
    const noisy = (c: string) => again && x?.c[c] !== again[t]?.c[c];
    const moved = Object.keys({ ...x?.c, ...y?.c }).filter((c) => !noisy(c) && x?.c[c] !== y?.c[c]);
    if (x && y && x.n === y.n && !moved.length) same += 1;
    else {
      const percent = x?.n && y ? (((y.n - x.n) / x.n) * 100).toFixed(1) : '-';
      console.log(
        `${t}: ${x?.n ?? 0} -> ${y?.n ?? 0} rows (${percent} %), columns moved: ${moved.join(', ')}`,
      );
    }
  }
  console.log(`${same} tables the same`);
}

const args = process.argv.slice(2);
if (args[0] === '--compare') {
  const [before, after, again] = args.slice(1).map((f) => JSON.parse(readFileSync(f, 'utf8')) as Fingerprint);
  compare(before, after, again);
} else console.log(JSON.stringify(await fingerprint()));
