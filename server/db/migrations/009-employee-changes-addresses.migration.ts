import { type Kysely, sql } from 'kysely';

/**
 * The change history of employee accounts (docs/employees-and-addresses.md): every confirmed edit and
 * every undo is a row with the fields before and after, so an administrator can see and undo a
 * mis-assigned role. And the delivery and invoice addresses of agent customers.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('employee_change')
    .addColumn('object_id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('employee_id', 'uuid', (c) => c.notNull().references('employee.object_id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('before', 'jsonb', (c) => c.notNull())
    .addColumn('after', 'jsonb', (c) => c.notNull())
    .addColumn('version_before', 'integer', (c) => c.notNull())
    .addColumn('version_after', 'integer', (c) => c.notNull())
    .addColumn('reverts_id', 'uuid')
    .addColumn('changed_by', 'uuid')
    .addColumn('changed_by_name', 'text')
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index employee_change_employee_idx on employee_change (employee_id, version_after desc)`.execute(
    db,
  );

  // Scope columns (company, province, city) are the customer's, so an address is seen by whoever sees
  // its customer; the address's own region lives in the region_* columns.
  await db.schema
    .createTable('customer_address')
    .addColumn('object_id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customer.object_id').onDelete('cascade'))
    .addColumn('address_type', 'text', (c) => c.notNull())
    .addColumn('receiver_name', 'text', (c) => c.notNull())
    .addColumn('receiver_phone', 'text', (c) => c.notNull())
    .addColumn('region_province', 'text', (c) => c.notNull())
    .addColumn('region_city', 'text')
    .addColumn('region_district', 'text')
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('postcode', 'text')
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('company_id', 'uuid')
    .addColumn('province_code', 'text')
    .addColumn('city_code', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid')
    .addColumn('created_by_name', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by_name', 'text')
    .execute();
  await sql`create index customer_address_customer_idx on customer_address (customer_id, created_at desc, object_id desc)`.execute(
    db,
  );
  await sql`create index customer_address_company_idx on customer_address (company_id)`.execute(db);
  // The database itself keeps "one default per customer and type", whatever the code does.
  await sql`create unique index customer_address_default_uq on customer_address (customer_id, address_type) where is_default`.execute(
    db,
  );
}
