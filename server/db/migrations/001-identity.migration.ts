import { type Kysely, sql } from 'kysely';

/** Roles, their menus, employees, session tokens and login throttling. */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('role')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('data_scope', 'text', (c) => c.notNull().defaultTo('company'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('role_menu')
    .addColumn('role_code', 'text', (c) => c.notNull().references('role.code').onDelete('cascade'))
    .addColumn('menu_id', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_menu_pk', ['role_code', 'menu_id'])
    .execute();

  await db.schema
    .createTable('employee')
    .addColumn('object_id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_time', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('role_code', 'text', (c) => c.notNull().references('role.code'))
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('province_code', 'text')
    .addColumn('company_id', 'uuid')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index employee_username_uq on employee (lower(username))`.execute(db);
  await db.schema.createIndex('employee_role_idx').on('employee').column('role_code').execute();

  await db.schema
    .createTable('session_token')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('employee_id', 'uuid', (c) => c.notNull().references('employee.object_id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('session_token_employee_idx')
    .on('session_token')
    .column('employee_id')
    .execute();

  await db.schema
    .createTable('login_failure')
    .addColumn('throttle_key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();
}
