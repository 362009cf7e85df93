import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { JobHandler } from './job-handlers';

/** Whether the database has an autovacuum at work (a server with it on; never an embedded one). */
export async function autovacuumRuns(db: Db) {
  const found = await sql<{ running: boolean }>`select exists (select 1 from pg_stat_activity
    where backend_type = 'autovacuum launcher') as running`.execute(db);
  return found.rows[0]?.running ?? false;
}

/**
 * The planner's statistics of the portal's tables, every night, where no autovacuum gathers them. An
 * embedded database (PGlite) has none: without this job its statistics would be those of the last bulk
 * load, or none at all, and the planner would go on choosing plans and estimating list totals
 * (docs/decisions.md "Counting") for tables a hundred times smaller than they have grown. A PostgreSQL
 * server's autovacuum gathers them as tables change, and the job leaves that to it.
 *
 * `analyze` reads a sample of each table (30,000 rows at most), so it takes seconds at a million orders;
 * a `vacuum`, which reads every changed page, would hold an embedded database's only connection for
 * minutes.
 */
export const databaseStatistics: JobHandler = {
  descriptionKey: 'server.jobs.handlers.databaseStatistics',
  schedule: { code: 'databaseStatistics', cron: '0 3 * * *', timeoutSeconds: 600 },
  async run(db) {
    if (await autovacuumRuns(db))
      return { key: 'server.jobs.messages.databaseStatisticsByServer', params: {} };
    const tables = await sql<{ name: string }>`select c.relname as name from pg_class c
      where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
      order by c.relname`.execute(db);
    for (const { name } of tables.rows) await sql`analyze ${sql.table(name)}`.execute(db);
    return { key: 'server.jobs.messages.databaseStatistics', params: { tables: tables.rows.length } };
  },
};
