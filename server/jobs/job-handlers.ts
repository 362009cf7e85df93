import type { z } from 'zod';
import { activityDeadlines } from '../activity/activity-deadlines.job';
import { agreementFiles } from '../agreements/agreement-files.job';
import type { Db } from '../db/database';
import type { JobMessage } from '../db/schema';
import { shipmentAutoConfirm } from '../deliveries/shipment-auto-confirm.job';
import { controlDateLock } from '../imports/control-date-lock.job';
import { loanOverdue } from '../loans/loan-overdue.job';
import { opportunityProtection } from '../opportunities/opportunity-protection.job';
import { partnerOrderPull } from '../partner/partner-pull.job';
import { productPull } from '../partner/product-pull.job';
import { rebateExpiry } from '../rebates/rebate-expiry.job';
import { rebateTaskAchievement } from '../rebates/rebate-tasks.job';
import { reportDeadlines } from '../reports/report-deadlines.job';
import { rspTaskAutoConfirm } from '../sales-tasks/rsp-confirmation.job';
import { exportFileCleanup } from './export-cleanup.job';
import { renewalReminders } from './renewal-reminders.job';
import { sessionCleanup } from './session-cleanup.job';
import { uploadTempCleanup } from './upload-temp-cleanup.job';

/** What a handler is given besides the database. */
export interface JobContext {
  /** The job's params, parsed with the handler's schema. */
  params: Record<string, unknown>;
  /** The database's clock when the run was claimed. */
  now: Date;
  /** Aborted at the timeout or when the server stops; long work checks it between steps. */
  signal: AbortSignal;
  /** The shared files folder (uploads, exports), as AppOptions.filesDir. */
  filesDir: string;
}

/** One kind of job: what it does (a message key under server.jobs.handlers) and the work itself. */
export interface JobHandler {
  descriptionKey: string;
  /** The params the job may carry; a job's Params are checked against it when saved and when run. */
  params?: z.ZodType<Record<string, unknown>>;
  /** Does the work and answers the run's message: what it found or deleted, with the counts. */
  run(db: Db, context: JobContext): Promise<JobMessage>;
}

/**
 * Every handler a job may name, by key. Jobs are rows an administrator schedules; what they can do is
 * this list, so a module adds its job with one line here (and its seeded row).
 */
const handlers = new Map<string, JobHandler>([
  ['activityDeadlines', activityDeadlines],
  ['renewalReminders', renewalReminders],
  ['exportFileCleanup', exportFileCleanup],
  ['uploadTempCleanup', uploadTempCleanup],
  ['sessionCleanup', sessionCleanup],
  ['controlDateLock', controlDateLock],
  ['opportunityProtection', opportunityProtection],
  ['partnerOrderPull', partnerOrderPull],
  ['productPull', productPull],
  ['shipmentAutoConfirm', shipmentAutoConfirm],
  ['rebateTaskAchievement', rebateTaskAchievement],
  ['rebateExpiry', rebateExpiry],
  ['loanOverdue', loanOverdue],
  ['agreementFiles', agreementFiles],
  ['rspTaskAutoConfirm', rspTaskAutoConfirm],
  ['reportDeadlines', reportDeadlines],
]);

export const jobHandler = (key: string) => handlers.get(key);
export const handlerKeys = () => [...handlers.keys()];

/** Adds a handler under a new key (the API tests register test-only handlers this way). */
export function registerJobHandler(key: string, handler: JobHandler) {
  if (handlers.has(key)) throw new Error(`A job handler "${key}" is already registered`);
  handlers.set(key, handler);
}

/** Takes a handler out again (tests clean up what they registered). */
export const unregisterJobHandler = (key: string) => handlers.delete(key);
