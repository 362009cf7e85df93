import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { demoWorld } from './harness';

/**
 * `npm run verify-events` and `npm run rebuild` as an operator runs them, on the demo world: a PGlite
 * folder, or a copy of the run's demo database on the PostgreSQL server when the suite runs there.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'portal-cli-'));
let world: Awaited<ReturnType<typeof demoWorld>>;
const run = (script: string) => {
  const { DATABASE_URL: _server, ...env } = process.env;
  return spawnSync('npm', ['run', '-s', script], { env: { ...env, ...world.env }, encoding: 'utf8' });
};

/** How many streams the demo seed wrote, counted in the database the commands then read. */
let seededStreams = 0;

beforeAll(async () => {
  world = await demoWorld(dataDir);
  const database = await openDatabase({ databaseUrl: world.databaseUrl, dataDir });
  const counted = await sql<{ n: number }>`select count(*)::int as n from workflow_stream`.execute(
    database.db,
  );
  seededStreams = counted.rows[0].n;
  await database.close();
}, 300_000);
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await world?.drop();
});

describe('the workflow commands', () => {
  it('verify-events replays every seeded stream and finds none refused', () => {
    const result = run('verify-events');
    expect(result.status, result.stderr).toBe(0);
    expect(seededStreams).toBeGreaterThan(35);
    expect(result.stdout).toContain(`${seededStreams} streams checked, 0 do not replay`);
  }, 60_000);

  it('rebuild rebuilds every stream’s projection', () => {
    const result = run('rebuild');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`${seededStreams} streams rebuilt`);
    expect(result.stdout).toMatch(/order counts per number year rebuilt: [1-9]\d* groups/);
  }, 60_000);
});
