import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/** How often a server says it is alive, and how long after its last word it counts as gone. */
export const HEARTBEAT_MS = 10_000;
export const LIVE_WITHIN_SECONDS = 30;

export interface ServerIdentity {
  /** The job runner's instance name, so a run and a server read the same. */
  instance: string;
  fileStore: 'local' | 's3';
  /** The local store's objects folder (ignored with S3). */
  objectsDir: string;
}

/** Where each server leaves its token: a server that can read another's token shares its folder. */
export const tokensDir = (objectsDir: string) => join(objectsDir, '.servers');

export interface Heartbeat {
  /** Marks the server as draining (readiness answers 503) until it stops. */
  drain(): Promise<void>;
  readonly draining: boolean;
  /** Stops beating and removes the server's row and token. */
  stop(): Promise<void>;
}

/**
 * Records this server in `portal_server` and refreshes it every HEARTBEAT_MS, so the others (and the
 * administrator's 服务器 page) know who is live. `onBeat` runs after each beat (the shared-files check).
 */
export async function startHeartbeat(
  db: Db,
  self: ServerIdentity,
  onBeat: () => Promise<void> = async () => {},
  log: (message: string) => void = console.warn,
): Promise<Heartbeat> {
  const token = self.fileStore === 'local' ? randomBytes(16).toString('hex') : null;
  const tokenPath = join(tokensDir(self.objectsDir), self.instance);
  if (token) {
    mkdirSync(tokensDir(self.objectsDir), { recursive: true });
    writeFileSync(tokenPath, token);
  }
  await db
    .insertInto('portal_server')
    .values({
      instance: self.instance,
      host: hostname(),
      pid: process.pid,
      seen_at: sql<Date>`now()`,
      file_store: self.fileStore,
      files_dir: self.fileStore === 'local' ? self.objectsDir : null,
      files_token: token,
    })
    .execute();
  let draining = false;
  const beat = async () => {
    await db
      .updateTable('portal_server')
      .set({ seen_at: sql<Date>`now()`, draining })
      .where('instance', '=', self.instance)
      .execute();
    // Rows of servers that stopped without a word (kill -9, a lost machine) go after a while.
    await sql`delete from portal_server where seen_at < now() - interval '1 day'`.execute(db);
    await onBeat();
  };
  const timer = setInterval(() => {
    beat().catch((error) => log(`heartbeat not recorded: ${(error as Error).message}`));
  }, HEARTBEAT_MS);
  timer.unref();
  await onBeat();
  return {
    get draining() {
      return draining;
    },
    async drain() {
      draining = true;
      await beat().catch(() => {});
    },
    async stop() {
      clearInterval(timer);
      await db
        .deleteFrom('portal_server')
        .where('instance', '=', self.instance)
        .execute()
        .catch(() => {});
      if (token) rmSync(tokenPath, { force: true });
    },
  };
}
