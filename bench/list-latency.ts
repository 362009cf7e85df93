import type { FastifyInstance } from 'fastify';
import { OrderApprovalStatus } from '../domain/codes/orders.codes';
import type { Db } from '../server/db/database';
import type { Caller } from '../server/http/auth';
import { matchingRows } from '../server/resources/matching-rows';
import { resourceDef } from '../server/resources/registry';
import { searchStatements } from '../server/resources/search';
import { loopbackAddress, WireClient } from './wire-client';

export interface Scenario {
  name: string;
  user: 'admin' | 'rsp';
  body: Record<string, unknown>;
}

/** Typical list requests on the own-line order list (ordersSetup.ownLineOrders). */
export const scenarios: Scenario[] = [
  {
    name: 'page 1, newest first',
    user: 'admin',
    body: { PageID: 'ordersSetup.ownLineOrders', currentPage: 1, pageSize: 10 },
  },
  {
    name: 'page 1 × 100 rows',
    user: 'admin',
    body: { PageID: 'ordersSetup.ownLineOrders', currentPage: 1, pageSize: 100 },
  },
  {
    name: 'page 50',
    user: 'admin',
    body: { PageID: 'ordersSetup.ownLineOrders', currentPage: 50, pageSize: 10 },
  },
  {
    name: 'status filter',
    user: 'admin',
    body: {
      PageID: 'ordersSetup.ownLineOrders',
      ApprovalStatus: OrderApprovalStatus.awaitingReview,
      pageSize: 10,
    },
  },
  // Number filters match from the number's start (filter.docNo). A day's numbers (~900 orders) and
  // one whole number, typed in lower case, are what people search; a year's is the widest prefix.
  {
    name: 'order number: a day (dd20250314)',
    user: 'admin',
    body: { PageID: 'ordersSetup.ownLineOrders', OrderNo: 'dd20250314', pageSize: 10 },
  },
  {
    name: 'order number: one order',
    user: 'admin',
    body: { PageID: 'ordersSetup.ownLineOrders', OrderNo: 'DD202503141500', pageSize: 10 },
  },
  {
    name: 'order number: a month (DD202503)',
    user: 'admin',
    body: { PageID: 'ordersSetup.ownLineOrders', OrderNo: 'DD202503', pageSize: 10 },
  },
  {
    name: 'order number: a year (DD2025)',
    user: 'admin',
    body: { PageID: 'ordersSetup.ownLineOrders', OrderNo: 'DD2025', pageSize: 10 },
  },
  // ordersSetup.selfBuiltOrders: the standard own-line orders whose recorded entry form is the
  // self-built one (a fixed lens on the order's EntryPage), newest first, with the total.
  {
    name: 'self-built orders, page 1',
    user: 'admin',
    body: { PageID: 'ordersSetup.selfBuiltOrders', currentPage: 1, pageSize: 10 },
  },
  {
    name: 'agent staff (company scope)',
    user: 'rsp',
    body: { PageID: 'ordersSetup.ownLineOrders', pageSize: 10 },
  },
];

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

/**
 * Warm-up before the timed rounds: up to this many rounds, or this long. A server serving people runs a
 * search's paths (its filters' branches of the engine, the driver's answer of that shape) thousands of
 * times an hour; after 10 rounds V8 had not compiled them yet, and a millisecond's request measured
 * 0.4 ms slower in its first 200 rounds than afterwards.
 */
const WARM_UP_ROUNDS = 500;
const WARM_UP_MS = 2_000;
/**
 * A request this quick is timed this many times: its p50 and p95 move with a single slow run of 40. On a
 * 2-core machine the database answers a millisecond's statements in two speeds, for seconds at a time
 * (0.5 ms and 0.85 ms for one order by number, the server's backends and Node sharing the cores one way
 * or the other): 200 rounds (0.4 s) could fall within one stretch of either, 1,000 take the middle of both.
 */
const QUICK_MS = 10;
const QUICK_RUNS = 1_000;

/**
 * A request through HTTP and its bare SQL, timed in turns (one of each, which goes first swapped every
 * round), so that whatever else the machine does at a moment weighs on both sides of the ratio alike.
 * Timed one block after the other, a busy stretch during one block alone moved the ratio of a
 * millisecond's request by half on a 2-core machine.
 */
async function timedInTurns(runs: number, http: () => Promise<unknown>, bare: () => Promise<unknown>) {
  const time = async (work: () => Promise<unknown>) => {
    const start = performance.now();
    await work();
    return performance.now() - start;
  };
  let warm = 0;
  const warmUntil = performance.now() + WARM_UP_MS;
  for (let i = 0; i < WARM_UP_ROUNDS && (i < 3 || performance.now() < warmUntil); i++)
    warm = Math.max(await time(http), await time(bare));
  const rounds = warm < QUICK_MS ? Math.max(runs, QUICK_RUNS) : runs;
  const httpTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      httpTimes.push(await time(http));
      bareTimes.push(await time(bare));
    } else {
      bareTimes.push(await time(bare));
      httpTimes.push(await time(http));
    }
  }
  return { http: stats(httpTimes), sql: stats(bareTimes) };
}

/**
 * How long the quick requests run, in turn, before any is timed. V8 compiles a request's path in
 * tiers over its first thousands of runs: on the one-order search at a million orders, Node's time over
 * the bare SQL fell from 0.6 ms in the first 2 s to 0.3 ms after about 5 s of requests, and stayed there
 * (bench/RESULTS.md). A server serving people spends its whole day in the later state; timed in the first
 * seconds of its process, the ratio measured V8's warm-up, not the server.
 */
const PROCESS_WARM_UP_MS = 8_000;

/**
 * Each scenario through the whole HTTP stack, on a keep-alive connection to the portal's port (the
 * socket, Node's HTTP parser, Fastify, the session, the access check, the engine, the answer's bytes),
 * beside the bare SQL statements the engine runs for it, executed directly.
 */
export async function measureList(
  app: FastifyInstance,
  db: Db,
  callers: Record<string, { token: string; caller: Caller }>,
  runs = 40,
  /** Name fragments, comma-separated: only the scenarios whose name contains one of them. */
  only?: string,
) {
  const def = resourceDef('order')!;
  const client = new WireClient(await loopbackAddress(app));
  const wanted = only?.split(',').map((part) => part.trim());
  const requests = scenarios
    .filter((s) => !wanted || wanted.some((part) => s.name.includes(part)))
    .map((scenario) => {
      const { token, caller } = callers[scenario.user];
      // The request is written as bytes once, as a client sends them; its answer is taken off the
      // socket as bytes, as a browser takes it, and not decoded: that is no work of the server's.
      const request = WireClient.request(
        '/portal/order/search',
        { 'x-token': token, 'content-type': 'application/json' },
        JSON.stringify(scenario.body),
      );
      const statements = searchStatements(def, caller, scenario.body);
      const http = async () => {
        const answer = await client.send(request);
        if (answer.status !== 200) throw new Error(`${scenario.name}: ${answer.body.toString()}`);
      };
      const bare = () => Promise.all([statements.page.execute(db), matchingRows(db, statements)]);
      return { scenario, http, bare };
    });
  // The quick requests are warmed together: a slow request among them (a quarter of a second, as a year's
  // numbers once took) would take the whole time and leave the millisecond requests, whose ratio the
  // warm-up is for, a few runs.
  const quick = [];
  for (const request of requests) {
    const start = performance.now();
    await request.http();
    if (performance.now() - start < QUICK_MS) quick.push(request);
  }
  const warmUntil = performance.now() + PROCESS_WARM_UP_MS;
  while (quick.length && performance.now() < warmUntil)
    for (const { http, bare } of quick) {
      await http();
      await bare();
    }
  const results = [];
  for (const { scenario, http, bare } of requests)
    results.push({ scenario: scenario.name, ...(await timedInTurns(runs, http, bare)) });
  client.close();
  return results;
}
