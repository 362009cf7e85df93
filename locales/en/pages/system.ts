import type { system as zh } from '../../zh/pages/system';

export const system: typeof zh = {
  pages: {
    cronjobList: 'Scheduled jobs',
    cronjobInfo: 'Scheduled job details',
    roleMenus: 'Roles and menus',
    workflows: 'Workflow diagrams',
    booksCheck: 'Books check',
    servers: 'Servers',
  },
  fields: {
    cronJob: {
      JobName: 'Job name',
      JobGroup: 'Job group',
      Handler: 'Handler',
      CronExpression: 'Cron expression',
      Status: 'Job status',
      Params: 'Parameters',
      Concurrent: 'Allow concurrent runs',
      TimeoutSeconds: 'Timeout (s)',
      LastRunTime: 'Last run',
      LastRunResult: 'Last result',
      LastRunMessage: 'Last run message',
      NextRunTime: 'Next run',
    },
  },
};
