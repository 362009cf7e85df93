/**
 * Reading the partner's order feed: `GET <url>/orders?since=&until=&page=&pageSize=` answers one page
 * as NDJSON (one partner order per line, as the partner's system exports them) and says with the
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

export async function readFeed(path: 'orders' | 'products', options: FeedOptions): Promise<string[]> {
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
