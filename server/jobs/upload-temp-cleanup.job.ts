import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { FILE_BUCKET } from '../../domain/files';
import type { Db } from '../db/database';
import { filesDb } from '../files/file.repo';
import { incomingDir, s3ConfigFromEnv } from '../files/object-store';
import type { JobHandler } from './job-handlers';

const params = z.object({
  // Well past the 180 s a request may take, so an upload still streaming or being stored is never touched.
  olderThanMinutes: z.number().int().min(5).max(10_080).default(30),
});

/** Regular files of a folder not written to for `ageMs`, with their names. */
async function staleFiles(dir: string, now: Date, ageMs: number): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const stale: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const info = await stat(join(dir, entry.name)).catch(() => undefined);
    if (info && now.getTime() - info.mtimeMs > ageMs) stale.push(entry.name);
  }
  return stale;
}

/** Keys (yyyy/mm/name) among `keys` that no file row names, deleted or not. */
async function unrecorded(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await filesDb(db)
    .selectFrom('file_object')
    .select('object_key')
    .where('bucket', '=', FILE_BUCKET)
    .where('object_key', 'in', keys)
    .execute();
  const known = new Set(rows.map((r) => r.object_key));
  return keys.filter((key) => !known.has(key));
}

/** The store's folders an upload of this month or the last one went to (keys are yyyy/mm/uuid.ext, UTC). */
function recentMonths(now: Date): string[] {
  const month = (offset: number) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - offset, 1));
    return `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  };
  return [month(0), month(1)];
}

/**
 * Uploads that never got recorded (docs/files.md "Atomic enough"): an upload streams into
 * `objects/.incoming` and the request deletes it when it fails, but a server that stops mid-request
 * leaves the file there; and an object moved into the store whose row was never written (the server
 * stopped in between) is listed by nobody. Both are deleted once nothing has written them for
 * `olderThanMinutes`. With an S3 store only the incoming folder is local, so only it is cleaned. The
 * store is scanned for this month and the last, as this job runs every few minutes.
 */
export const uploadTempCleanup: JobHandler = {
  descriptionKey: 'server.jobs.handlers.uploadTempCleanup',
  schedule: {
    code: 'uploadTempCleanup',
    cron: '*/10 * * * *',
    timeoutSeconds: 300,
    params: { olderThanMinutes: 30 },
  },
  params,
  async run(db, context) {
    const { olderThanMinutes } = params.parse(context.params);
    const ageMs = olderThanMinutes * 60_000;
    const root = join(context.filesDir, 'objects');
    const incoming = incomingDir(root);
    let removedIncoming = 0;
    for (const name of await staleFiles(incoming, context.now, ageMs)) {
      if (context.signal.aborted) break;
      await rm(join(incoming, name), { force: true });
      removedIncoming += 1;
    }

    let orphans = 0;
    if (!s3ConfigFromEnv()) {
      for (const month of recentMonths(context.now)) {
        const folder = join(root, FILE_BUCKET, month);
        const keys = (await staleFiles(folder, context.now, ageMs)).map((name) => `${month}/${name}`);
        for (let i = 0; i < keys.length && !context.signal.aborted; i += 500) {
          for (const key of await unrecorded(db, keys.slice(i, i + 500))) {
            await rm(join(root, FILE_BUCKET, key), { force: true });
            orphans += 1;
          }
        }
      }
    }
    return {
      key: 'server.jobs.messages.uploadTempCleanup',
      params: { incoming: removedIncoming, orphans },
    };
  },
};
