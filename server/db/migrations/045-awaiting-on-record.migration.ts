import { type Kysely, sql } from 'kysely';

/** The record tables that keep who their one workflow stream waits for, with the resource it is about. */
const TABLES = [
  { table: 'sales_order', resource: 'order', include: 'awaiting_role, awaiting_person, order_channel' },
  { table: 'payment_receipt', resource: 'payment', include: 'awaiting_role, awaiting_person' },
];

/**
 * Who an order's approval and a receipt's confirmation wait for, on the record's own row (kept by the
 * workflow projection): the to-do lens then reads a small partial index in creation order instead of
 * checking each waiting stream against its record (`npm run bench`: about 9,500 orders and thousands
 * of receipts awaiting finance at 1,000,000 orders). The index holds only records that wait, newest
 * first, with what the lens (and the order lists' channel) compare.
 */
export async function up(db: Kysely<unknown>) {
  for (const { table, resource, include } of TABLES) {
    const t = sql.table(table);
    await sql`alter table ${t} add column awaiting_role text, add column awaiting_person text`.execute(db);
    await sql`update ${t} r set awaiting_role = s.pending_role, awaiting_person = s.pending_person
      from workflow_stream s
      where s.subject_resource = ${resource} and s.subject_id = r.object_id
        and s.pending_role is not null`.execute(db);
    await sql`create index ${sql.id(`${table}_awaiting_idx`)} on ${t} (created_at desc, object_id desc)
      include (${sql.raw(include)}) where awaiting_role is not null`.execute(db);
  }
}

export async function down(db: Kysely<unknown>) {
  for (const { table } of TABLES) {
    await sql`drop index ${sql.id(`${table}_awaiting_idx`)}`.execute(db);
    await sql`alter table ${sql.table(table)} drop column awaiting_role, drop column awaiting_person`.execute(
      db,
    );
  }
}
