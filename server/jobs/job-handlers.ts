import type { z } from 'zod';
import { areaJobHandlers } from '../areas/areas';
import type { Db } from '../db/database';
import type { JobMessage } from '../db/schema';

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

/**
 * When a job of this kind runs in every portal: the scheduled row the reference step gives a database
 * that lacks it (server/jobs/seeded-jobs.ts). Its name and group are the locales' `server.jobs.titles`.
 */
export interface JobSchedule {
  /** The row's stable code, so seeding again finds it. */
  code: string;
  /** Five or six fields, on the business clock (docs/scheduled-jobs.md). */
  cron: string;
  timeoutSeconds: number;
  params?: Record<string, unknown>;
}

/** One kind of job: what it does (a message key under server.jobs.handlers) and the work itself. */
export interface JobHandler {
  descriptionKey: string;
  /** Every area's job has one; a handler the tests register runs only when they schedule it. */
  schedule?: JobSchedule;
  /** The params the job may carry; a job's Params are checked against it when saved and when run. */
  params?: z.ZodType<Record<string, unknown>>;
  /** Does the work and answers the run's message: what it found or deleted, with the counts. */
  run(db: Db, context: JobContext): Promise<JobMessage>;
}

/** One run of a job outside the scheduler (the demo seed, a test): at `now`, with `params`, never aborted. */
export const runJobOnce = (db: Db, job: JobHandler, now = new Date(), params: Record<string, unknown> = {}) =>
  job.run(db, { params, now, signal: new AbortController().signal, filesDir: '' });

/** Handlers the API tests register under keys of their own; every real one is an area's (server/areas). */
const registered = new Map<string, JobHandler>();

export const jobHandler = (key: string) => registered.get(key) ?? areaJobHandlers().get(key);
export const handlerKeys = () => [...areaJobHandlers().keys(), ...registered.keys()];

/** Adds a handler under a new key (the API tests register test-only handlers this way). */
export function registerJobHandler(key: string, handler: JobHandler) {
  if (jobHandler(key)) throw new Error(`A job handler "${key}" is already registered`);
  registered.set(key, handler);
}

/** Takes a handler out again (tests clean up what they registered). */
export const unregisterJobHandler = (key: string) => registered.delete(key);
