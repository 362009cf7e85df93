import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathSamples } from '../../machines/viewer/path-samples';
import { planOf } from '../../machines/viewer/plan-report';
import { planWords } from '../../machines/viewer/plan-words';
import { findWorkflow, workflowDeclarations } from '../../machines/workflows/registry';
import { Cast } from '../../scripts/plan-run/cast';
import { notRunnable } from '../../scripts/plan-run/not-runnable';
import { runPlan } from '../../scripts/plan-run/run-plan';
import { starters } from '../../scripts/plan-run/starters';
import { translate } from '../../server/http/i18n';
import { demoEmployees } from '../../server/seed/employees.seed';
import { startTestApp, type TestApp } from './harness';

/**
 * The chart is the rule: every path of a workflow's default test plan (`npm run paths`), sent step by
 * step to the portal as the accounts the plan names, is taken exactly as the chart says — no refusal
 * the chart did not predict, no other state. Forwards go to a colleague of the step's role (an account
 * the administrator makes for the run), as the machine's guard now demands.
 */
/** `PLAN_WORKFLOWS=a,b` runs those workflows' plans alone (while a starter is being written). */
const chosen = process.env.PLAN_WORKFLOWS?.split(',').filter(Boolean);
const only = (workflow: string) => !chosen || chosen.includes(workflow);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp('demo', { runsJobsAsked: true });
});
afterAll(() => t?.close());

it('runs every declared workflow but those said not to be runnable yet, each with its reason', () => {
  const declared = workflowDeclarations.map((d) => d.name).sort();
  const runnable = Object.keys(starters);
  expect(runnable.filter((name) => name in notRunnable)).toEqual([]);
  expect(declared.filter((name) => !runnable.includes(name) && !(name in notRunnable))).toEqual([]);
  expect(Object.keys(notRunnable).filter((name) => !declared.includes(name))).toEqual([]);
});

describe.each(Object.keys(starters).filter(only))(
  'the default plan of %s, run through the API',
  (workflow) => {
    it('takes every step of every path as the chart says', async () => {
      const declaration = findWorkflow(workflow)!;
      const words = planWords(declaration.machine, (key, params) => translate('zh', key, params), {
        lang: 'zh',
        logins: demoEmployees,
      });
      const plan = planOf(declaration.machine, pathSamples[workflow], 'cover', words);
      expect(plan.paths.length).toBeGreaterThan(0);
      const cast = new Cast(t, demoEmployees, randomBytes(3).toString('hex'), declaration.example.actors);
      const runs = await runPlan(t, declaration, plan, starters[workflow], cast);
      expect(runs.filter((r) => !r.passed)).toEqual([]);
      // Where the chart forwards, a forward is among the steps taken: a colleague of the role decided.
      if (Object.values(declaration.commands).some((c) => c.asks === 'colleague'))
        expect(plan.paths.some((p) => p.steps.some((s) => s.sent.type.endsWith('.forward')))).toBe(true);
      // A plan is a dozen records taken through every step: its time grows with the chart, not a request's.
    }, 300_000);
  },
);

/** The tester's own command, `npm run paths -- <workflow> --run --base URL`, against a running portal. */
it.runIf(only('paymentApproval'))(
  'runs a plan from the command line over HTTP, printing each path passed and the count',
  async () => {
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const run = promisify(execFile);
    const { stdout } = await run(
      'npx',
      ['tsx', 'scripts/paths.ts', 'paymentApproval', '--run', '--base', base],
      {
        cwd: process.cwd(),
      },
    );
    // The plan's coverage first, then one line per path; a failed path would make the command exit 1.
    expect(stdout).toMatch(/4\/4/);
    expect(stdout.match(/^passed {2}path /gm)?.length).toBe(3);
    expect(stdout).toContain('3 of 3 paths passed');
  },
  300_000,
);
