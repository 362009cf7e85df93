import { type Kysely, sql } from 'kysely';
import { agreements } from '../../../locales/zh/agreements';

/**
 * The agreements an agent signs (registration, renewal, conversion): one row per signing, written in
 * the transaction of the signing with the values the template is filled with, so the document says
 * what was true when it was signed. The Word file is made from the type's enabled template right
 * after (the `agreementFiles` job), and the row then names it.
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
  const seeded = await sql<{ n: number }>`select count(*)::int as n from scheduled_job`.execute(db);
  if (seeded.rows[0]?.n)
    await sql`insert into scheduled_job (code, name, job_group, handler, cron_expression, enabled, params,
        timeout_seconds, remark, next_run_at)
      values ('agreementFiles', ${agreements.job.title.name}, ${agreements.job.title.group}, 'agreementFiles',
        '* * * * *', true, '{}'::jsonb, 300, ${agreements.job.handler}, now())
      on conflict (code) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from scheduled_job where code = 'agreementFiles'`.execute(db);
  await db.schema.dropTable('agreement').execute();
}
