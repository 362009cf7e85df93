import { join } from 'node:path';
import { createObjectStore, incomingDir } from '../files/object-store';
import type { JobHandler } from '../jobs/job-handlers';
import { generatePendingAgreements } from './agreement-files';

/** Makes the Word files of the agreements signed since the last run and their PDFs (server/agreements/agreement-files.ts). */
export const agreementFiles: JobHandler = {
  descriptionKey: 'server.jobs.handlers.agreementFiles',
  schedule: { code: 'agreementFiles', cron: '* * * * *', timeoutSeconds: 300 },
  async run(db, { filesDir, signal }) {
    const root = join(filesDir, 'objects');
    const counts = await generatePendingAgreements(
      db,
      { store: createObjectStore(root, db), incoming: incomingDir(root) },
      signal,
    );
    return { key: 'server.jobs.messages.agreementFiles', params: counts };
  },
};
