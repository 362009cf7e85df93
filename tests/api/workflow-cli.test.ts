import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seed } from '../../server/seed/seed';

/**
 * `npm run verify-events` and `npm run rebuild` as an operator runs them, on a seeded PGlite folder
 * (the same commands take DATABASE_URL; the engine under them is tested on both backends).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'portal-cli-'));
const { DATABASE_URL: _server, ...env } = process.env;
const run = (script: string) =>
  spawnSync('npm', ['run', '-s', script], { env: { ...env, DATA_DIR: dataDir }, encoding: 'utf8' });

/** How many streams the demo seed wrote, counted in the database the commands then read. */
let seededStreams = 0;

beforeAll(async () => {
  const database = await openDatabase({ dataDir });
  await migrateToLatest(database.db);
  await seed(database.db, 'demo');
  const counted = await sql<{ n: number }>`select count(*)::int as n from workflow_stream`.execute(
    database.db,
  );
  seededStreams = counted.rows[0].n;
  await database.close();
  // The whole demo world on PGlite: about 25 s alone, several times that beside the other suites.
}, 300_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

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
  }, 60_000);
});
