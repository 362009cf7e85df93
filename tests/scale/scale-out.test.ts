import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCreditCode } from '../../domain/credit-code';
import { haproxyAvailable, startBalancer } from '../../scripts/balancer';
import { freePort, startServerProcess } from '../../scripts/server-process';
import { multipartBody } from '../api/multipart';
import { targetKey } from '../api/sales-task-keys';

// The deployment of docs/deployment.md, for real: two portal servers (child processes, each with a
// data folder of its own, as two machines would have) on one fresh PostgreSQL database, an
// S3-compatible store (s3rver) and HAProxy (Debian's package) in front. Needs DATABASE_URL.

const HOST = '127.0.0.1';
const serverUrl = process.env.DATABASE_URL || undefined;
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'), randomBytes(512)]);

interface Server {
  name: 'a' | 'b';
  port: number;
  dataDir: string;
  process?: ChildProcess;
  output: string;
}

const servers: Server[] = [];
let balancer: ChildProcess | undefined;
let balancerPort: number;
let s3: S3rver;
let workDir: string;
let databaseName: string;
let databaseUrl: string;
let db: pg.Client;
let serverEnv: NodeJS.ProcessEnv;

const base = (target: Server | 'balancer') =>
  `http://${HOST}:${target === 'balancer' ? balancerPort : target.port}/portal`;

async function post(target: Server | 'balancer', path: string, body: unknown, token?: string) {
  const answer = await fetch(`${base(target)}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await answer.text();
  return { status: answer.status, body: (text ? JSON.parse(text) : {}) as any };
}

async function login(target: Server | 'balancer', username: string, password = 'Demo@123456') {
  const { body } = await post(target, '/user/login', { username, password });
  if (!body.state) throw new Error(`login ${username} failed: ${body.message}`);
  return body.results.token as string;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

beforeAll(async () => {
  if (!serverUrl) return;
  if (!haproxyAvailable()) throw new Error('haproxy is not installed (apt-get install haproxy)');
  workDir = mkdtempSync(join(tmpdir(), 'portal-scale-'));
  s3 = new S3rver({
    address: HOST,
    port: 0,
    directory: join(workDir, 's3'),
    silent: true,
    configureBuckets: [{ name: 'prod', configs: [] }],
  });
  const { port: s3Port } = await s3.run();

  databaseName = `scale_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();

  serverEnv = {
    S3_ENDPOINT: `http://${HOST}:${s3Port}`,
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    SHUTDOWN_GRACE_SECONDS: '5',
  };
  for (const name of ['a', 'b'] as const) {
    const server: Server = { name, port: await freePort(HOST), dataDir: join(workDir, name), output: '' };
    servers.push(server);
  }
  // Both start at once on the empty database: one migrates and seeds, the other waits for it.
  await Promise.all(
    servers.map(async (server) => {
      server.process = await startServerProcess({
        host: HOST,
        port: server.port,
        dataDir: server.dataDir,
        databaseUrl,
        timeoutMs: 240_000,
        env: serverEnv,
        onOutput: (text) => {
          server.output += text;
        },
      });
    }),
  );
  balancerPort = await freePort(HOST);
  balancer = await startBalancer(workDir, balancerPort, servers);
}, 300_000);

afterAll(async () => {
  balancer?.kill('SIGKILL');
  for (const server of servers) {
    server.process?.kill('SIGKILL');
    if (server.process) await exited(server.process);
  }
  await db?.end();
  await s3?.close();
  if (databaseName && serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}, 60_000);

const [a, b] = [() => servers[0], () => servers[1]];

describe.runIf(serverUrl)('two portal servers behind HAProxy on one PostgreSQL database', () => {
  it('started together on an empty database, they migrated and seeded it once', async () => {
    const seeded = servers.filter((server) => server.output.includes('Seeding the postgres database'));
    expect(seeded).toHaveLength(1);
    const people = await db.query(`select count(*)::int as n from employee where username = 'rsp'`);
    expect(people.rows[0].n).toBe(1);
    const migrations = await db.query(
      'select count(*)::int as n, count(distinct name)::int as d from kysely_migration',
    );
    expect(migrations.rows[0].n).toBe(migrations.rows[0].d);
    // Both record themselves, and neither is warned about the other: they share the S3 store.
    const live = await db.query('select file_store from portal_server');
    expect(live.rows.map((row) => row.file_store)).toEqual(['s3', 's3']);
    for (const server of servers) expect(server.output).not.toContain('does not see');
  });

  it('takes a token from A on B, and a logout on B ends the session on A', async () => {
    const token = await login(a(), 'rsp');
    expect((await post(b(), '/user/getInfo', {}, token)).status).toBe(200);
    expect((await post(b(), '/user/logout', {}, token)).status).toBe(200);
    expect((await post(a(), '/user/getInfo', {}, token)).status).toBe(401);
  });

  it('downloads through B a file uploaded through A, and through the balancer', async () => {
    const token = await login('balancer', 'rsp');
    const { body, contentType } = multipartBody({ ownerType: '101' }, { name: '合同.pdf', content: PDF });
    const uploaded = await fetch(`${base(a())}/file/uploadFile`, {
      method: 'POST',
      headers: { 'content-type': contentType, 'x-token': token },
      body,
    }).then((r) => r.json() as Promise<any>);
    expect(uploaded.state, uploaded.message).toBe(true);
    const fileUrl = uploaded.results.FileURL as string; // /portal/file/download/<id>
    for (const target of [b(), 'balancer', 'balancer'] as const) {
      const link = await fetch(
        `http://${HOST}:${target === 'balancer' ? balancerPort : target.port}${fileUrl}`,
        {
          headers: { 'x-token': token, accept: 'application/json' },
        },
      ).then((r) => r.json() as Promise<any>);
      const bytes = await fetch(link.results).then(async (r) => Buffer.from(await r.arrayBuffer()));
      expect(bytes.equals(PDF)).toBe(true);
    }
  });

  it('downloads on B an export made on A', async () => {
    const admin = await login(a(), 'admin', 'Admin@123456');
    const made = await post(
      a(),
      '/excelExport/doSyncExportUrl',
      { configCode: 'ProductFileExport', query: {} },
      admin,
    );
    expect(made.body.state, made.body.message).toBe(true);
    const onB = await fetch(`http://${HOST}:${b().port}${made.body.results.url}`);
    expect(onB.status).toBe(200);
    expect(
      Buffer.from(await onB.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    const file = await post(b(), '/excelExport/getFile', { file: made.body.results.ObjectID }, admin);
    expect(Buffer.from(file.body.results.Binary, 'base64').subarray(0, 2).toString()).toBe('PK');
  });

  it('runs a job once at a time when "run now" is pressed 20 times across both servers', async () => {
    const admin = await login('balancer', 'admin', 'Admin@123456');
    const job = await db.query(
      `select object_id, concurrent from scheduled_job where code = 'sessionCleanup'`,
    );
    const { object_id: id, concurrent } = job.rows[0];
    expect(concurrent).toBe(false);
    const since = new Date();
    const presses = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        post(n % 2 ? a() : b(), '/cronJob/runNow', { ObjectID: id }, admin),
      ),
    );
    expect(presses.every((press) => press.status === 200 || press.status === 409)).toBe(true);
    expect(presses.some((press) => press.body.state)).toBe(true);
    // Every press that was taken runs; wait until nothing is asked for or running any more.
    const settled = async () => {
      const open = await db.query(
        `select (select run_requested_at from scheduled_job where object_id = $1) as asked,
           (select count(*)::int from scheduled_job_run where job_id = $1 and finished_at is null) as running`,
        [id],
      );
      return open.rows[0].asked === null && open.rows[0].running === 0;
    };
    const deadline = Date.now() + 60_000;
    while (!(await settled()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    const runs = await db.query(
      `select started_at, finished_at, instance from scheduled_job_run
        where job_id = $1 and started_at >= $2 order by started_at`,
      [id, since],
    );
    expect(runs.rows.length).toBeGreaterThan(0);
    for (let i = 1; i < runs.rows.length; i++)
      expect(runs.rows[i].started_at.getTime()).toBeGreaterThanOrEqual(
        runs.rows[i - 1].finished_at.getTime(),
      );
  });

  it('hears on B a cached figure changed through A', async () => {
    const ops = await login('balancer', 'ops');
    const product = (await post(a(), '/product/search', { pageSize: 1, sort: 'pn' }, ops)).body.results[0];
    const priceOnB = () =>
      post(b(), '/product/getStandardPrice', { ProductCodes: [product.pn] }, ops).then(
        (r) => r.body.results[0]?.StandardPrice,
      );
    const was = await priceOnB();
    expect(await priceOnB()).toBe(was); // now in B's cache
    const raised = (Number(was) + 100).toFixed(2);
    const saved = await post(
      a(),
      '/product/update',
      { ObjectID: product.ObjectID, Version: product.Version, ExtStandardPrice_SDK: raised },
      ops,
    );
    expect(saved.body.state, saved.body.message).toBe(true);
    // The notification crosses processes: B has it within moments, not at its cache's expiry.
    const deadline = Date.now() + 5_000;
    let seen = await priceOnB();
    while (seen !== raised && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      seen = await priceOnB();
    }
    expect(seen).toBe(raised);
  });

  it('lets one of two approvers deciding one record on A and on B at once win', async () => {
    const registered = await post('balancer', '/registrationInfo/register', {
      ExtChannelSmallType_SDK: 'RSP',
      Name: 'Scale Test Company',
      ExtCreditCode_SDK: makeCreditCode('91320100MA3777777'),
      ExtLegalRepresentative_SDK: 'Zhou',
      ProvinceCode: '320000',
      CityCode: '320100',
      Address: 'Gulou, Nanjing',
      ContactName: 'Zhou',
      ContactPhone: '13912345678',
      Email: 'zhou@example.com',
    });
    expect(registered.body.state, registered.body.message).toBe(true);
    const id = registered.body.results.ObjectID as string;
    const [first, second] = [await login(a(), 'channel'), await login(b(), 'channel')];
    const seen = await post(a(), '/registrationInfo/reviewOptions', { ObjectID: id }, first);
    const decide = (target: Server, token: string) =>
      post(
        target,
        '/registrationInfo/processApproval',
        { ObjectID: id, action: 'agree', WorkflowVersion: seen.body.results.WorkflowVersion },
        token,
      );
    const answers = await Promise.all([decide(a(), first), decide(b(), second)]);
    expect(answers.map((answer) => answer.body.state).sort()).toEqual([false, true]);
    expect(answers.find((answer) => !answer.body.state)?.status).toBe(409);
  });

  it('restarts B with SIGTERM under load without one failed request, and B comes back', async () => {
    const admin = await login('balancer', 'admin', 'Admin@123456');
    const statuses: number[] = [];
    let running = true;
    const worker = async () => {
      while (running) {
        const answer = await post('balancer', '/provinceTask/search', { pageSize: 5 }, admin).catch(() => ({
          status: 0,
        }));
        statuses.push(answer.status);
      }
    };
    const load = Array.from({ length: 4 }, worker);
    await new Promise((r) => setTimeout(r, 500));
    const stopping = b().process!;
    stopping.kill('SIGTERM');
    await exited(stopping);
    expect(stopping.exitCode).toBe(0);
    expect(b().output).toContain('SIGTERM: finishing the requests');
    const left = await db.query('select count(*)::int as n from portal_server where instance like $1', [
      `%#${stopping.pid}-%`,
    ]);
    expect(left.rows[0].n).toBe(0);

    b().output = '';
    b().process = await startServerProcess({
      host: HOST,
      port: b().port,
      dataDir: b().dataDir,
      databaseUrl,
      timeoutMs: 120_000,
      env: serverEnv,
      onOutput: (text) => {
        b().output += text;
      },
    });
    // Back in the balancer's rotation once its readiness check passes twice.
    const deadline = Date.now() + 10_000;
    const answeredBy = new Set<string>();
    while (!answeredBy.has('b') && Date.now() < deadline) {
      const info = await fetch(`http://${HOST}:${balancerPort}/portal/ready`);
      answeredBy.add(String(info.headers.get('x-served-by')));
      await new Promise((r) => setTimeout(r, 100));
    }
    expect([...answeredBy].sort()).toEqual(['a', 'b']);
    running = false;
    await Promise.all(load);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });

  it('warns, on both sides, about a third server that keeps its files on its own disk', async () => {
    const third: Server = { name: 'a', port: await freePort(HOST), dataDir: join(workDir, 'c'), output: '' };
    const before = a().output.length;
    third.process = await startServerProcess({
      host: HOST,
      port: third.port,
      dataDir: third.dataDir,
      databaseUrl,
      timeoutMs: 120_000,
      onOutput: (text) => {
        third.output += text;
      },
    });
    try {
      expect(third.output).toContain('does not see');
      expect(third.output).toContain('S3_ENDPOINT');
      // A hears of it at its next heartbeat.
      const deadline = Date.now() + 20_000;
      while (!a().output.slice(before).includes('does not see') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 250));
      expect(a().output.slice(before)).toContain('does not see');
      const admin = await login(a(), 'admin', 'Admin@123456');
      const list = await post(a(), '/portalServer/list', {}, admin);
      const shares = list.body.results.Servers.map((row: { SharesFiles: boolean }) => row.SharesFiles);
      expect(shares.sort()).toEqual([false, true, true]);
    } finally {
      third.process.kill('SIGTERM');
      await exited(third.process);
    }
  });

  it('loses no acknowledged write when A is killed with SIGKILL mid-burst, and B keeps answering', async () => {
    const admin = await login('balancer', 'admin', 'Admin@123456');
    const acked: { id: string; name: string; afterKill: boolean }[] = [];
    const queue = Array.from({ length: 80 }, (_, n) => n + 500);
    let killed = false;
    let unanswered = 0;
    const worker = async () => {
      while (queue.length) {
        const n = queue.shift()!;
        const key = targetKey(n);
        const created = await post(
          'balancer',
          '/provinceTask/create',
          {
            ...key,
            AnnualTask: '1000.00',
            Q1Task: '250.00',
            Q2Task: '250.00',
            Q3Task: '250.00',
            Q4Task: '250.00',
          },
          admin,
        ).catch(() => undefined);
        if (created?.body.state)
          acked.push({ id: created.body.results.ObjectID, name: key.ProvinceName, afterKill: killed });
        else unanswered += 1;
        if (!killed && acked.length >= 20) {
          killed = true;
          const victim = a().process!;
          victim.kill('SIGKILL');
          await exited(victim);
          a().process = undefined;
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    expect(killed).toBe(true);
    // B took over: most of the writes after the kill were answered (only those cut off at A were not).
    expect(acked.filter((write) => write.afterKill).length).toBeGreaterThan(40);
    expect(unanswered).toBeLessThan(10);
    for (const write of acked) {
      const one = await post('balancer', '/provinceTask/getOne', { ObjectID: write.id }, admin);
      expect([one.status, one.body.results?.[0]?.ProvinceName]).toEqual([200, write.name]);
    }
  });
});
