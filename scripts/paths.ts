/**
 * `npm run paths -- <machine id> [--all | --simple] [--lang zh|en] [--csv]`: a test plan generated
 * from a statechart of machines/registry.ts, for testers, in business words.
 *
 * Default: the fewest shortest paths that pass through every reachable state and take every
 * transition the shortest paths take, the shortest path into each final state first; --all: every
 * shortest path (one through each transition into each state); --simple: simple paths (no state
 * twice), capped because they grow exponentially. Paths that read the same are listed once.
 * --lang: the plan's language (zh by default); --csv: one row per step (path, step, who, demo login,
 * what, input, expected status), headed in that language.
 *
 * --run [--base URL]: runs the plan through a portal (a seeded one of its own, or the one at URL) as the
 * accounts its steps name, and prints each path passed or failed with its first divergence
 * (scripts/plan-run/; workflows with a starter there).
 *
 * Each step of a declared business workflow names the demo login (server/seed/employees.seed.ts) that
 * holds the acting role. Events whose guards or actions read a payload need a sample in
 * machines/viewer/path-samples.ts; without one the summary lists them.
 */
import { machineRegistry, registryEntry } from '../machines/registry';
import { pathSamples } from '../machines/viewer/path-samples';
import { type PlanKind, planOf, planReport, reportCsv, reportText } from '../machines/viewer/plan-report';
import { planWords } from '../machines/viewer/plan-words';
import { type Lang, translate } from '../server/http/i18n';
import { demoEmployees } from '../server/seed/employees.seed';
import { runPlanFromCli } from './plan-run/cli';

const usage =
  'Usage: npm run paths -- <machine id> [--all | --simple] [--lang zh|en] [--csv] [--run [--base URL]]';
const args = process.argv.slice(2);
const langAt = args.indexOf('--lang') + 1;
const lang = langAt > 0 ? args[langAt] : 'zh';
const baseAt = args.indexOf('--base') + 1;
const base = baseAt > 0 ? args[baseAt] : undefined;
// The machine id is the one argument that is neither an option nor an option's value.
const optionValues = new Set([langAt, baseAt].filter((at) => at > 0));
const id = args.find((a, i) => !a.startsWith('--') && !optionValues.has(i));
const entry = id ? registryEntry(id) : undefined;

if (!entry || (lang !== 'zh' && lang !== 'en')) {
  const known = machineRegistry.map((e) => `  ${e.id.padEnd(16)} (${e.group})`).join('\n');
  const problem = !entry && id ? `Unknown machine "${id}". ` : entry ? `Unknown language "${lang}". ` : '';
  console.error(`${problem}${usage}\n\n${known}`);
  process.exit(id ? 1 : 2);
}

const t = (key: string, params?: Record<string, unknown>) => translate(lang as Lang, key, params);
const machine = await entry.load();
const words = planWords(machine, t, { lang: lang as Lang, logins: demoEmployees });
const kind: PlanKind = args.includes('--simple') ? 'simple' : args.includes('--all') ? 'shortest' : 'cover';
const plan = planOf(machine, pathSamples[entry.id], kind, words);
const report = planReport(machine, plan, words, t);
process.stdout.write(args.includes('--csv') ? reportCsv(report, t) : `${reportText(report, t)}\n`);
if (plan.error) process.exit(1);
if (args.includes('--run') && !(await runPlanFromCli(entry.id, plan, base))) process.exit(1);
