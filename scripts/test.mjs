// `npm test`: every suite, in the order that fails fastest — lint and types, unit and model tests,
// the API on PGlite (and beside it on PostgreSQL when DATABASE_URL is set), two servers behind HAProxy
// (DATABASE_URL), then the browser tests against the built client. Ends with one summary line counting every test.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';

const results = 'test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(name, command, args, env = process.env) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

function vitestArgs(name, projects, extra = []) {
  return [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...extra,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${results}/${name}.json`,
  ];
}

/** Adds a finished suite's counts from its JSON report to the totals. */
function count(name) {
  const json = `${results}/${name}.json`;
  if (!existsSync(json)) {
    totals.failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(json, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  // A suite that failed to load counts as a failure even when no test inside it ran.
  if (report.numFailedTestSuites > 0 && report.numFailedTests === 0)
    totals.failed += report.numFailedTestSuites;
}

function vitest(name, projects, env = process.env) {
  run(name, 'npx', vitestArgs(name, projects), env);
  count(name);
}

/**
 * Runs a suite in the background, its output kept in test-results/<name>.log and printed when it
 * ends. Neither API suite keeps two cores busy on its own, so the PostgreSQL one runs beside the
 * PGlite one: the pair takes about as long as the longer of the two.
 */
function vitestInBackground(name, projects, env, extra = []) {
  const log = `${results}/${name}.log`;
  const out = openSync(log, 'w');
  const child = spawn('npx', vitestArgs(name, projects, extra), { stdio: ['ignore', out, out], env });
  return new Promise((resolve) => {
    child.on('close', (status) => {
      console.log(`\n▶ ${name}\n${readFileSync(log, 'utf8')}`);
      if (status !== 0) failedSteps.push(name);
      count(name);
      resolve();
    });
  });
}

const { DATABASE_URL, ...withoutDatabase } = process.env;

run('lint', 'npx', ['biome', 'ci', '.']);
run('types', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
vitest('unit-model', ['unit', 'model']);
const onPostgres = DATABASE_URL ? vitestInBackground('api-postgres', ['api'], process.env) : undefined;
vitest('api-pglite', ['api'], withoutDatabase);
if (onPostgres) await onPostgres;
else console.log('\n(DATABASE_URL not set: the API suite ran on PGlite only)');
// Two servers behind HAProxy need a database server they can share.
if (DATABASE_URL) vitest('scale', ['scale']);
else console.log('(DATABASE_URL not set: the scale-out test of two servers behind HAProxy did not run)');
// The browser tests in two halves side by side, each against a server of its own on its own demo
// database (tests/e2e/global-setup.ts): a browser test waits on the page as much as it computes, so
// two keep the two cores busier than one, and neither half sees the other's records.
const E2E_SHARDS = 2;
if (run('build', 'npx', ['vite', 'build', '--logLevel', 'warn'])) {
  const env = { ...withoutDatabase, E2E_SKIP_BUILD: '1' };
  await Promise.all(
    Array.from({ length: E2E_SHARDS }, (_, i) =>
      vitestInBackground(`e2e-${i + 1}`, ['e2e'], env, [`--shard=${i + 1}/${E2E_SHARDS}`]),
    ),
  );
} else {
  failedSteps.push('e2e (not run: the build failed)');
}

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
