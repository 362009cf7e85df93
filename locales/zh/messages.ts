import { admin } from './admin';
import { app } from './app';
import { cronJobs } from './cron-jobs';
import { customerWorkflow } from './customer-workflow';
import { decision } from './decision';
import { employees } from './employees';
import { common } from './fields-common';
import { kitExport } from './kit-export';
import { kitFiles } from './kit-files';
import { kitPickers } from './kit-pickers';
import { menuGroup } from './menu-groups';
import { baseManage } from './pages/baseManage';
import { business } from './pages/business';
import { customers } from './pages/customers';
import { importHistory } from './pages/importHistory';
import { models } from './pages/models';
import { ordersSetup } from './pages/ordersSetup';
import { rebates } from './pages/rebates';
import { report } from './pages/report';
import { salesActivity } from './pages/salesActivity';
import { salesTask } from './pages/salesTask';
import { system } from './pages/system';
import { registration } from './registration';
import { module, route } from './routes';
import { server } from './server';
import { workflows } from './workflows';

const modules = {
  customers,
  models,
  baseManage,
  system,
  ordersSetup,
  business,
  rebates,
  salesTask,
  report,
  importHistory,
  salesActivity,
};

/**
 * All Chinese messages, the portal's default language; en/messages.ts has the same keys. Page titles
 * are `page.<module>.<page>`, field labels `field.<resource>.<Field>` with `field.common` shared.
 */
export const zh = {
  app,
  admin,
  employees,
  route,
  module,
  menuGroup,
  server,
  kitPickers,
  kitFiles,
  kitExport,
  workflows,
  registration,
  customerWorkflow,
  cronJobs,
  decision,
  page: Object.fromEntries(Object.entries(modules).map(([key, m]) => [key, m.pages])) as {
    [K in keyof typeof modules]: (typeof modules)[K]['pages'];
  },
  field: { common, ...Object.assign({}, ...Object.values(modules).map((m) => m.fields)) } as {
    common: typeof common;
  } & {
    [resource: string]: Record<string, string>;
  },
};
export type Messages = typeof zh;
