import { type Kysely, sql } from 'kysely';

/**
 * An RSP's line of a province target is an RSP task (TaskType 101): the approval list shows the type
 * and its export asks for RSP tasks (SPEC §6's forced taskTypeSearch), so lines written before the
 * save stamped it carry it too.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update record set data = data || '{"TaskType": "101"}'::jsonb
    where resource = 'rspTaskAllocation' and data->>'TaskType' is distinct from '101'`.execute(db);
}
