import { type Kysely, sql } from 'kysely';
import registry from './006-company-lookup.data.json';

/**
 * The company lookup (SPEC §4, §7): the registry the server holds in place of 企查查, loaded with its
 * invented companies here because it is reference data every install has (SEED=none too), and the
 * record of every company chosen from it or typed by hand (who, when). The companies are kept beside
 * this migration as they were generated, so every install gets the same rows whatever the generator
 * (server/lookups/registry-companies.ts) becomes.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('company_registry')
    .addColumn('key_no', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('credit_code', 'text', (c) => c.notNull())
    .addColumn('oper_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('reg_no', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('province_code', 'text')
    .execute();
  await sql`create unique index company_registry_credit_code_uq on company_registry (credit_code)`.execute(
    db,
  );
  await sql`create index company_registry_name_idx on company_registry (name)`.execute(db);

  await sql`insert into company_registry (key_no, name, credit_code, oper_name, status, start_date, reg_no, address, province_code)
    select key_no, name, credit_code, oper_name, status, start_date, reg_no, address, province_code
    from jsonb_to_recordset(${JSON.stringify(registry)}::jsonb)
      as x(key_no text, name text, credit_code text, oper_name text, status text, start_date date, reg_no text, address text, province_code text)`.execute(
    db,
  );

  await db.schema
    .createTable('company_info')
    .addColumn('object_id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('credit_code', 'text')
    .addColumn('representative', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('registry_key_no', 'text')
    .addColumn('chosen_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .execute();
  await sql`create index company_info_name_idx on company_info (company_name, created_at desc)`.execute(db);
}
