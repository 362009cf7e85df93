import type { FastifyInstance } from 'fastify';
import { percentile } from './list-latency';

export interface Timing {
  p50: number;
  p95: number;
  p99: number;
}

/** A request a page makes, as the logged-in user: POST /portal<url>, refused unless it answers 200. */
export async function call(
  app: FastifyInstance,
  token: string,
  url: string,
  payload: Record<string, unknown>,
) {
  const response = await app.inject({
    method: 'POST',
    url: `/portal${url}`,
    payload,
    headers: { 'x-token': token },
  });
  if (response.statusCode !== 200)
    throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response.json() as { results: unknown; totalSize?: number };
}

/**
 * Runs `work` three times to warm up, then `runs` times, each with its run number (so a scenario can
 * vary the record it opens), and answers the percentiles of the wall time of each run.
 */
export async function timeRuns(runs: number, work: (run: number) => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < 3; i++) await work(runs + i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work(i);
    times.push(performance.now() - start);
  }
  const sorted = times.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

export interface Measured {
  name: string;
  /** The budget of the p95 in ms on this database, when the requirements set one. */
  budget?: number;
  timing: Timing;
  /** What the request answered, for the reader: rows matched, flows read… */
  note?: string;
}

/** A results table: each request with its percentiles and its budget, met or missed at p95. */
export function timingTable(rows: Measured[]): string[] {
  const out = ['| request | p50 | p95 | p99 | budget (p95) | |', '|---|---|---|---|---|---|'];
  for (const r of rows) {
    const verdict = r.budget === undefined ? '' : r.timing.p95 <= r.budget ? 'met' : '**missed**';
    out.push(
      `| ${r.name}${r.note ? ` (${r.note})` : ''} | ${r.timing.p50.toFixed(1)} | ${r.timing.p95.toFixed(1)} | ${r.timing.p99.toFixed(1)} | ${r.budget === undefined ? '' : `≤ ${r.budget}`} | ${verdict} |`,
    );
  }
  return out;
}
