// `npm test`: every suite, in the order that fails fastest — lint, then types beside unit and model tests,
// the API on PGlite (and beside it on PostgreSQL when DATABASE_URL is set), two servers behind HAProxy
// (DATABASE_URL), then the browser tests against the built client. Ends with one summary line counting every test.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';

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

function vitestArgs(name, projects, options = []) {
  return [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...options,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${results}/${name}.json`,
  ];
}

/** Each failed test: its suite, file, name and the first lines of why, printed again at the very end. */
const failures = [];
const FAILURE_LINES = 8;
const firstLines = (text = '') =>
  text
    .split('\n')
    .filter((line) => !line.includes('/node_modules/'))
    .slice(0, FAILURE_LINES)
    .map((line) => `    ${line}`)
    .join('\n');

/** Adds a finished suite's counts from its JSON report to the totals, and keeps its failures. */
function count(name) {
  const json = `${results}/${name}.json`;
  if (!existsSync(json)) {
    totals.failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(json, 'utf8'));
  for (const file of report.testResults) {
    const where = relative(process.cwd(), file.name);
    if (file.status === 'failed' && !file.assertionResults.some((a) => a.status === 'failed'))
      failures.push(`${name} ${where}: ${firstLines(file.message)}`);
    for (const test of file.assertionResults.filter((a) => a.status === 'failed'))
      failures.push(`${name} ${where} › ${test.fullName}\n${firstLines(test.failureMessages.join('\n'))}`);
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  // A suite that failed to load counts as a failure even when no test inside it ran.
  if (report.numFailedTestSuites > 0 && report.numFailedTests === 0)
    totals.failed += report.numFailedTestSuites;
}

function vitest(name, projects, env = process.env, options = []) {
  run(name, 'npx', vitestArgs(name, projects, options), env);
  count(name);
}

/**
 * Runs a step in the background, its output kept in test-results/<name>.log and printed when it
 * ends; resolves to whether it passed.
 */
function inBackground(name, command, args, env) {
  const log = `${results}/${name}.log`;
  const out = openSync(log, 'w');
  const child = spawn(command, args, { stdio: ['ignore', out, out], env });
  return new Promise((resolve) => {
    child.on('close', (status) => {
      console.log(`\n▶ ${name}\n${readFileSync(log, 'utf8')}`);
      if (status !== 0) failedSteps.push(name);
      resolve(status === 0);
    });
  });
}

const vitestInBackground = (name, projects, env) =>
  inBackground(name, 'npx', vitestArgs(name, projects), env).then(() => count(name));

const { DATABASE_URL, ...withoutDatabase } = process.env;

run('lint', 'npx', ['biome', 'ci', '.']);
// The type check keeps little more than one core busy for half a minute: it runs beside the unit and
// model tests, which take both cores (vitest's default leaves one free) and share them with it.
const types = inBackground('types', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], process.env);
vitest('unit-model', ['unit', 'model'], process.env, ['--maxWorkers=2']);
await types;

// Neither API suite keeps two cores busy on its own, so the PostgreSQL one runs beside the PGlite one;
// whichever ends first takes the steps the browser tests wait for, while the other still runs.
let built = false;
const afterApi = [
  // Two servers behind HAProxy need a database server they can share.
  DATABASE_URL && (() => vitestInBackground('scale', ['scale'], process.env)),
  async () => {
    built = await inBackground('build', 'npx', ['vite', 'build', '--logLevel', 'warn'], process.env);
  },
].filter(Boolean);
const takeNext = async () => {
  while (afterApi.length) await afterApi.shift()();
};
if (!DATABASE_URL) {
  console.log('\n(DATABASE_URL not set: the API suite runs on PGlite only, and the scale-out test of two');
  console.log('servers behind HAProxy does not run)');
}
await Promise.all([
  // On PostgreSQL the server runs with TZ=Asia/Shanghai, as a server in China is set up; on PGlite with
  // TZ as the machine has it (unset on CI: the host's clock on UTC, the business clock on its default).
  // What the portal shows must not depend on the host's own clock (docs/decisions.md).
  DATABASE_URL &&
    vitestInBackground('api-postgres', ['api'], { ...process.env, TZ: 'Asia/Shanghai' }).then(takeNext),
  // The seed's sameness is checked once, on PostgreSQL against PGlite, where both suites run.
  vitestInBackground('api-pglite', ['api'], {
    ...withoutDatabase,
    ...(DATABASE_URL && { SEED_COMPARED_ON_POSTGRES: '1' }),
  }).then(takeNext),
]);

// The browser tests, two files at a time, each against a server of its own on its own copy of the
// demo database (tests/e2e/global-setup.ts): a browser test waits on the page as much as it computes,
// so two keep the two cores busier than one, and the next file goes to whichever server is free.
// Their servers start from the demo the PGlite API suite seeded from this code (tests/e2e/global-setup.ts).
const e2eEnv = { ...withoutDatabase, E2E_SKIP_BUILD: '1', E2E_WORKERS: '2', E2E_DEMO_FROM_API: '1' };
if (built) vitest('e2e', ['e2e'], e2eEnv);
else failedSteps.push('e2e (not run: the build failed)');

// A suite that ran in the background printed its failures long before the end, where a reader of a
// long log's tail would miss them: they come again here.
if (failures.length) console.log(`\nFailed tests:\n${failures.map((f) => `  ${f}`).join('\n')}`);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
