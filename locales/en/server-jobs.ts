import type { jobs as zh } from '../zh/server-jobs';
import { activity } from './activity';
import { agreements } from './agreements';
import { books } from './books';
import { deliveries } from './deliveries';
import { imports } from './imports';
import { loans } from './loans';
import { opportunities } from './opportunities';
import { partner } from './partner';
import { settlementMessages } from './rebate-settlement';
import { rebateMessages } from './rebates';
import { reportStates } from './report-states';
import { salesTasks } from './sales-tasks';
import { specialPrices } from './special-prices';

export const jobs: typeof zh = {
  notFound: 'The scheduled job does not exist',
  staleVersion: 'Someone else changed this scheduled job; reload and try again',
  notWritable: 'Field {{field}} is defined by the program and cannot be changed',
  unknownHandler: 'Handler {{handler}} does not exist',
  updated: 'Scheduled job saved',
  unchanged: 'Nothing to save',
  queued: 'Queued: the run shows in the history shortly',
  alreadyQueued: 'The job is already queued',
  alreadyRunning: 'The job is running: run it again once this run has finished',
  cron: {
    required: 'Enter a cron expression',
    tooLong: 'A cron expression has at most 200 characters',
    fieldCount:
      'A cron expression has 5 fields (minute hour day month weekday) or 6 (second minute hour day month weekday)',
    invalid: 'The cron expression cannot be read; check the value of each field',
    never: 'This cron expression never fires',
  },
  params: 'Parameters must be a JSON object that suits the handler: {{problem}}',
  paramsSize: 'Parameters may nest at most {{depth}} levels deep and be at most {{length}} characters long',
  titles: {
    booksCheck: books.job.title,
    activityDeadlines: activity.job.title,
    rspTaskAutoConfirm: salesTasks.job.title,
    reportControlDateLock: imports.job.title,
    partnerOrderPull: partner.job.title,
    partnerInstructionPull: partner.shipping.instructions.job.title,
    partnerShipmentPull: partner.shipping.shipments.job.title,
    productPull: partner.products.job.title,
    shipmentAutoConfirm: deliveries.job.title,
    rebateTaskAchievement: settlementMessages.job.achievement.title,
    rebateExpiry: settlementMessages.job.expiry.title,
    rebatePolicyDates: rebateMessages.policy.job.title,
    loanOverdue: loans.job.title,
    executionOrderExpiry: specialPrices.job.title,
    reportDeadlines: reportStates.job.title,
    agreementFiles: agreements.job.title,
    opportunityProtection: opportunities.job.title,
    protectionEndingNotices: opportunities.endingJob.title,
    agentRenewalReminders: { name: 'Agent renewal reminders', group: 'Agents' },
    exportFileCleanup: { name: 'Expired export file cleanup', group: 'Maintenance' },
    uploadTempCleanup: { name: 'Upload temp file cleanup', group: 'Maintenance' },
    sessionCleanup: { name: 'Expired login token cleanup', group: 'Maintenance' },
    databaseStatistics: { name: 'Database statistics update', group: 'Maintenance' },
  },
  handlers: {
    booksCheck: books.job.handler,
    activityDeadlines: activity.job.handler,
    rspTaskAutoConfirm: salesTasks.job.handler,
    controlDateLock: imports.job.handler,
    partnerOrderPull: partner.job.handler,
    partnerInstructionPull: partner.shipping.instructions.job.handler,
    partnerShipmentPull: partner.shipping.shipments.job.handler,
    productPull: partner.products.job.handler,
    shipmentAutoConfirm: deliveries.job.handler,
    rebateTaskAchievement: settlementMessages.job.achievement.handler,
    rebateExpiry: settlementMessages.job.expiry.handler,
    rebatePolicyDates: rebateMessages.policy.job.handler,
    loanOverdue: loans.job.handler,
    executionOrderExpiry: specialPrices.job.handler,
    reportDeadlines: reportStates.job.handler,
    agreementFiles: agreements.job.handler,
    opportunityProtection: opportunities.job.handler,
    protectionEndingNotices: opportunities.endingJob.handler,
    renewalReminders:
      'Renewal reminders 90/60/30 days before an agent agreement ends: counts the agents per window',
    exportFileCleanup:
      'Deletes export files older than their download link (1 day) and the partial files of interrupted exports',
    uploadTempCleanup:
      'Deletes files interrupted uploads left in the incoming folder and stored files without a record',
    sessionCleanup: 'Deletes login tokens that were logged out or idle for more than 5 hours',
    databaseStatistics:
      "Gathers the tables' statistics for the query planner where no autovacuum does (the embedded database)",
  },
  messages: {
    booksCheck: books.job.message,
    activityDeadlines: activity.job.message,
    rspTaskAutoConfirm: salesTasks.job.message,
    controlDateLock: imports.job.message,
    partnerOrderPull: partner.job.message,
    partnerInstructionPull: partner.shipping.instructions.job.message,
    partnerShipmentPull: partner.shipping.shipments.job.message,
    productPull: partner.products.job.message,
    shipmentAutoConfirm: deliveries.job.message,
    rebateTaskAchievement: settlementMessages.job.achievement.message,
    rebateExpiry: settlementMessages.job.expiry.message,
    rebatePolicyDates: rebateMessages.policy.job.message,
    loanOverdue: loans.job.message,
    executionOrderExpiry: specialPrices.job.message,
    reportDeadlines: reportStates.job.message,
    agreementFiles: agreements.job.message,
    opportunityProtection: opportunities.job.message,
    protectionEndingNotices: opportunities.endingJob.message,
    renewalReminders:
      'Today ({{today}}) {{total}} agents have an agreement ending soon: {{within30}} in the T−30 window (30 days or fewer), {{within60}} in T−60 (31–60 days), {{within90}} in T−90 (61–90 days). Reminders recorded only; no agent status changed, as no rule marks agents renewal due when they enter the 90-day window.',
    exportFileCleanup:
      'Deleted {{files}} expired export files and {{partials}} partial files of interrupted exports',
    uploadTempCleanup: 'Deleted {{incoming}} upload temp files and {{orphans}} stored files without a record',
    sessionCleanup: 'Deleted {{total}} login tokens ({{revoked}} logged out, {{idle}} idle too long)',
    databaseStatistics: 'Gathered the statistics of {{tables}} tables',
    databaseStatisticsByServer: "The database server's autovacuum keeps the statistics; nothing to gather",
    timeout: 'Ran longer than {{seconds}} s and was ended as timed out',
    abandoned: 'The server running it ({{instance}}) never reported back; ended as timed out',
    stopped: 'The server stopped; the run was interrupted',
    unknownHandler: 'Handler {{handler}} does not exist',
  },
};
