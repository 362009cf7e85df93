import { addScale, scaleArgument } from '../../bench/scale/scale-cli';
import { readConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { reconcileReference } from '../reference/reconcile';
import { isEmpty, seed } from './seed';

/**
 * `npm run seed` migrates the database of DATA_DIR (default ./data) or DATABASE_URL and seeds it when
 * empty, or brings its reference data up to date when not; `npm run seed -- --scale 1000000` then
 * adds that many benchmark orders (ARCHITECTURE.md §4).
 */
const scale = scaleArgument(process.argv.slice(2));
const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
try {
  const started = performance.now();
  await migrateToLatest(database.db);
  if (await isEmpty(database.db)) {
    // Benchmark orders need the demo's agents and products, whatever SEED says.
    const mode = scale ? 'demo' : config.seed;
    console.log(`Seeding ${where} (${mode})…`);
    await seed(database.db, mode);
    console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } else {
    // A database seeded before gets the reference data that changed since (a new one gets it from the seed).
    await reconcileReference(database.db);
    if (!scale) console.log(`${where} is already seeded; its reference data is up to date.`);
  }
  if (scale) await addScale(database.db, scale, where);
} finally {
  await database.close();
}
