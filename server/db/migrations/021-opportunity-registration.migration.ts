import { type Kysely, sql } from 'kysely';

/**
 * Opportunity registration and protection (DOMAIN.md "Opportunities"):
 * - `opportunity_claim`: one row per end customer and product line while a registration protects it.
 *   Its primary key is the "first to register wins" rule: two registrations racing for the same
 *   customer and line cannot both insert, so exactly one is protected and the other is a conflict.
 * - `opportunity_setting`: the configurable periods (protection days, extension days, days without a
 *   progress record before a protection is at risk); the server reads them, an administrator edits them.
 * - an index on the registration status of opportunities, which the lists and the daily job filter on.
 * - the withdrawn registration status, and the daily protection job, for databases seeded before
 *   (a fresh one gets both from the seed).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('opportunity_claim')
    .addColumn('end_customer_key', 'text', (c) => c.notNull())
    .addColumn('product_line', 'text', (c) => c.notNull())
    .addColumn('opportunity_id', 'uuid', (c) => c.notNull())
    .addColumn('opportunity_no', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('opportunity_claim_pk', ['end_customer_key', 'product_line'])
    .execute();
  await sql`create index opportunity_claim_opportunity_idx on opportunity_claim (opportunity_id)`.execute(db);

  await db.schema
    .createTable('opportunity_setting')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into opportunity_setting (key, value) values
    ('protectionDays', 90), ('extensionDays', 90), ('atRiskDays', 30)`.execute(db);

  await sql`create index record_opportunity_status_idx on record ((data->>'ExtOpportunityStatus_SDK'))
    where resource = 'opportunity'`.execute(db);

  // Unicode escapes keep the Chinese label out of the code (it is data, as in the dictionary seed).
  await sql`insert into dictionary_entry (code, module, keyword, content_zh, content_en, enabled, sort)
    select 'OpportunityStatus', 'Opportunity', '221', ${'\u5df2\u64a4\u56de'}, 'Withdrawn', true, max(sort) + 1
    from dictionary_entry where code = 'OpportunityStatus' having count(*) > 0
    on conflict (code, keyword) do nothing`.execute(db);

  const seeded = await sql<{ n: number }>`select count(*)::int as n from employee`.execute(db);
  if (!seeded.rows[0]?.n) return;
  await sql`insert into scheduled_job (code, name, job_group, handler, cron_expression, enabled, params,
      timeout_seconds, remark, next_run_at)
    values ('opportunityProtection', ${'\u5546\u673a\u4fdd\u62a4\u5230\u671f\u4e0e\u9884\u8b66'},
      ${'\u5546\u673a'}, 'opportunityProtection', '30 1 * * *', true, '{}'::jsonb, 300, null, now())
    on conflict (code) do nothing`.execute(db);
}
