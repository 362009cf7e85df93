import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { businessTimeZone } from '../../domain/business-clock';
import { listenOnPglite, listenOnPool } from '../cache/cache-listener';
import { PortalCaches, withCaches } from '../cache/portal-caches';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** postgres://… selects a PostgreSQL server; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; omitted means an in-memory database (tests). */
  dataDir?: string;
  /** Schema to work in on a server (lets test suites share one database without meeting). */
  schema?: string;
  /** A PGlite data directory dumped earlier (its archive's bytes), to start from instead of an empty database (tests). */
  snapshot?: Uint8Array;
  /**
   * PGlite's shared_buffers, when not PostgreSQL's 128MB: PGlite clears them at every start, which
   * is most of the start of a short-lived test database that the API suite opens once per file.
   */
  sharedBuffers?: string;
}

export interface OpenDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The schema the connection works in, when not the default. */
  schema?: string;
  /** This handle's caches (docs/cache.md), emptied by the database's change notifications. */
  caches: PortalCaches;
  close(): Promise<void>;
  /** The whole PGlite database as one archive, to open again with `snapshot`. */
  dump?(): Promise<Blob>;
}

/**
 * PGlite reads a data directory's archive only through arrayBuffer() (and its type, for gzip). Node's
 * Blob answers that by streaming and joining 64 KB pieces, a third of a second for the demo's 76 MB at
 * every open; handing over the bytes kept in memory takes no time (a file read whole has them alone).
 */
function archiveOf(bytes: Uint8Array) {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const buffer = whole ? bytes.buffer : bytes.slice().buffer;
  return { type: '', arrayBuffer: async () => buffer } as unknown as Blob;
}

// int8 comes back from pg as a string by default; every int8 we read is a count or an id below 2^53.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
// A day comes back as midnight UTC of that day, as PGlite reads it. pg's own parser makes it midnight of
// the server process's zone: on a host set to Asia/Shanghai that is 16:00 UTC of the day before, which
// anything writing the day from the instant (toISOString) would show as the wrong day.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => new Date(value));

export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  if (options.databaseUrl) return openServer(options.databaseUrl, options.schema);
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm serves the contains-searches; a PostgreSQL server ships it as a standard extension.
  const pglite = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.snapshot && archiveOf(options.snapshot),
    extensions: { pg_trgm },
    ...(options.sharedBuffers && {
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`],
    }),
  });
  await pglite.waitReady;
  await pglite.exec(`set time zone ${sessionTimeZoneLiteral()}`);
  const caches = new PortalCaches();
  const db = withCaches(new Kysely<Database>({ dialect: new PGliteDialect(pglite) }), caches);
  const unlisten = await listenOnPglite(pglite, caches);
  const close = async () => {
    await unlisten();
    await db.destroy();
    // Kysely closes its driver only once a query went through it; a database opened and closed
    // without one would otherwise stay open and keep its process alive.
    if (!pglite.closed) await pglite.close();
  };
  return { db, kind: 'pglite', caches, close, dump: () => pglite.dumpDataDir('none') };
}

async function openServer(connectionString: string, schema?: string): Promise<OpenDatabase> {
  if (schema) {
    const admin = new pg.Client({ connectionString });
    await admin.connect();
    await admin.query(`create schema if not exists "${schema.replaceAll('"', '')}"`);
    await admin.end();
  }
  const searchPath = schema ? ` -c search_path="${schema.replaceAll('"', '')}",public` : '';
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    options: `-c TimeZone=${businessTimeZone()}${searchPath}`,
  });
  // An idle connection the server ends (a restart, an administrator, a dropped database) errors on
  // the pool; unheard, that error would end the process. The pool drops the connection and opens a
  // new one on the next query, so a line in the log is all it needs.
  pool.on('error', (error) => console.warn(`database connection lost while idle: ${error.message}`));
  const caches = new PortalCaches(schema);
  const notifications = listenOnPool(pool, connectionString, caches);
  const current = await pool.query<{ schema: string }>('select current_schema() as schema');
  caches.schema = current.rows[0]?.schema ?? caches.schema;
  await notifications.ready;
  const dialect = new PostgresDialect({ pool, onCreateConnection: notifications.onCreateConnection });
  const db = withCaches(new Kysely<Database>({ dialect }), caches);
  const close = async () => {
    await notifications.stop();
    await db.destroy();
  };
  return { db, kind: 'postgres', schema, caches, close };
}

/**
 * Every connection reads and writes on the business clock (SPEC §9): `::date`, `current_date`,
 * `date_trunc` and `to_char` of a timestamp give the business day, and a bare date compared with a
 * timestamp means that day's business midnight — the server's default zone (UTC on most hosts) would
 * put an order placed at 00:30 in Shanghai on the day before.
 */
function sessionTimeZoneLiteral() {
  return `'${businessTimeZone().replaceAll("'", '')}'`;
}

/** Runs `work` in a transaction: the caller's, when it already holds one, else a new one. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
