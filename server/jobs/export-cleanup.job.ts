import { readdir, rm, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { PRESIGNED_LINK_TTL_S } from '../../domain/constants';
import { removeExportFile } from '../export/export-files';
import { EXPORT_STATUS, jobTable, STALLED_AFTER_MS } from '../export/export-jobs';
import { createObjectStore } from '../files/object-store';
import type { JobHandler } from './job-handlers';

const LIFETIME_MS = PRESIGNED_LINK_TTL_S * 1000;

/** Only files inside the exports folder are ever deleted, whatever a row says. */
const isInside = (dir: string, path: string) => {
  const rel = relative(dir, path);
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith('/');
};

/**
 * An export's file lives as long as its download link: a day after the export finished
 * (PRESIGNED_LINK_TTL_S, SPEC §9), after which the link answers "expired" anyway. The file goes; the
 * job stays in its owner's export log, without a file to download. The partial file of an export
 * whose server died (no progress for STALLED_AFTER_MS, the log already shows it failed) goes too.
 */
export const exportFileCleanup: JobHandler = {
  descriptionKey: 'server.jobs.handlers.exportFileCleanup',
  schedule: { code: 'exportFileCleanup', cron: '15 * * * *', timeoutSeconds: 300 },
  async run(db, { now, filesDir, signal }) {
    const dir = join(filesDir, 'exports');
    const store = createObjectStore(join(filesDir, 'objects'), db);
    const expired = await jobTable(db)
      .selectFrom('export_job')
      .select(['object_id', 'file_path', 'object_key'])
      .where('status', '=', EXPORT_STATUS.completed)
      .where((w) => w.or([w('file_path', 'is not', null), w('object_key', 'is not', null)]))
      .where('finished_at', '<', new Date(now.getTime() - LIFETIME_MS))
      .execute();
    let files = 0;
    for (const job of expired) {
      if (signal.aborted) break;
      await removeExportFile(store, job, (path) => isInside(dir, path));
      await jobTable(db)
        .updateTable('export_job')
        .set({ file_path: null, object_key: null, file_name: null })
        .where('object_id', '=', job.object_id)
        .execute();
      files += 1;
    }

    let partials = 0;
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.xlsx.part'))) {
      if (signal.aborted) break;
      const info = await stat(join(dir, name)).catch(() => undefined);
      if (!info || now.getTime() - info.mtimeMs <= STALLED_AFTER_MS) continue;
      await rm(join(dir, name), { force: true });
      partials += 1;
    }
    return { key: 'server.jobs.messages.exportFileCleanup', params: { files, partials } };
  },
};
