// `npm run load`: bounded bursts against a started server on loopback — list search, login, export —
// each with LOAD_CONCURRENCY callers (20) for LOAD_SECONDS (20, never more than 60). Reports throughput,
// p50/p95, the answers by status and the server's resident memory before and after each burst, and
// writes them to its own section of bench/RESULTS.md (between the load markers; the rest of the file
// is left as it is). The server is started here on a fresh demo database: a PGlite folder under
// bench/out/, or, when DATABASE_URL is set, a fresh database on that PostgreSQL server (dropped after).
// LOAD_RESULTS names another results file (a run from a copy of the tree writes into this one).
// LOAD_SERVERS=1 or 2 sends the bursts through HAProxy to that many servers on the PostgreSQL server
// of DATABASE_URL, sharing one files folder (docs/deployment.md); its table is kept beside the others.

import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { haproxyAvailable, startBalancer } from '../scripts/balancer';
import { freePort, startServerProcess } from '../scripts/server-process';

const HOST = '127.0.0.1';
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 20);
const SECONDS = Math.min(60, Number(process.env.LOAD_SECONDS ?? 20));
const RESULTS = process.env.LOAD_RESULTS ?? 'bench/RESULTS.md';
const serverUrl = process.env.DATABASE_URL || undefined;
const SERVERS = Number(process.env.LOAD_SERVERS ?? 0);
const label = SERVERS
  ? `HAProxy, ${SERVERS} server${SERVERS > 1 ? 's' : ''} on one PostgreSQL server`
  : serverUrl
    ? 'PostgreSQL server'
    : 'PGlite (embedded)';
const START = '<!-- load:start -->';
const END = '<!-- load:end -->';

interface Burst {
  name: string;
  /** One request; answers the HTTP status. */
  call: (worker: number, n: number) => Promise<number>;
}

interface BurstResult {
  name: string;
  requests: number;
  seconds: number;
  p50: number;
  p95: number;
  statuses: Record<string, number>;
  rssBeforeMb: number;
  rssAfterMb: number;
  rssPeakMb: number;
}

/** The resident memory of the servers, together. */
function rssMb(pids: number[]) {
  let kb = 0;
  for (const pid of pids) {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  }
  return kb / 1024;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

async function runBurst(burst: Burst, pid: number[]): Promise<BurstResult> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  const rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
  }, 100);
  const started = performance.now();
  const stopAt = started + SECONDS * 1000;
  let n = 0;
  const worker = async (w: number) => {
    while (performance.now() < stopAt) {
      const at = performance.now();
      const status = await burst.call(w, n++).catch(() => 'no answer');
      times.push(performance.now() - at);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  times.sort((a, b) => a - b);
  return {
    name: burst.name,
    requests: times.length,
    seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    statuses,
    rssBeforeMb,
    rssAfterMb: rssMb(pid),
    rssPeakMb,
  };
}

async function main() {
  mkdirSync('bench/out', { recursive: true });
  const dataDir = join('bench/out', `load-${randomBytes(4).toString('hex')}`);
  let databaseName: string | undefined;
  let databaseUrl: string | undefined;
  if (serverUrl) {
    databaseName = `load_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  if (SERVERS && !databaseUrl)
    throw new Error('LOAD_SERVERS needs DATABASE_URL: the servers share its database');
  if (SERVERS && !haproxyAvailable()) throw new Error('LOAD_SERVERS needs haproxy (apt-get install haproxy)');
  console.log(`Starting on ${label}…`);
  const ports = await Promise.all(Array.from({ length: Math.max(1, SERVERS) }, () => freePort(HOST)));
  // Started together: one migrates and seeds, the others wait for it (server/cluster/startup-lock.ts).
  const servers: ChildProcess[] = await Promise.all(
    ports.map((port) => startServerProcess({ host: HOST, port, dataDir, databaseUrl, timeoutMs: 180_000 })),
  );
  let port = ports[0];
  let balancer: ChildProcess | undefined;
  if (SERVERS) {
    port = await freePort(HOST);
    balancer = await startBalancer(
      dataDir,
      port,
      ports.map((serverPort, n) => ({ name: `server${n + 1}`, port: serverPort })),
    );
  }
  const pids = servers.map((server) => server.pid!);
  const base = `http://${HOST}:${port}/portal`;
  const post = async (path: string, body: unknown, token?: string) => {
    const answer = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    await answer.arrayBuffer();
    return answer.status;
  };
  const login = async (username: string, password: string) => {
    const answer = await fetch(`${base}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const body = (await answer.json()) as { results?: { token?: string }; message?: string };
    if (!body.results?.token) throw new Error(`login ${username} failed: ${body.message}`);
    return body.results.token;
  };

  try {
    const admin = await login('admin', 'Admin@123456');
    const users = ['ops', 'finance', 'channel', 'province', 'vp', 'channeldept', 'product', 'legal'];
    const tokens = await Promise.all(users.map((u) => login(u, 'Demo@123456')));
    // The list burst searches as staff whose menu has the order list; the others would only measure a 403.
    const allowed = await Promise.all(tokens.map((token) => post('/order/search', { pageSize: 1 }, token)));
    const staff = tokens.filter((_, i) => allowed[i] === 200);
    if (!staff.length) staff.push(admin);
    const keywords = ['', '', 'DD2025', 'DD', 'a', ''];
    const bursts: Burst[] = [
      {
        name: 'order list search (admin and staff, pages 1–5, some with a keyword)',
        call: (w, n) =>
          post(
            '/order/search',
            { pageSize: 20, currentPage: 1 + (n % 5), keyword: keywords[n % keywords.length] },
            w % 2 ? admin : staff[w % staff.length],
          ),
      },
      {
        name: 'login (right password, 8 demo accounts)',
        call: (w) => post('/user/login', { username: users[w % users.length], password: 'Demo@123456' }),
      },
      {
        name: 'export of own-line orders to xlsx (synchronous)',
        call: () =>
          post('/excelExport/doSyncExportUrl', { configCode: 'SelfBuiltOrderExport', query: {} }, admin),
      },
    ];
    const results: BurstResult[] = [];
    for (const burst of bursts) {
      console.log(`${burst.name}: ${CONCURRENCY} callers for ${SECONDS} s…`);
      const result = await runBurst(burst, pids);
      console.log(
        `  ${result.requests} requests, ${(result.requests / result.seconds).toFixed(1)}/s, p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms, ${JSON.stringify(result.statuses)}`,
      );
      results.push(result);
    }
    writeSection(results);
  } finally {
    balancer?.kill('SIGKILL');
    for (const server of servers) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseName && serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
  }
}

/** Replaces this backend's table inside the load section of RESULTS.md; the other backend's stays. */
function writeSection(results: BurstResult[]) {
  const text = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '# Benchmark results\n';
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  const inside = start >= 0 && end > start ? text.slice(start + START.length, end) : '';
  const tables = new Map<string, string>();
  for (const block of inside.split(/\n(?=#### )/)) {
    const heading = /^#### (.+)$/m.exec(block)?.[1];
    if (heading && block.trim().startsWith('####')) tables.set(heading, block.trim());
  }
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const rows = results.map((r) => {
    const statuses = Object.entries(r.statuses)
      .map(([status, count]) => `${status} × ${count}`)
      .join(', ');
    return `| ${r.name} | ${r.requests} | ${(r.requests / r.seconds).toFixed(1)} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${statuses} | ${r.rssBeforeMb.toFixed(0)} → ${r.rssAfterMb.toFixed(0)} (peak ${r.rssPeakMb.toFixed(0)}) |`;
  });
  const heading = SERVERS ? `Load through ${label}` : `Load on ${label}`;
  tables.set(
    heading,
    [
      `#### ${heading}`,
      '',
      `Measured ${when} UTC on ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${loadavg()[0].toFixed(1)} at the end (other work on the machine skews these figures); demo data; ${CONCURRENCY} concurrent callers, ${SECONDS} s per burst.`,
      '',
      '| burst | requests | per second | p50 ms | p95 ms | answers | server RSS MB before → after |',
      '|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  );
  const section = [
    START,
    '### Load: bounded bursts on loopback (`npm run load`)',
    '',
    'The real server in its own process, driven over HTTP by concurrent callers for a bounded time;',
    'every answer is counted by status (a 5xx or "no answer" would be a defect). The tables "through',
    'HAProxy" send the same bursts through the balancer to one and to two servers (`LOAD_SERVERS`): on',
    'one machine the servers, PostgreSQL and HAProxy share its cores, so a second server adds only what',
    'one process could not use (the export burst); on machines of their own each server adds its cores.',
    '',
    ...[...tables.entries()]
      .filter(([name]) => name.startsWith('Load on') || name.startsWith('Load through'))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, table]) => `${table}\n`),
    END,
  ].join('\n');
  const next =
    start >= 0 && end > start
      ? `${text.slice(0, start)}${section}${text.slice(end + END.length)}`
      : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(RESULTS, next);
  console.log(`Wrote the load section of ${RESULTS}.`);
}

await main();
