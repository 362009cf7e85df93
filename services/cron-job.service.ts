import type { CronJobChanges, CronJobRecord, CronJobRun } from '../domain/scheduled-jobs';
import { type DictionaryOption, fetchDictionaries } from './dictionary.service';
import { httpContext, request, requestEnvelope } from './http.service';

/** A write's answer: the job as saved and the server's sentence about it. */
export interface JobAnswer {
  job: CronJobRecord;
  message: string;
}

// The page shows a refused change itself (under the field, or as its own notice): no second toast.
const quiet = { silent: true } as const;

export const getCronJob = (ObjectID: string) =>
  request<CronJobRecord[]>('/cronJob/getOne', { ObjectID }).then((results) => results[0]!);

/** Only ObjectID, the version the page showed and the changed fields are sent. */
export async function updateCronJob(
  changes: CronJobChanges & { ObjectID: string; Version: number },
): Promise<JobAnswer> {
  const envelope = await requestEnvelope<CronJobRecord>('/cronJob/update', changes, quiet);
  return { job: envelope.results!, message: envelope.message ?? '' };
}

/** Queues a run; the server's runner takes it within seconds. */
export async function runCronJobNow(ObjectID: string): Promise<JobAnswer> {
  const envelope = await requestEnvelope<CronJobRecord>('/cronJob/runNow', { ObjectID }, quiet);
  return { job: envelope.results!, message: envelope.message ?? '' };
}

/** One page of the job's runs, newest first. */
export async function cronJobRuns(ObjectID: string, currentPage: number, pageSize: number) {
  const envelope = await requestEnvelope<CronJobRun[]>('/cronJob/runs', { ObjectID, currentPage, pageSize });
  return { rows: envelope.results ?? [], total: Number(envelope.totalSize ?? 0) };
}

/** The texts of the job status and run outcome codes, in the portal's language. */
export const jobDictionaries = (): Promise<Record<string, DictionaryOption[]>> =>
  fetchDictionaries(['CronJobStatus', 'JobRunResult'], httpContext().lang);
