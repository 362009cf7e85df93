import { booksCheck } from '../books/books-check.job';
import { databaseStatistics } from '../jobs/database-statistics.job';
import { exportFileCleanup } from '../jobs/export-cleanup.job';
import { sessionCleanup } from '../jobs/session-cleanup.job';
import { uploadTempCleanup } from '../jobs/upload-temp-cleanup.job';
import { workflowInvariants } from '../workflows/workflow.invariants';
import { type AreaParts, defineArea } from './area';

/** System administration: menus, employees, exports, scheduled jobs, caches, workflow streams. */
export const systemArea = defineArea(
  'system',
  (): AreaParts<'system'> => ({
    resources: {
      roleToMenu: { routes: 'own' },
      excelExport: { routes: 'own' },
      employee: { routes: 'own' },
      workflowStream: { routes: 'own' },
      cronJob: { routes: 'own' },
      // The server's caches are declared in code and read from the process (server/cache).
      cacheConfig: { routes: 'own' },
      // The reports of the books check (server/books), written by the check itself.
      booksCheck: { routes: 'own' },
      // The running servers of the database (server/cluster), read from their heartbeats.
      portalServer: { routes: 'own' },
    },
    jobs: { exportFileCleanup, uploadTempCleanup, sessionCleanup, booksCheck, databaseStatistics },
    invariants: { ...workflowInvariants },
  }),
);
