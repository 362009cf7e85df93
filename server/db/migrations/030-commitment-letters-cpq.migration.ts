import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

/** The base columns every record of the resource engine has (migration 003), so lists and scope work alike. */
function baseColumns(table: CreateTableBuilder<string, string>) {
  return table
    .addColumn('object_id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid')
    .addColumn('created_by_name', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by_name', 'text')
    .addColumn('company_id', 'uuid')
    .addColumn('province_code', 'text')
    .addColumn('city_code', 'text')
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`));
}

/** The states of a letter (dictionary CommitmentLetterStatus); Unicode escapes keep the labels out of the code. */
const LETTER_STATUS: [string, string, string][] = [
  ['111', '\u5f85\u4e1a\u52a1\u5ba1\u6279', 'Awaiting business approval'],
  ['121', '\u89c4\u8303\u6027\u5ba1\u6838', 'Compliance review'],
  ['131', '\u670d\u52a1/\u6cd5\u52a1\u4f1a\u7b7e', 'Legal/service co-sign'],
  ['141', 'OA\u5ba1\u6279\u4e2d', 'In OA approval'],
  ['151', '\u5f85\u76d6\u7ae0', 'To stamp'],
  ['161', '\u5df2\u76d6\u7ae0', 'Stamped'],
  ['171', '\u5df2\u5b8c\u6210', 'Done'],
  ['181', '\u5df2\u9000\u56de', 'Returned'],
  ['191', '\u5df2\u9a73\u56de', 'Rejected'],
  ['201', '\u5df2\u64a4\u56de', 'Withdrawn'],
  ['211', '\u5df2\u64a4\u9500', 'Revoked'],
];

/**
 * Commitment letters (DOMAIN.md §3) and the configured-product catalogue (CPQ, notes §2.3):
 * - `commitment_letter`: one row per letter, scoped like the opportunity it is issued for. The
 *   partial unique index is the "one active letter per tender number and brand" rule: two requests
 *   racing for the same tender and brand cannot both insert; a letter stops being active when it is
 *   rejected, withdrawn or revoked, which frees the tender for a re-issue.
 * - `cpq_product_class`: the platform → brand → type → model tree the configurator walks.
 * - `cpq_configuration`: a configuration (super BOM) of a model, priced as a whole.
 * - `cpq_component` and `cpq_bom_line`: the parts a configuration is built of (its sub-BOM lines).
 * The demo letters that the generic filler kept in the shared table are dropped: letters now live in
 * their own table and enter through their commands.
 */
export async function up(db: Kysely<unknown>) {
  await baseColumns(
    db.schema
      .createTable('commitment_letter')
      .addColumn('commitment_letter_no', 'text', (c) => c.notNull())
      .addColumn('opportunity_id', 'uuid', (c) => c.notNull())
      .addColumn('opportunity_no', 'text', (c) => c.notNull())
      .addColumn('opportunity_name', 'text')
      .addColumn('letter_type', 'text', (c) => c.notNull())
      .addColumn('tender_no', 'text', (c) => c.notNull())
      .addColumn('brand', 'text', (c) => c.notNull())
      .addColumn('estimated_bid_opening_date', 'date')
      .addColumn('status', 'text')
      .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('reissue_of', 'uuid'),
  ).execute();
  await sql`create unique index commitment_letter_no_uq on commitment_letter (commitment_letter_no)`.execute(
    db,
  );
  await sql`create unique index commitment_letter_active_uq on commitment_letter (tender_no, brand)
    where active`.execute(db);
  await sql`create index commitment_letter_created_idx on commitment_letter (created_at desc, object_id desc)`.execute(
    db,
  );
  await sql`create index commitment_letter_opportunity_idx on commitment_letter (opportunity_id)`.execute(db);
  await sql`create index commitment_letter_company_idx on commitment_letter (company_id)`.execute(db);

  await db.schema
    .createTable('cpq_product_class')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('parent_code', 'text', (c) => c.references('cpq_product_class.code'))
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create index cpq_product_class_parent_idx on cpq_product_class (parent_code)`.execute(db);

  await db.schema
    .createTable('cpq_configuration')
    .addColumn('config_code', 'text', (c) => c.primaryKey())
    .addColumn('model_code', 'text', (c) => c.notNull().references('cpq_product_class.code'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('cpu', 'text')
    .addColumn('list_price_fen', 'bigint', (c) => c.notNull())
    .addColumn('standard_price_fen', 'bigint', (c) => c.notNull())
    .addCheckConstraint(
      'cpq_configuration_prices',
      sql`standard_price_fen > 0 and standard_price_fen <= list_price_fen`,
    )
    .execute();
  await sql`create index cpq_configuration_model_idx on cpq_configuration (model_code)`.execute(db);

  await db.schema
    .createTable('cpq_component')
    .addColumn('pn', 'text', (c) => c.primaryKey())
    .addColumn('component_type', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('cpu', 'text')
    .addColumn('cpu_short', 'text')
    .addColumn('list_price_fen', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cpq_bom_line')
    .addColumn('config_code', 'text', (c) => c.notNull().references('cpq_configuration.config_code'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('pn', 'text', (c) => c.notNull().references('cpq_component.pn'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('cpq_bom_line_pk', ['config_code', 'line_no'])
    .addCheckConstraint('cpq_bom_line_quantity', sql`quantity > 0`)
    .execute();

  await sql`delete from record where resource = 'commitmentLetter'`.execute(db);

  // A database seeded before gets the dictionary the seed gives a fresh one.
  for (const [keyword, zh, en] of LETTER_STATUS)
    await sql`insert into dictionary_entry (code, module, keyword, content_zh, content_en, enabled, sort)
      select 'CommitmentLetterStatus', 'Opportunity', ${keyword}, ${zh}, ${en}, true, ${Number(keyword)}
      from dictionary_entry where code = 'CommitmentLetterType' having count(*) > 0
      on conflict (code, keyword) do nothing`.execute(db);
}
