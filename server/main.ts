import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { startHeartbeat } from './cluster/server-heartbeat';
import { filesWarner } from './cluster/shared-files';
import { drainOnSignals } from './cluster/shutdown';
import { oneStartUpAtATime } from './cluster/startup-lock';
import { readConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { s3ConfigFromEnv } from './files/object-store';
import { createJobRunner } from './jobs/job-runner';
import { reconcileReference } from './reference/reconcile';
import { isEmpty, seed } from './seed/seed';

const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await oneStartUpAtATime(database, async () => {
  await migrateToLatest(database.db);
  if (await isEmpty(database.db)) {
    console.log(`Seeding the ${database.kind} database (${config.seed})…`);
    await seed(database.db, config.seed);
  } else {
    // The seed brings the reference data to a new database; one seeded before gets what changed since.
    await reconcileReference(database.db);
  }
});

const clientDir = existsSync(config.clientDir) ? config.clientDir : undefined;
if (!clientDir)
  console.warn(`No built client in ${config.clientDir}: run \`npm run build\`; only /portal is served.`);
const filesDir = join(config.dataDir, 'files');
// Every server runs the scheduler; the claim in the database keeps servers from running a job twice.
const jobRunner = createJobRunner({ db: database.db, filesDir });
const identity = {
  instance: jobRunner.instance,
  fileStore: s3ConfigFromEnv() ? ('s3' as const) : ('local' as const),
  objectsDir: join(filesDir, 'objects'),
};
// Says at start-up, and whenever one appears, that another live server cannot see this one's files.
const heartbeat = await startHeartbeat(database.db, identity, filesWarner(database.db, identity));
const app = await buildApp({
  db: database.db,
  clientDir,
  logger: config.logger,
  filesDir,
  jobRunner,
  server: { identity, heartbeat },
  companyRegistry: config.companyRegistry,
});
await app.listen({ port: config.port, host: config.host });
jobRunner.start();
console.log(
  `Portal ready at http://localhost:${config.port} (${database.kind}${config.databaseUrl ? '' : `, ${config.dataDir}`})`,
);

drainOnSignals({ app, jobRunner, heartbeat, database, graceSeconds: config.shutdownGraceSeconds });
