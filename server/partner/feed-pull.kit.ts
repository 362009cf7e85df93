import { z } from 'zod';
import { SyncStatus } from '../../domain/codes/orders.codes';
import type { NumberPrefix } from '../../domain/numbering';
import type { Db } from '../db/database';
import { translate } from '../http/i18n';
import type { JobHandler, JobSchedule } from '../jobs/job-handlers';
import { nextNumber } from '../resources/numbering';

/**
 * Pulling from the partner's feed server: `GET <url>/<feed>?since=&until=&page=&pageSize=` answers one
 * page as NDJSON (one record per line, as the partner's system exports them) and says with the
 * `X-Has-More` header whether another page follows. Lines are returned as text: a line that is not
 * JSON is the partner's error, logged with its reason, not a failure of the pull.
 */

export interface FeedOptions {
  url: string;
  since: Date | null;
  until: Date;
  /** Rows per page asked of the partner; bounded so one answer stays small. */
  pageSize?: number;
  /** Most pages one run reads; the rest waits for the next run (its window starts where this one ended). */
  maxPages?: number;
  /** Per request: a partner that does not answer in time fails the run. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export const PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;
export const MAX_PAGES = 50;
export const TIMEOUT_MS = 15_000;

/** Why a pull could not read the feed: a message key of partner.run and its params. */
export class FeedError extends Error {
  constructor(
    readonly key: 'timeout' | 'status' | 'unreachable',
    readonly params: Record<string, unknown>,
  ) {
    super(`${key} ${JSON.stringify(params)}`);
  }
}

/** The partner server's feeds: its orders, the product files, its shipping instructions and its shipments. */
export type FeedName = 'orders' | 'products' | 'instructions' | 'shipments';

export async function readFeed(path: FeedName, options: FeedOptions): Promise<string[]> {
  const pageSize = Math.min(Math.max(1, options.pageSize ?? PAGE_SIZE), MAX_PAGE_SIZE);
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const lines: string[] = [];
  for (let page = 1; page <= (options.maxPages ?? MAX_PAGES); page += 1) {
    const query = new URLSearchParams({
      until: options.until.toISOString(),
      page: String(page),
      pageSize: String(pageSize),
    });
    if (options.since) query.set('since', options.since.toISOString());
    const url = `${options.url.replace(/\/+$/, '')}/${path}?${query}`;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    let response: Response;
    let body: string;
    try {
      response = await fetch(url, { signal, headers: { accept: 'application/x-ndjson' } });
      body = await response.text();
    } catch (error) {
      if (timeout.aborted) throw new FeedError('timeout', { seconds: timeoutMs / 1000 });
      if (options.signal?.aborted) throw options.signal.reason;
      const cause = (error as Error & { cause?: { code?: string } }).cause;
      throw new FeedError('unreachable', { problem: cause?.code ?? (error as Error).message });
    }
    if (!response.ok) throw new FeedError('status', { status: response.status });
    lines.push(...body.split('\n').filter((line) => line.trim() !== ''));
    if (response.headers.get('x-has-more') !== 'true') break;
  }
  return lines;
}

/** Log texts are stored in the portal's default language, as every other log row. */
export const zh = (key: string, params: Record<string, unknown> = {}) =>
  translate('zh', `partner.${key}`, params);

/** What every pull's run says: its batch number, whether it read the feed, and its log message. */
export interface PullSummary {
  batchNo: string;
  state: SyncStatus;
  message: string;
}

/** How a pull is asked for: the feed server and its paging; the window is the pull's own. */
export type PullOptions = Omit<FeedOptions, 'since' | 'until'> & { now?: Date };

/** One run as its log row records it: its batch, its time, and the window it read. */
export interface PullRun {
  batchNo: string;
  at: Date;
  since: Date | null;
}

/** What one pull declares: its feed, its numbers and texts, how it takes rows and logs a run. */
export interface PullDeclaration<S extends PullSummary> {
  feed: FeedName;
  /** The batch number's prefix (DOMAIN.md numbering). */
  numberPrefix: NumberPrefix;
  /** Where its run messages sit under `partner.` (`run`, `products.run`). */
  messages: string;
  /** The cursor: where the window starts (the end of the last good run); the whole feed without it. */
  since?: (db: Db) => Promise<Date | null>;
  /** The figures of a run that took nothing, its feed having failed. */
  none: Omit<S, keyof PullSummary>;
  /** Takes the rows in the run's transaction: its figures and its log message. */
  take: (trx: Db, rows: string[], run: PullRun) => Promise<Omit<S, 'batchNo' | 'state'>>;
  /** Writes the run's log row. */
  record: (trx: Db, run: PullRun & { durationMs: number }, summary: S) => Promise<void>;
}

/**
 * One pull: the whole feed is read first, so a partner that fails or times out gives a failed run and
 * changes nothing; the rows are then taken in one transaction with the run's log row, so a run is in
 * the log exactly when what it took is.
 */
export async function runPull<S extends PullSummary>(
  db: Db,
  pull: PullDeclaration<S>,
  options: PullOptions,
): Promise<S> {
  const started = Date.now();
  const at = options.now ?? new Date();
  const since = pull.since ? await pull.since(db) : null;
  const run: PullRun = { batchNo: await nextNumber(db, pull.numberPrefix, at), at, since };
  const record = async (trx: Db, summary: S) => {
    await pull.record(trx, { ...run, durationMs: Date.now() - started }, summary);
    return summary;
  };
  let rows: string[];
  try {
    rows = await readFeed(pull.feed, { ...options, since, until: at });
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    const message = zh(`${pull.messages}.${error.key}`, error.params);
    return record(db, { batchNo: run.batchNo, state: SyncStatus.fail, ...pull.none, message } as S);
  }
  const take = async (trx: Db) =>
    record(trx, {
      batchNo: run.batchNo,
      state: SyncStatus.success,
      ...(await pull.take(trx, rows, run)),
    } as S);
  // The demo seed pulls inside its own transaction.
  return db.isTransaction ? take(db) : db.transaction().execute(take);
}

const jobParams = z.object({
  // The feed server; when absent, the PARTNER_URL setting of the server (orders and products alike).
  url: z.string().url().optional(),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  requestTimeoutSeconds: z
    .number()
    .int()
    .min(1)
    .max(120)
    .default(TIMEOUT_MS / 1000),
});

/**
 * A pull as a scheduled job: one run against the URL the administrator set on the job, else
 * PARTNER_URL. A run whose feed failed is on the pull log and fails the job run too, so the job list
 * shows it; a good one answers its batch and figures under `<messages>.message`.
 */
export function pullJob<S extends PullSummary>(job: {
  descriptionKey: string;
  schedule: JobSchedule;
  /** The locale keys of the job's messages (`partner.job`): `notConfigured` and `message`. */
  messages: string;
  pull: (db: Db, options: PullOptions) => Promise<S>;
  figures: (summary: S) => Record<string, unknown>;
}): JobHandler {
  return {
    descriptionKey: job.descriptionKey,
    schedule: job.schedule,
    params: jobParams,
    async run(db, { params: raw, signal, now }) {
      const { url, pageSize, requestTimeoutSeconds } = jobParams.parse(raw);
      const target = url ?? process.env.PARTNER_URL;
      if (!target) return { key: `${job.messages}.notConfigured` };
      const summary = await job.pull(db, {
        url: target,
        pageSize,
        timeoutMs: requestTimeoutSeconds * 1000,
        signal,
        now,
      });
      if (summary.state === SyncStatus.fail) throw new Error(summary.message);
      return {
        key: `${job.messages}.message`,
        params: { batchNo: summary.batchNo, ...job.figures(summary) },
      };
    },
  };
}
