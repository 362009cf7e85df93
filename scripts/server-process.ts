import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A port nobody listens on at the moment of asking. */
export function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const found = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (found ? resolve(found) : reject(new Error('no free port'))));
    });
  });
}

export interface ServerProcessOptions {
  host: string;
  port: number;
  /** PGlite data folder (also where the absent client folder is pointed). */
  dataDir: string;
  /** A PostgreSQL database instead of PGlite. */
  databaseUrl?: string;
  timeoutMs: number;
  /** More settings for this server (S3_ENDPOINT, …). */
  env?: NodeJS.ProcessEnv;
  /** Receives everything the server prints (tests read its warnings). */
  onOutput?: (text: string) => void;
}

/**
 * Starts the real server with the demo seed as a child process and waits until it is ready (its
 * /portal/ready answers 200, as a balancer asks). node runs
 * server/main.ts itself (no npx or tsx launcher in between), so the pid is the process that serves and
 * writes: what a load run measures and a crash test kills.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ChildProcess> {
  const { host, port, dataDir, databaseUrl, timeoutMs } = options;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.env,
    PORT: String(port),
    HOST: host,
    DATA_DIR: dataDir,
    SEED: 'demo',
    CLIENT_DIR: join(dataDir, 'no-client'),
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
    options.onOutput?.(chunk.toString());
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    try {
      const answer = await fetch(`http://${host}:${port}/portal/ready`, {
        signal: AbortSignal.timeout(2_000),
      });
      if (answer.status === 200) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer within ${timeoutMs / 1000} s:\n${output}`);
}
