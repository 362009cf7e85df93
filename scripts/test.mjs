// `npm test`: every suite, in the order that fails fastest — lint and types, unit and model tests,
// the API on PGlite (and on PostgreSQL when DATABASE_URL is set), then the browser tests against the
// built client. Ends with one summary line counting every test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

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

function vitest(name, projects, env = process.env) {
  const json = `${results}/${name}.json`;
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${json}`,
  ];
  run(name, 'npx', args, env);
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

const { DATABASE_URL, ...withoutDatabase } = process.env;

run('lint', 'npx', ['biome', 'ci', '.']);
run('types', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
vitest('unit-model', ['unit', 'model']);
vitest('api-pglite', ['api'], withoutDatabase);
if (DATABASE_URL) vitest('api-postgres', ['api'], process.env);
else console.log('\n(DATABASE_URL not set: the API suite ran on PGlite only)');
if (run('build', 'npx', ['vite', 'build', '--logLevel', 'warn'])) {
  vitest('e2e', ['e2e'], { ...withoutDatabase, E2E_SKIP_BUILD: '1' });
} else {
  failedSteps.push('e2e (not run: the build failed)');
}

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
