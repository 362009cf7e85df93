import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { LIVE_WITHIN_SECONDS, type ServerIdentity, tokensDir } from './server-heartbeat';

export interface LiveServer {
  instance: string;
  host: string;
  pid: number;
  startedAt: Date;
  seenAt: Date;
  draining: boolean;
  fileStore: 'local' | 's3';
  /** Whether this server sees the other's files: same S3 store, or its token in the local folder. */
  sharesFiles: boolean;
}

/** The servers of this database that spoke within LIVE_WITHIN_SECONDS, this one first. */
export async function liveServers(db: Db, self: ServerIdentity): Promise<LiveServer[]> {
  const rows = await db
    .selectFrom('portal_server')
    .selectAll()
    .where('seen_at', '>', sql<Date>`now() - make_interval(secs => ${LIVE_WITHIN_SECONDS})`)
    .orderBy('started_at')
    .execute();
  return rows
    .map((row) => ({
      instance: row.instance,
      host: row.host,
      pid: row.pid,
      startedAt: row.started_at,
      seenAt: row.seen_at,
      draining: row.draining,
      fileStore: row.file_store,
      sharesFiles:
        row.instance === self.instance || sharesFiles(self, row.file_store, row.instance, row.files_token),
    }))
    .sort((a, b) => Number(b.instance === self.instance) - Number(a.instance === self.instance));
}

/**
 * Two S3 servers share the bucket (they are configured alike or the operator meant them to be); a
 * local server shares another local server's files only if it reads that server's token in its own
 * objects folder, which is true only for one folder mounted on both.
 */
function sharesFiles(
  self: ServerIdentity,
  otherStore: 'local' | 's3',
  otherInstance: string,
  otherToken: string | null,
): boolean {
  if (self.fileStore !== otherStore) return false;
  if (self.fileStore === 's3') return true;
  try {
    return readFileSync(join(tokensDir(self.objectsDir), otherInstance), 'utf8') === otherToken;
  } catch {
    return false;
  }
}

/** The live servers whose files this one cannot see: each is a download that fails half of the time. */
export async function serversNotSharingFiles(db: Db, self: ServerIdentity): Promise<LiveServer[]> {
  return (await liveServers(db, self)).filter((server) => !server.sharesFiles);
}

/**
 * Warns in the log, once per server, when another live server does not share this one's files, with
 * the settings that fix it (docs/deployment.md).
 */
export function filesWarner(db: Db, self: ServerIdentity, log: (message: string) => void = console.warn) {
  const warned = new Set<string>();
  return async () => {
    for (const other of await serversNotSharingFiles(db, self)) {
      if (warned.has(other.instance)) continue;
      warned.add(other.instance);
      log(
        `WARNING: server ${other.instance} (${other.host}) runs on this database but does not see this ` +
          `server's files (this one: ${self.fileStore === 's3' ? 'S3' : self.objectsDir}; that one: ` +
          `${other.fileStore === 's3' ? 'S3' : 'its own folder'}). Uploads and downloads will fail ` +
          'whenever the balancer picks the other server. Give every server the same S3_ENDPOINT, ' +
          'S3_ACCESS_KEY and S3_SECRET_KEY, or one shared DATA_DIR/files folder (docs/deployment.md).',
      );
    }
  };
}
