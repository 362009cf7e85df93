import type { Messages } from '../zh/messages';
import { activity } from './activity';
import { admin } from './admin';
import { agreements } from './agreements';
import { app } from './app';
import { books } from './books';
import { caches } from './caches';
import { creditLimits } from './credit-limits';
import { cronJobs } from './cron-jobs';
import { customerWorkflow } from './customer-workflow';
import { dashboardCharts } from './dashboard-charts';
import { decision } from './decision';
import { deliveries } from './deliveries';
import { employees } from './employees';
import { common } from './fields-common';
import { fileOwner } from './file-owner';
import { imports } from './imports';
import { invoices } from './invoices';
import { kitExport } from './kit-export';
import { kitFiles } from './kit-files';
import { kitPickers } from './kit-pickers';
import { letters } from './letters';
import { loans } from './loans';
import { menuGroup } from './menu-groups';
import { notices } from './notices';
import { opportunityItems } from './opportunity-items';
import { opportunityParticipants } from './opportunity-participants';
import { opportunityReport } from './opportunity-report';
import { orderChanges } from './order-changes';
import { orderApproval } from './orders-approval';
import { ordersEntry } from './orders-entry';
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
import { partner } from './partner';
import { passwordStrength } from './password-strength';
import { payments } from './payments';
import { settlementMessages } from './rebate-settlement';
import { rebateMessages } from './rebates';
import { registration } from './registration';
import { reportReview } from './report-review';
import { reportStates } from './report-states';
import { module, route } from './routes';
import { salesTasks } from './sales-tasks';
import { server } from './server';
import { servers } from './servers';
import { sheetMessages } from './settlement-sheets';
import { specialPrices } from './special-prices';
import { workflows } from './workflows';

const modules = {
  customers,
  models,
  baseManage,
  system,
  ordersSetup,
  payments,
  invoices,
  loans,
  business,
  rebates,
  salesTask,
  report,
  reportStates,
  importHistory,
  salesActivity,
};

export const en: Messages = {
  app,
  activity,
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
  rebate: rebateMessages,
  rebateSettlement: settlementMessages,
  settlementSheet: sheetMessages,
  salesTasks,
  registration,
  reportReview,
  reportStates,
  passwordStrength,
  fileOwner,
  customerWorkflow,
  creditLimits,
  cronJobs,
  books,
  caches,
  servers,
  imports,
  partner,
  ordersEntry,
  orderApproval,
  specialPrices,
  orderChanges,
  decision,
  deliveries,
  invoices,
  loans,
  payments,
  letters,
  agreements,
  opportunityReport,
  notices,
  opportunityItems,
  opportunityParticipants,
  dashboardCharts,
  page: Object.fromEntries(Object.entries(modules).map(([key, m]) => [key, m.pages])) as Messages['page'],
  field: { common, ...Object.assign({}, ...Object.values(modules).map((m) => m.fields)) },
};
