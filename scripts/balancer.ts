import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BalancedServer {
  name: string;
  port: number;
}

/** Whether Debian's haproxy is installed (`.ci/run` installs it for the scale-out test). */
export const haproxyAvailable = () => spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;

/**
 * The HAProxy configuration of docs/deployment.md for servers on one machine: round robin, readiness
 * checked every 500 ms (a draining server leaves after two failed checks), and a request that could not
 * reach a server — refused connection, or the 503 of a server closing — tried again on another one.
 * Only those are retried: a request a server may have started is never sent twice.
 */
export function haproxyConfig(port: number, servers: BalancedServer[], host = '127.0.0.1'): string {
  return [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 120s',
    '  timeout server 120s',
    '  retries 3',
    '  option redispatch',
    '  retry-on conn-failure 503',
    'frontend portal',
    `  bind ${host}:${port}`,
    '  default_backend portal_servers',
    'backend portal_servers',
    '  balance roundrobin',
    '  option httpchk GET /portal/ready',
    '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 2',
    // Which server answered: an operator's aid when reading a trace (and how the test sees rotation).
    '  http-response set-header X-Served-By %s',
    ...servers.map((server) => `  server ${server.name} ${host}:${server.port} check`),
    '',
  ].join('\n');
}

/** Starts haproxy in the foreground on `port` in front of `servers`, and waits until it answers. */
export async function startBalancer(
  dir: string,
  port: number,
  servers: BalancedServer[],
  timeoutMs = 30_000,
): Promise<ChildProcess> {
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig(port, servers));
  const child = spawn('haproxy', ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}):\n${output}`);
    const answer = await fetch(`http://127.0.0.1:${port}/portal/ready`, {
      signal: AbortSignal.timeout(2_000),
    }).catch(() => undefined);
    if (answer?.status === 200) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`haproxy did not answer within ${timeoutMs / 1000} s:\n${output}`);
}
