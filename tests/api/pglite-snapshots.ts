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
 * The suite's DATA_DIR: the files the seed and the tests store (the demo's signed agreements, uploads)
 * land here, never in the developer's own ./data, and the browser suite of `npm test` takes the demo's
 * files from here with its database.
 */
export const API_DATA_DIR = join(process.cwd(), 'test-results', 'api-data');

/**
 * Migrates and seeds one PGlite database per seed mode, once per run, and dumps each: a suite then
 * opens a copy in half a second instead of creating, migrating and seeding its own in five. The
 * copies are made from the code under test at the start of every run, so they are never stale.
 */
export default async function buildSnapshots() {
  mkdirSync(SNAPSHOT_DIR, { recursive: true });
  // Set before the seed runs here, and inherited by the workers the suite starts after this setup.
  process.env.DATA_DIR = API_DATA_DIR;
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
