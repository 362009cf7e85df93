import { sql } from 'kysely';
import { areaInvariants } from '../../../server/areas/areas';
import type { Db } from '../../../server/db/database';

/** Words by which a query reads the clock: its answer may change with no table changing. */
const CLOCK = new Set([
  'now',
  'current_date',
  'current_time',
  'current_timestamp',
  'localtime',
  'localtimestamp',
  'clock_timestamp',
  'statement_timestamp',
  'transaction_timestamp',
]);

/** What an invariant's answer depends on: the tables it reads, or the clock (then it is always checked). */
export interface Reads {
  tables: Set<string>;
  clock: boolean;
}

/**
 * The tables each invariant reads, by its key: the names its query mentions, followed through the
 * views and functions of the schema it names to the tables underneath. A name in a comment or alias
 * that happens to be a table's only adds a table, so the list may be longer than needed, never shorter.
 */
export async function invariantReads(db: Db): Promise<Map<string, Reads>> {
  const { rows } = await sql<{ name: string; body: string | null }>`
    select c.relname as name, case when c.relkind = 'v' then pg_get_viewdef(c.oid) end as body
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v')
    union all
    select p.proname, p.prosrc from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = current_schema()`.execute(db);
  // A table has no body; a view or a function reads what its body names (overloads share one name).
  const bodies = new Map<string, string[]>();
  for (const { name, body } of rows) bodies.set(name, [...(bodies.get(name) ?? []), ...(body ? [body] : [])]);
  const tables = new Set(rows.filter((row) => row.body === null).map((row) => row.name));

  const readsOf = (text: string): Reads => {
    const reads: Reads = { tables: new Set(), clock: false };
    const seen = new Set<string>();
    const follow = (source: string) => {
      for (const [word] of source.toLowerCase().matchAll(/[a-z_][a-z0-9_]*/g)) {
        if (CLOCK.has(word)) reads.clock = true;
        if (seen.has(word) || !bodies.has(word)) continue;
        seen.add(word);
        if (tables.has(word)) reads.tables.add(word);
        for (const body of bodies.get(word) ?? []) follow(body);
      }
    };
    follow(text);
    return reads;
  };
  return new Map(
    areaInvariants().map((invariant) => [invariant.key, readsOf(invariant.query.compile(db).sql)]),
  );
}
