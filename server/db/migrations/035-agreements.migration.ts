import { type Kysely, sql } from 'kysely';

/**
 * The agreements an agent signs (registration, renewal, conversion): one row per signing, written in
 * the transaction of the signing with the values the template is filled with, so the document says
 * what was true when it was signed. The Word file is made from the type's enabled template right
 * after (the `agreementFiles` job, which the reference step adds), and the row then names it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agreement')
    .addColumn('object_id', 'uuid', (c) => c.primaryKey())
    .addColumn('agreement_no', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customer.object_id'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('registration', 'renewal', 'conversion')`),
    )
    .addColumn('template_type', 'text', (c) => c.notNull())
    .addColumn('template_id', 'uuid')
    .addColumn('template_file_id', 'uuid')
    .addColumn('values', 'jsonb', (c) => c.notNull())
    .addColumn('signed_by', 'uuid', (c) => c.notNull())
    .addColumn('signed_by_name', 'text')
    .addColumn('signed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('file_id', 'uuid')
    .addColumn('problem', 'text')
    .addColumn('generated_at', 'timestamptz')
    .execute();
  await sql`create index agreement_customer_idx on agreement (customer_id, signed_at desc)`.execute(db);
  await sql`create index agreement_pending_idx on agreement (signed_at) where file_id is null and problem is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from scheduled_job where code = 'agreementFiles'`.execute(db);
  await db.schema.dropTable('agreement').execute();
}
