import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestPlan } from '../../machines/viewer/test-paths';
import { findWorkflow } from '../../machines/workflows/registry';
import { demoEmployees } from '../../server/seed/employees.seed';
import { freePort, startServerProcess } from '../server-process';
import { Cast } from './cast';
import { notRunnable } from './not-runnable';
import { httpPortal } from './portal';
import { runPlan } from './run-plan';
import { starters } from './starters';

const HOST = '127.0.0.1';

/** A seeded portal of its own in a temporary folder, for a run without `--base`. */
async function ownPortal() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-plan-'));
  const port = await freePort(HOST);
  const child: ChildProcess = await startServerProcess({ host: HOST, port, dataDir, timeoutMs: 240_000 });
  return {
    base: `http://${HOST}:${port}`,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `npm run paths -- <workflow> --run [--base URL]`: runs the plan through a portal as the demo accounts
 * its steps name and prints each path passed or failed with its first divergence. Answers whether all
 * passed.
 */
export async function runPlanFromCli(workflow: string, plan: TestPlan, base?: string): Promise<boolean> {
  const declaration = findWorkflow(workflow);
  const start = starters[workflow];
  if (declaration && !start && notRunnable[workflow]) {
    console.error(`${workflow} cannot be run yet: ${notRunnable[workflow]}`);
    return false;
  }
  if (!declaration || !start) {
    console.error(
      `${workflow} cannot be run yet: runnable workflows are ${Object.keys(starters).join(', ')} (scripts/plan-run/starters.ts)`,
    );
    return false;
  }
  const own = base ? undefined : await ownPortal();
  try {
    const portal = httpPortal(base ?? own!.base);
    const cast = new Cast(portal, demoEmployees, randomBytes(3).toString('hex'), declaration.example.actors);
    const runs = await runPlan(portal, declaration, plan, start, cast);
    for (const run of runs) {
      const where = run.divergence
        ? ` — step ${run.divergence.step}: expected ${run.divergence.expected}, got ${run.divergence.got}`
        : '';
      console.log(`${run.passed ? 'passed' : 'FAILED'}  path ${run.path} → ${run.target}${where}`);
    }
    const failed = runs.filter((r) => !r.passed).length;
    console.log(`${runs.length - failed} of ${runs.length} paths passed`);
    return failed === 0;
  } finally {
    own?.stop();
  }
}
