import { col, definePages, filter } from './define';

/** Scheduled jobs of SPEC §2 "System": reminders and the portal's housekeeping (docs/scheduled-jobs.md). */
export const systemPages = definePages('system', {
  cronjobList: {
    kind: 'list',
    path: '/system/cronjob-list',
    resource: 'cronJob',
    columns: [
      col.text('JobName', { sortable: true, opens: 'system.cronjobInfo' }),
      col.text('JobGroup'),
      col.text('Handler'),
      col.text('CronExpression'),
      col.dict('Status', 'CronJobStatus'),
      col.dateTime('LastRunTime', { sortable: true }),
      col.dict('LastRunResult', 'JobRunResult'),
      col.dateTime('NextRunTime', { sortable: true }),
      col.text('Remark'),
    ],
    filters: [
      filter.text('JobName', true),
      filter.dict('Status', 'CronJobStatus', true),
      filter.text('JobGroup'),
      filter.text('Handler'),
      filter.dict('LastRunResult', 'JobRunResult'),
    ],
    // Jobs are declared in code (server/jobs/job-handlers.ts): nothing to create here.
    toolbar: ['refresh'],
    sort: 'JobGroup',
  },
  // The job, its run history and its actions (docs/scheduled-jobs.md): a screen of its own, as jobs are
  // declared in code and their runs are not fields of a form.
  cronjobInfo: {
    kind: 'custom',
    view: 'cronjobInfo',
    path: '/system/cronjob-info',
    hidden: true,
    parent: 'system.cronjobList',
    resource: 'cronJob',
  },
  roleMenus: {
    kind: 'custom',
    view: 'roleMenus',
    path: '/system/role-menus',
    resource: 'roleToMenu',
  },
  workflows: { kind: 'custom', view: 'workflows', path: '/system/workflows', resource: 'workflowStream' },
  // The last check of the books and a check now (docs/books.md): a report, not records of a form.
  booksCheck: { kind: 'custom', view: 'booksCheck', path: '/system/books-check', resource: 'booksCheck' },
  // The running servers of the database and whether they see one another's files (docs/deployment.md).
  servers: { kind: 'custom', view: 'servers', path: '/system/servers', resource: 'portalServer' },
});
