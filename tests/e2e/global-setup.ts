import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/database';
import { API_DATA_DIR, snapshotFile } from '../api/pglite-snapshots';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each of the portals under test listens, e.g. http://127.0.0.1:40123: one per worker. */
    baseURLs: string[];
  }
}

const HOST = '127.0.0.1';
// Seeding the demo takes under a minute on a quiet machine; E2E_READY_WITHIN_S gives a busy one longer.
const READY_WITHIN_MS = Number(process.env.E2E_READY_WITHIN_S ?? 180) * 1000;

/**
 * One built client and one real server per worker of the e2e project (ARCHITECTURE.md §8), each on a
 * PGlite folder of its own holding the same demo world: the demo is seeded once and its folder copied,
 * and a test file talks to its worker's server (tests/e2e/portal-url.ts), so two files running side
 * by side never see each other's records. Every test isolates itself with its own browser context.
 */
export default async function setup(project: TestProject) {
  const root = project.config.root;
  // E2E_CLIENT_DIR builds the client into a folder of its own, so two runs on one checkout do not
  // replace each other's assets while a browser loads them.
  const clientDir = process.env.E2E_CLIENT_DIR;
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const outDir = clientDir ? ['--outDir', clientDir, '--emptyOutDir'] : [];
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', ...outDir], { cwd: root, stdio: 'inherit' });
  }

  const env: NodeJS.ProcessEnv = { ...process.env, HOST, SEED: 'demo' };
  delete env.DATABASE_URL; // always the embedded PGlite, whatever the shell says
  delete env.CLIENT_DIR;
  if (clientDir) env.CLIENT_DIR = clientDir;

  const seeded = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const servers: Server[] = [];
  const teardown = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(seeded, { recursive: true, force: true });
  };
  try {
    const fromApi = snapshotFile('demo');
    if (process.env.E2E_DEMO_FROM_API === '1' && existsSync(fromApi)) {
      // `npm test` hands over the demo its PGlite API suite seeded from the same code moments ago (the
      // database, and the files its seed stored) rather than spend a minute seeding it again.
      const database = await openDatabase({ dataDir: seeded, snapshot: readFileSync(fromApi) });
      await database.close();
      cpSync(join(API_DATA_DIR, 'files', 'objects'), join(seeded, 'files', 'objects'), { recursive: true });
    } else
      execFileSync('npx', ['tsx', 'server/seed/cli.ts'], {
        cwd: root,
        env: { ...env, DATA_DIR: seeded },
        stdio: ['ignore', 'ignore', 'inherit'],
        timeout: READY_WITHIN_MS,
      });
    const count = Math.max(1, Number(project.config.maxWorkers) || 1);
    for (let i = 0; i < count; i += 1) servers.push(await startServer(root, env, seeded));
    await Promise.all(servers.map((server) => server.ready));
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide(
    'baseURLs',
    servers.map((server) => server.baseURL),
  );
  return teardown;
}

type Server = { baseURL: string; ready: Promise<void>; stop(): Promise<void> };

/** A portal server on a copy of the seeded folder, at a free port. */
async function startServer(root: string, env: NodeJS.ProcessEnv, seeded: string): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  cpSync(seeded, dataDir, { recursive: true });
  // detached: the server gets a process group of its own, so the teardown ends npx, tsx and node together.
  const server = spawn('npx', ['tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port), DATA_DIR: dataDir },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const baseURL = `http://${HOST}:${port}`;
  const ready = waitUntilServing(baseURL, server, () => output);
  ready.catch(() => {}); // awaited with the others' in setup; not an unhandled rejection meanwhile
  return {
    baseURL,
    ready,
    async stop() {
      await stop(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A port nobody uses right now: the kernel picks one for a throw-away listener. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** The server is up once the login endpoint answers anything (an empty body is refused with a 400). */
async function waitUntilServing(baseURL: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`The portal server exited (${server.exitCode ?? server.signalCode}):\n${output()}`);
    }
    try {
      const response = await fetch(`${baseURL}/portal/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(2_000),
      });
      if (response.status > 0) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The portal server did not answer within ${READY_WITHIN_MS / 1000} s:\n${output()}`);
}

/** SIGTERM to the whole group (npx, tsx, node), SIGKILL for whatever is left after 5 s. */
async function stop(server: ChildProcess) {
  const pid = server.pid;
  if (!pid) return;
  signalGroup(pid, 'SIGTERM');
  const deadline = Date.now() + 5_000;
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (groupAlive(pid)) signalGroup(pid, 'SIGKILL');
}

function groupAlive(pid: number) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is already gone
  }
}
