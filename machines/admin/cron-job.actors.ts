import { fromPromise } from 'xstate';
import type { CronJobChanges } from '../../domain/scheduled-jobs';
import {
  cronJobRuns,
  getCronJob,
  type JobAnswer,
  jobDictionaries,
  runCronJobNow,
  updateCronJob,
} from '../../services/cron-job.service';
import type { DictionaryOption } from '../../services/dictionary.service';
import { type CronJobRecord, type CronJobRun, POLL_MS, RUNS_PAGE_SIZE } from './cron-job.rules';

export interface RunsPage {
  rows: CronJobRun[];
  total: number;
}
export interface LoadedJob extends RunsPage {
  job: CronJobRecord;
}
export interface RunsQuery {
  objectId: string;
  page: number;
}
export type SaveInput = CronJobChanges & { ObjectID: string; Version: number };

const runsPage = (query: RunsQuery) => cronJobRuns(query.objectId, query.page, RUNS_PAGE_SIZE);

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

/** The real calls behind the scheduled-job page machine; tests provide fakes instead. */
export const cronJobActors = {
  loadJob: fromPromise<LoadedJob & { dictionaries: Record<string, DictionaryOption[]> }, RunsQuery>(
    async ({ input }) => {
      const [job, runs, dictionaries] = await Promise.all([
        getCronJob(input.objectId),
        runsPage(input),
        jobDictionaries(),
      ]);
      return { job, ...runs, dictionaries };
    },
  ),
  /** Waits a moment, then reads the job and its runs again: is the run it waits for done? */
  pollRun: fromPromise<LoadedJob, RunsQuery>(async ({ input, signal }) => {
    await pause(POLL_MS, signal);
    const [job, runs] = await Promise.all([getCronJob(input.objectId), runsPage(input)]);
    return { job, ...runs };
  }),
  loadRuns: fromPromise<RunsPage, RunsQuery>(({ input }) => runsPage(input)),
  runNow: fromPromise<JobAnswer, { objectId: string }>(({ input }) => runCronJobNow(input.objectId)),
  saveJob: fromPromise<JobAnswer, SaveInput>(({ input }) => updateCronJob(input)),
};
