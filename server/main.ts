import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { readConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createJobRunner } from './jobs/job-runner';
import { reconcileReference } from './reference/reconcile';
import { isEmpty, seed } from './seed/seed';

const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(database.db);
if (await isEmpty(database.db)) {
  console.log(`Seeding the ${database.kind} database (${config.seed})…`);
  await seed(database.db, config.seed);
} else {
  // The seed brings the reference data to a new database; one seeded before gets what changed since.
  await reconcileReference(database.db);
}

const clientDir = existsSync(config.clientDir) ? config.clientDir : undefined;
if (!clientDir)
  console.warn(`No built client in ${config.clientDir}: run \`npm run build\`; only /portal is served.`);
// Every server runs the scheduler; the claim in the database keeps servers from running a job twice.
const jobRunner = createJobRunner({ db: database.db, filesDir: join(config.dataDir, 'files') });
const app = await buildApp({ db: database.db, clientDir, logger: config.logger, jobRunner });
await app.listen({ port: config.port, host: config.host });
jobRunner.start();
console.log(
  `Portal ready at http://localhost:${config.port} (${database.kind}${config.databaseUrl ? '' : `, ${config.dataDir}`})`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await jobRunner.stop();
    await app.close();
    await database.close();
    process.exit(0);
  });
}
