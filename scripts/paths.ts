/**
 * `npm run paths -- <machine id> [--csv] [--simple]`: the test paths generated from a statechart of
 * machines/registry.ts, for testers. Default: shortest paths to every state, one through each
 * transition into it; --simple: simple paths (no state twice), capped because they grow
 * exponentially; --csv: path,step,state,event,next_state instead of the readable plan.
 *
 * Limitation: events are derived from the machine's transitions (user events, invoked services'
 * done/error events, `after` timers). Events whose guards or actions read a payload need a sample
 * in machines/viewer/path-samples.ts; without one they are listed as "needing a sample payload".
 */
import { machineRegistry, registryEntry } from '../machines/registry';
import { pathSamples } from '../machines/viewer/path-samples';
import { planCsv, planText, shortestPlan, simplePlan } from '../machines/viewer/test-paths';

const args = process.argv.slice(2);
const id = args.find((a) => !a.startsWith('--'));
const entry = id ? registryEntry(id) : undefined;

if (!entry) {
  const known = machineRegistry.map((e) => `  ${e.id.padEnd(16)} (${e.group})`).join('\n');
  console.error(
    `${id ? `Unknown machine "${id}". ` : ''}Usage: npm run paths -- <machine id> [--csv] [--simple]\n\n${known}`,
  );
  process.exit(id ? 1 : 2);
}

const machine = await entry.load();
const sample = pathSamples[entry.id];
const plan = args.includes('--simple') ? simplePlan(machine, sample) : shortestPlan(machine, sample);
process.stdout.write(args.includes('--csv') ? planCsv(plan) : `${planText(plan)}\n`);
if (plan.error) process.exit(1);
