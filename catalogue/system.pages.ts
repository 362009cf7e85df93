import { col, definePages, field, filter } from './define';

/** Scheduled jobs of SPEC §2 "System": the partner pulls, expiry reminders, report deadlines and the like. */
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
    toolbar: ['create', 'refresh'],
    sort: 'JobGroup',
  },
  cronjobInfo: {
    kind: 'edit',
    path: '/system/cronjob-info',
    hidden: true,
    parent: 'system.cronjobList',
    resource: 'cronJob',
    fields: [
      field('JobName', 'text', { required: true }),
      field('JobGroup', 'text', { required: true }),
      field('Handler', 'text', { required: true }),
      field('CronExpression', 'text', { required: true }),
      field('Params', 'longText', { span: 2 }),
      field('Status', 'dict', { dict: 'CronJobStatus', required: true }),
      field('Concurrent', 'boolean'),
      field('TimeoutSeconds', 'number'),
      field('LastRunTime', 'dateTime', { readOnly: true }),
      field('LastRunResult', 'dict', { dict: 'JobRunResult', readOnly: true }),
      field('NextRunTime', 'dateTime', { readOnly: true }),
      field('LastRunMessage', 'longText', { readOnly: true, span: 2 }),
      field('Remark', 'longText', { span: 2 }),
    ],
  },
  roleMenus: {
    kind: 'custom',
    view: 'roleMenus',
    path: '/system/role-menus',
    resource: 'roleToMenu',
  },
  workflows: { kind: 'custom', view: 'workflows', path: '/system/workflows', resource: 'workflowStream' },
});
