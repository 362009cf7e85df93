import { type Kysely, sql } from 'kysely';

/**
 * Attachments (SPEC §3, §7 Files): one row per stored object. The bytes live in the object store
 * (bucket + key); the row says whose file it is (owner type and id), who uploaded it and the uploader's
 * data scope, so reading a file follows the same scope rules as reading records. Deleting is soft.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('file_object')
    .addColumn('object_id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('bucket', 'text', (c) => c.notNull().defaultTo('prod'))
    .addColumn('object_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('owner_type', 'integer', (c) => c.notNull())
    .addColumn('owner_id', 'text')
    .addColumn('document_type', 'integer')
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('created_by_name', 'text')
    .addColumn('company_id', 'uuid')
    .addColumn('province_code', 'text')
    .addColumn('city_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create unique index file_object_key_uq on file_object (bucket, object_key)`.execute(db);
  // The owner's live files: the list of a record's attachments, the count limit and the duplicate check.
  await sql`create index file_object_owner_idx on file_object (owner_type, owner_id, created_at) where deleted_at is null`.execute(
    db,
  );
  await sql`create index file_object_creator_idx on file_object (created_by, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('file_object').execute();
}
