import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { type OpenDatabase, openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { type SeedMode, seed } from '../../server/seed/seed';

export interface TestApp {
  app: FastifyInstance;
  database: OpenDatabase;
  /** POST /portal<path> with an optional token; answers status and parsed envelope. */
  post(
    path: string,
    body?: unknown,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any }>;
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A fresh portal per suite: in-memory PGlite, or — when DATABASE_URL is set — a schema of its own on
 * the PostgreSQL server, dropped afterwards.
 */
export async function startTestApp(mode: SeedMode = 'demo'): Promise<TestApp> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const schema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase({ databaseUrl, schema });
  await migrateToLatest(database.db, database.schema);
  await seed(database.db, mode);
  const app = await buildApp({ db: database.db });

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
    post,
    async login(username, password) {
      const { body } = await post('/user/login', { username, password });
      if (!body.state) throw new Error(`login ${username} failed: ${body.message}`);
      return body.results.token;
    },
    async close() {
      await app.close();
      await database.close();
      if (databaseUrl && schema) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`drop schema "${schema}" cascade`);
        await client.end();
      }
    },
  };
}
