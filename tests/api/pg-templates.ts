import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { type SeedMode, seed } from '../../server/seed/seed';

/**
 * On a PostgreSQL server the API suite seeds one template database per seed mode, once per run; each
 * suite then gets a database of its own as a copy of it (CREATE DATABASE … TEMPLATE), in a fraction
 * of the seconds that migrating and seeding its own would take. The names are in a file of the run.
 */
const templatesFile = (dir: string) => join(dir, 'pg-templates.json');

/** The server's URL with another database name. */
export function urlOfDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Builds the templates of this run; answers the teardown that drops them. */
export async function buildTemplates(serverUrl: string, dir: string): Promise<() => Promise<void>> {
  const names: Partial<Record<SeedMode, string>> = {};
  for (const mode of ['demo', 'none'] as const) {
    const name = `portal_tpl_${mode}_${process.pid}`;
    await onServer(serverUrl, async (client) => {
      await client.query(`drop database if exists "${name}"`);
      await client.query(`create database "${name}"`);
    });
    const database = await openDatabase({ databaseUrl: urlOfDatabase(serverUrl, name) });
    await migrateToLatest(database.db);
    await seed(database.db, mode);
    await database.close();
    names[mode] = name;
  }
  writeFileSync(templatesFile(dir), JSON.stringify(names));
  return () =>
    onServer(serverUrl, async (client) => {
      for (const name of Object.values(names))
        await client.query(`drop database if exists "${name}" with (force)`);
    });
}

/** A new database copied from this run's template of the mode, or undefined when there is none. */
export async function databaseFromTemplate(serverUrl: string, dir: string, mode: SeedMode) {
  if (!existsSync(templatesFile(dir))) return undefined;
  const template = (JSON.parse(readFileSync(templatesFile(dir), 'utf8')) as Record<string, string>)[mode];
  if (!template) return undefined;
  const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await onServer(serverUrl, (client) => client.query(`create database "${name}" template "${template}"`));
  return {
    url: urlOfDatabase(serverUrl, name),
    drop: () =>
      onServer(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)),
  };
}
