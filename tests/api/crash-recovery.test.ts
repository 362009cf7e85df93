import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCreditCode } from '../../domain/credit-code';
import { freePort, startServerProcess } from '../../scripts/server-process';
import { openDatabase } from '../../server/db/database';
import { verifyEvents } from '../../server/workflows/engine';
import { demoWorld } from './harness';
import { targetKey } from './sales-task-keys';

// The real server in a child process, killed with SIGKILL in the middle of a burst of writes and
// started again on the same data: what it acknowledged must still be there, and nothing may be half
// written. The api project runs this file once per backend: the embedded PGlite on a folder of its
// own, or (DATABASE_URL set) a database of its own on the PostgreSQL server, each holding the run's
// demo world (tests/api/pglite-snapshots.ts).

const HOST = '127.0.0.1';
const serverUrl = process.env.DATABASE_URL || undefined;
const backend = serverUrl ? 'PostgreSQL' : 'PGlite';
/** Acknowledgements to wait for before the kill; the rest of the burst is still in flight then. */
const KILL_AFTER_ACKS = 30;
const WORKERS = 8;
const PRE_REGISTERED = 8;

let dataDir: string;
let databaseUrl: string | undefined;
let world: Awaited<ReturnType<typeof demoWorld>> | undefined;
let port: number;
let server: ChildProcess | undefined;

async function startServer() {
  server = await startServerProcess({ host: HOST, port, dataDir, databaseUrl, timeoutMs: 150_000 });
}

function exited(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function killServer(signal: NodeJS.Signals) {
  const child = server;
  if (!child) return;
  server = undefined;
  child.kill(signal);
  await exited(child);
}

async function post(path: string, body: unknown, token?: string) {
  const answer = await fetch(`http://${HOST}:${port}/portal${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: answer.status, body: (await answer.json()) as any };
}

async function login(username: string, password: string) {
  const { body } = await post('/user/login', { username, password });
  if (!body.state) throw new Error(`login ${username} failed: ${body.message}`);
  return body.results.token as string;
}

let serial = 0;
const registrationForm = () => {
  serial += 1;
  return {
    ExtChannelSmallType_SDK: 'RSP',
    Name: `Crash Test Company ${serial}`,
    ExtCreditCode_SDK: makeCreditCode(`91320100MA3${String(100000 + serial).slice(-6)}`),
    ExtLegalRepresentative_SDK: 'Zhou',
    ProvinceCode: '320000',
    CityCode: '320100',
    Address: 'Gulou, Nanjing',
    ContactName: 'Zhou',
    ContactPhone: '13912345678',
    Email: 'zhou@example.com',
  };
};

const provinceTask = (n: number) => ({
  ...targetKey(n),
  AnnualTask: '1000.00',
  Q1Task: '250.00',
  Q2Task: '250.00',
  Q3Task: '250.00',
  Q4Task: '250.00',
});

beforeAll(async () => {
  port = await freePort(HOST);
  dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-'));
  // The server starts on the run's demo world (a copy of the suite's database, or a seeded folder).
  world = await demoWorld(dataDir);
  databaseUrl = world.databaseUrl;
  await startServer();
}, 180_000);

afterAll(async () => {
  await killServer('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  await world?.drop();
}, 60_000);

interface Acknowledged {
  tasks: { name: string; id: string }[];
  registrations: { number: string }[];
  decisions: { id: string; version: number }[];
}

describe(`kill -9 during a burst of writes (${backend})`, () => {
  it('keeps every acknowledged write after a restart, and nothing half written', async () => {
    const admin = await login('admin', 'Admin@123456');
    const channel = await login('channel', 'Demo@123456');

    // Registrations already under review, for the burst's decisions to act on.
    const awaiting: { id: string; version: number }[] = [];
    for (let i = 0; i < PRE_REGISTERED; i++) {
      const registered = await post('/registrationInfo/register', registrationForm());
      expect(registered.body.state, registered.body.message).toBe(true);
      const id = registered.body.results.ObjectID as string;
      const seen = await post('/registrationInfo/reviewOptions', { ObjectID: id }, channel);
      awaiting.push({ id, version: seen.body.results.WorkflowVersion });
    }

    // The burst: resource creates, public registrations (a record, its number and its stream in one
    // transaction) and decisions, interleaved, several at a time.
    const work: (() => Promise<void>)[] = [];
    const acked: Acknowledged = { tasks: [], registrations: [], decisions: [] };
    for (let i = 0; i < 120; i++) {
      const name = targetKey(i).ProvinceName;
      work.push(async () => {
        const created = await post('/provinceTask/create', provinceTask(i), admin);
        if (created.body.state) acked.tasks.push({ name, id: created.body.results.ObjectID });
      });
      if (i % 6 === 0)
        work.push(async () => {
          const registered = await post('/registrationInfo/register', registrationForm());
          if (registered.body.state)
            acked.registrations.push({ number: registered.body.results.RegistrationNo });
        });
      const target = awaiting[i];
      if (target)
        work.push(async () => {
          const decided = await post(
            '/registrationInfo/processApproval',
            { ObjectID: target.id, action: 'agree', WorkflowVersion: target.version },
            channel,
          );
          if (decided.body.state)
            acked.decisions.push({ id: target.id, version: decided.body.results.WorkflowVersion });
        });
    }
    const acks = () => acked.tasks.length + acked.registrations.length + acked.decisions.length;
    let killed = false;
    let lost = 0;
    const worker = async () => {
      while (work.length && !killed) {
        const next = work.shift()!;
        // A request cut off by the kill has no answer: it may or may not have been written.
        await next().catch(() => {
          lost += 1;
        });
        if (!killed && acks() >= KILL_AFTER_ACKS) {
          killed = true;
          await killServer('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    expect(killed, 'the burst ended before the kill').toBe(true);
    expect(work.length, 'writes still queued at the kill').toBeGreaterThan(0);
    expect(acked.decisions.length + acked.registrations.length).toBeGreaterThan(0);

    await startServer();
    const adminAgain = await login('admin', 'Admin@123456');
    for (const task of acked.tasks) {
      const one = await post('/provinceTask/getOne', { ObjectID: task.id }, adminAgain);
      expect([one.status, one.body.results?.[0]?.ProvinceName]).toEqual([200, task.name]);
    }
    const channelAgain = await login('channel', 'Demo@123456');
    for (const decision of acked.decisions) {
      const seen = await post('/registrationInfo/reviewOptions', { ObjectID: decision.id }, channelAgain);
      expect(seen.body.results.WorkflowVersion).toBeGreaterThanOrEqual(decision.version);
    }
    await killServer('SIGTERM');

    // The data itself, read directly once the server is gone.
    const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
    try {
      const db = database.db;
      const numbers = await sql<{ number: string; id: string }>`select data->>'RegistrationNo' as number,
        object_id::text as id from record where resource = 'registrationInfo'`.execute(db);
      const stored = new Set(numbers.rows.map((r) => r.number));
      for (const { number } of acked.registrations) expect(stored.has(number), number).toBe(true);
      // No number handed out twice, and the counter is past every number it gave.
      expect(stored.size).toBe(numbers.rows.length);
      const counters = await sql<{ prefix: string; day: string; last: number }>`select prefix, day, last
        from number_sequence where prefix = 'ZR'`.execute(db);
      for (const number of stored) {
        const counter = counters.rows.find((c) => number.startsWith(`ZR${c.day}`));
        if (counter) expect(Number(number.slice(-4))).toBeLessThanOrEqual(counter.last);
      }
      // Every registration has its stream, every stream its projection at the stream's last event.
      const orphans = await sql<{ id: string }>`select r.object_id::text as id from record r
        where r.resource = 'registrationInfo'
          and not exists (select 1 from workflow_stream s where s.subject_id = r.object_id)`.execute(db);
      expect(orphans.rows).toEqual([]);
      const unprojected = await sql<{ stream_id: string }>`select e.stream_id from workflow_event e
        left join workflow_stream s on s.stream_id = e.stream_id
        group by e.stream_id, s.version
        having s.version is distinct from max(e.seq) or count(*) <> max(e.seq)`.execute(db);
      expect(unprojected.rows).toEqual([]);
      const verified = await verifyEvents(db);
      expect(verified.failures).toEqual([]);
      expect(verified.streams).toBeGreaterThan(PRE_REGISTERED);
      console.log(
        `${backend}: ${acks()} writes acknowledged before the kill, ${lost} cut off; ${verified.streams} streams verified`,
      );
    } finally {
      await database.close();
    }
  }, 240_000);
});
