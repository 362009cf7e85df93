import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { type SeedMode, seed } from '../../server/seed/seed';
import { buildTemplates } from './pg-templates';

/** Where the API suite keeps this run's migrated and seeded PGlite databases. */
export const SNAPSHOT_DIR = join(process.cwd(), 'test-results', 'pglite-snapshots');
export const snapshotFile = (mode: SeedMode) => join(SNAPSHOT_DIR, `${mode}.tar`);

/**
 * Migrates and seeds one PGlite database per seed mode, once per run, and dumps each: a suite then
 * opens a copy in half a second instead of creating, migrating and seeding its own in five. The
 * copies are made from the code under test at the start of every run, so they are never stale.
 */
export default async function buildSnapshots() {
  mkdirSync(SNAPSHOT_DIR, { recursive: true });
  if (process.env.DATABASE_URL) return buildTemplates(process.env.DATABASE_URL, SNAPSHOT_DIR);
  for (const mode of ['demo', 'none'] as const) {
    const database = await openDatabase({});
    await migrateToLatest(database.db, database.schema);
    await seed(database.db, mode);
    const archive = await database.dump!();
    // Written aside and renamed, so a run that starts meanwhile reads a whole snapshot, never half of one.
    const aside = `${snapshotFile(mode)}.${process.pid}`;
    writeFileSync(aside, Buffer.from(await archive.arrayBuffer()));
    renameSync(aside, snapshotFile(mode));
    await database.close();
  }
}
