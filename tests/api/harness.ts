import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { type OpenDatabase, openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { createJobRunner } from '../../server/jobs/job-runner';
import type { CompanyRegistrySettings } from '../../server/lookups/company-registry';
import { type SeedMode, seed } from '../../server/seed/seed';
import { multipartBody } from './multipart';
import { databaseFromTemplate } from './pg-templates';
import { SNAPSHOT_DIR, snapshotFile } from './pglite-snapshots';

export interface TestApp {
  app: FastifyInstance;
  database: OpenDatabase;
  /** The PostgreSQL database the suite runs on, when it runs on a server. */
  databaseUrl?: string;
  /** POST /portal<path> with an optional token; answers status and parsed envelope. */
  post(
    path: string,
    body?: unknown,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any }>;
  /** A multipart upload to POST /portal<path> (text fields, then one file), as a page's file picker sends it. */
  upload(
    path: string,
    fields: Record<string, string>,
    file: { name: string; content: Uint8Array },
    token?: string,
  ): Promise<{ status: number; body: any }>;
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * This run's seeded PGlite database of a mode, when the suite's global setup made one: read once per
 * worker (the suites of a worker share their modules) and again only when a new run wrote it anew.
 * PGlite copies the bytes into its own file system at every open, so one copy serves them all.
 */
const snapshots = new Map<SeedMode, { written: number; bytes: Uint8Array }>();
function snapshotOf(mode: SeedMode): Uint8Array | undefined {
  const file = snapshotFile(mode);
  if (!existsSync(file)) return undefined;
  const written = statSync(file).mtimeMs;
  const kept = snapshots.get(mode);
  if (kept?.written === written) return kept.bytes;
  const bytes = readFileSync(file);
  snapshots.set(mode, { written, bytes });
  return bytes;
}

/**
 * This run's demo world where a real server or a command can open it: on the PostgreSQL server a copy
 * of the suite's template, else a PGlite folder in `dataDir` loaded from the suite's snapshot (seeded
 * anew where there is none, about a minute). Answers where it is, as a process's environment names it.
 */
export async function demoWorld(dataDir: string) {
  const serverUrl = process.env.DATABASE_URL || undefined;
  if (serverUrl) {
    const copy = await databaseFromTemplate(serverUrl, SNAPSHOT_DIR, 'demo');
    if (!copy) throw new Error("no demo template on the server: the api suite's global setup makes it");
    return { databaseUrl: copy.url, env: { DATABASE_URL: copy.url }, drop: copy.drop };
  }
  const snapshot = snapshotOf('demo');
  const database = await openDatabase({ dataDir, snapshot });
  if (!snapshot) {
    await migrateToLatest(database.db);
    await seed(database.db, 'demo');
  }
  await database.close();
  return { databaseUrl: undefined, env: { DATA_DIR: dataDir }, drop: async () => {} };
}

/**
 * Each file's database starts in a fraction of the time with a quarter of PostgreSQL's 128MB of
 * shared buffers (PGlite clears them at every start), and the demo's 40 MB of tables still fit.
 */
const TEST_SHARED_BUFFERS = '32MB';

/**
 * A fresh portal per suite: in-memory PGlite, or — when DATABASE_URL is set — a database of its own on
 * the PostgreSQL server (a copy of the run's seeded template; a schema of its own where there is no
 * template), dropped afterwards.
 */
export interface TestAppOptions {
  /**
   * A job runner as a server has, woken by "run now" on the scheduled jobs' page (and ticking on no
   * clock of its own), working in a files folder of the suite's: a job asked for runs as in production.
   */
  runsJobsAsked?: boolean;
  /** The company registry the lookup asks (QCC_URL), such as a stand-in the suite starts; none by default. */
  companyRegistry?: CompanyRegistrySettings;
}

export async function startTestApp(mode: SeedMode = 'demo', options: TestAppOptions = {}): Promise<TestApp> {
  const serverUrl = process.env.DATABASE_URL || undefined;
  const copy = serverUrl ? await databaseFromTemplate(serverUrl, SNAPSHOT_DIR, mode) : undefined;
  const databaseUrl = copy?.url ?? serverUrl;
  const schema = serverUrl && !copy ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const snapshot = serverUrl ? undefined : snapshotOf(mode);
  const database = await openDatabase({ databaseUrl, schema, snapshot, sharedBuffers: TEST_SHARED_BUFFERS });
  if (!snapshot && !copy) {
    await migrateToLatest(database.db, database.schema);
    await seed(database.db, mode);
  }
  const filesDir = options.runsJobsAsked ? mkdtempSync(join(tmpdir(), 'portal-jobs-')) : undefined;
  const runner = filesDir ? createJobRunner({ db: database.db, filesDir }) : undefined;
  /** A press's tick, and the ticks after it while runs were started (the runner takes a few at a time). */
  const runAsked = async () => {
    while (runner && (await runner.tick()) > 0) await runner.settled();
  };
  const app = await buildApp({
    db: database.db,
    companyRegistry: options.companyRegistry,
    ...(runner ? { filesDir, jobRunner: { wake: () => void runAsked() } } : {}),
  });

  const post: TestApp['post'] = async (path, body, token, headers = {}) => {
    const response = await app.inject({
      method: 'POST',
      url: `/portal${path}`,
      payload: body as object,
      headers: { ...(token ? { 'x-token': token } : {}), ...headers },
    });
    return { status: response.statusCode, body: response.json() };
  };

  return {
    app,
    database,
    databaseUrl,
    post,
    async upload(path, fields, file, token) {
      const { body, contentType } = multipartBody(fields, { ...file, content: Buffer.from(file.content) });
      const response = await app.inject({
        method: 'POST',
        url: `/portal${path}`,
        payload: body,
        headers: { 'content-type': contentType, ...(token ? { 'x-token': token } : {}) },
      });
      return { status: response.statusCode, body: response.json() };
    },
    async login(username, password) {
      const { body } = await post('/user/login', { username, password });
      if (!body.state) throw new Error(`login ${username} failed: ${body.message}`);
      return body.results.token;
    },
    async close() {
      await runner?.stop();
      await app.close();
      if (filesDir) rmSync(filesDir, { recursive: true, force: true });
      await database.close();
      await copy?.drop();
      if (databaseUrl && schema) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`drop schema "${schema}" cascade`);
        await client.end();
      }
    },
  };
}
