import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
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
}

export interface OpenDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The schema the connection works in, when not the default. */
  schema?: string;
  close(): Promise<void>;
}

// int8 comes back from pg as a string by default; every int8 we read is a count or an id below 2^53.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  if (options.databaseUrl) return openServer(options.databaseUrl, options.schema);
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm serves the contains-searches; a PostgreSQL server ships it as a standard extension.
  const pglite = new PGlite({ dataDir: options.dataDir, extensions: { pg_trgm } });
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

async function openServer(connectionString: string, schema?: string): Promise<OpenDatabase> {
  if (schema) {
    const admin = new pg.Client({ connectionString });
    await admin.connect();
    await admin.query(`create schema if not exists "${schema.replaceAll('"', '')}"`);
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    ...(schema ? { options: `-c search_path="${schema.replaceAll('"', '')}",public` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', schema, close: () => db.destroy() };
}

/** Runs `work` in a transaction: the caller's, when it already holds one, else a new one. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
