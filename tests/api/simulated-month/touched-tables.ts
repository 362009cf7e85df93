import { sql } from 'kysely';
import type { Db } from '../../../server/db/database';

/**
 * Notes every table a command changes, in the month's world only: a row trigger on each table of the
 * schema adds the table's name to a list that `taken()` empties (and `record:<resource>` beside
 * `record`, as that one table holds many resources). A statement rolled back takes its notes with it;
 * a statement that changes no row notes nothing; a row a trigger writes (the kept summaries) is noted
 * under its own table.
 */
export async function watchTables(db: Db) {
  await sql`create unlogged table month_touched (name text primary key)`.execute(db);
  await sql`create function month_touched_note() returns trigger language plpgsql as $$
    begin
      insert into month_touched values (tg_table_name) on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`create function month_touched_record() returns trigger language plpgsql as $$
    begin
      insert into month_touched
        values ('record'), ('record:' || case when tg_op = 'DELETE' then old.resource else new.resource end)
        on conflict do nothing;
      return null;
    end $$`.execute(db);
  const tables = await sql<{ name: string }>`select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r' and c.relname <> 'month_touched'`.execute(db);
  for (const { name } of tables.rows) {
    const note = name === 'record' ? sql`month_touched_record` : sql`month_touched_note`;
    await sql`create trigger month_touched after insert or update or delete on ${sql.table(name)}
      for each row execute function ${note}()`.execute(db);
    await sql`create trigger month_touched_truncate after truncate on ${sql.table(name)}
      for each statement execute function month_touched_note()`.execute(db);
  }
  return {
    /** The tables changed since the last call (and `record:<resource>` for the record table's rows). */
    async taken(): Promise<Set<string>> {
      const { rows } = await sql<{ name: string }>`delete from month_touched returning name`.execute(db);
      return new Set(rows.map((row) => row.name));
    },
  };
}

/** The tables a business command writes. */
const BUSINESS_TABLES = new Set([
  'sales_order',
  'order_item',
  'order_change',
  'payment_receipt',
  'payment_allocation',
  'invoice_application',
  'invoice_line',
  'shipment',
  'shipment_serial',
  'loan_order',
  'loan_line',
  'loan_return',
  'loan_conversion',
  'execution_order_line',
  'special_price_line',
  'rebate_account',
  'rebate_flow',
  'opportunity_claim',
  'report_modification',
  'workflow_stream',
  'workflow_event',
]);

/**
 * Records a refused command may still write by design: the upload history keeps a refused file, with
 * its rejected rows, so the uploader can download them and correct the file.
 */
const KEPT_ON_REFUSAL = new Set(['importHistory']);

/** The business tables (and record resources) among those changed: none after a refused command. */
export function businessWrites(changed: Set<string>): string[] {
  return [...changed].filter((name) => {
    if (BUSINESS_TABLES.has(name)) return true;
    const resource = /^record:(.+)$/.exec(name)?.[1];
    return resource !== undefined && !KEPT_ON_REFUSAL.has(resource);
  });
}
