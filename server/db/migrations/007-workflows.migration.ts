import { type Kysely, sql } from 'kysely';

/**
 * Event-sourced workflows (ARCHITECTURE.md §5): every approval or lifecycle is an append-only stream
 * of events, never updated or deleted; `workflow_stream` is the projection of each stream's current
 * state for fast lists, rebuildable from the events.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('workflow_event')
    .addColumn('stream_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('workflow_event_pk', ['stream_id', 'seq'])
    .execute();

  await db.schema
    .createTable('workflow_stream')
    .addColumn('stream_id', 'text', (c) => c.primaryKey())
    .addColumn('workflow', 'text', (c) => c.notNull())
    .addColumn('subject_resource', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'uuid', (c) => c.notNull())
    .addColumn('state', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('pending_role', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index workflow_stream_subject_idx on workflow_stream (subject_resource, subject_id)`.execute(
    db,
  );
  await sql`create index workflow_stream_pending_idx on workflow_stream (workflow, pending_role)`.execute(db);
}
