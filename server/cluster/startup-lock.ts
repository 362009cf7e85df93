import { sql } from 'kysely';
import type { OpenDatabase } from '../db/database';

// One key for the whole start-up: migrations, the first seed and the reference reconcile.
const STARTUP_LOCK = 'portal-startup';

/**
 * Runs `work` while no other server of the database runs its own start-up: several servers started
 * together migrate once and seed an empty database once (the others wait, then find it done). The
 * session lock is held on a connection of its own and ends with it, even if the server dies. PGlite is
 * one process on one folder: nothing to wait for.
 */
export async function oneStartUpAtATime<T>(database: OpenDatabase, work: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return work();
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext(${STARTUP_LOCK}))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${STARTUP_LOCK}))`.execute(connection);
    }
  });
}
