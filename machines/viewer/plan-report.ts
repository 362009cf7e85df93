import type { AnyStateMachine } from 'xstate';
import { coverPlan, planCoverage, withoutDuplicates } from './plan-cover';
import type { PathWords, PlanWords, StepWords, Translate } from './plan-words';
import { type PathSample, shortestPlan, simplePlan, type TestPlan } from './test-paths';

/** Which plan: the default cover, every shortest path (`--all`), or simple paths (`--simple`). */
export type PlanKind = TestPlan['kind'];

/** The plan of a kind, less the paths that read the same as an earlier one. */
export function planOf(
  machine: AnyStateMachine,
  sample: PathSample | undefined,
  kind: PlanKind,
  words: PlanWords,
) {
  if (kind === 'simple') return withoutDuplicates(simplePlan(machine, sample), words.pathKey);
  const all = withoutDuplicates(shortestPlan(machine, sample), words.pathKey);
  return kind === 'cover' ? coverPlan(machine, all) : all;
}

/** A plan as a tester reads it: a heading, what it covers and what it leaves out, and its paths. */
export interface PlanReport {
  heading: string;
  summary: string[];
  paths: PathWords[];
}

export function planReport(
  machine: AnyStateMachine,
  plan: TestPlan,
  words: PlanWords,
  t: Translate,
): PlanReport {
  const heading = t('workflows.paths.heading', {
    machine: words.title,
    kind: t(`workflows.paths.${plan.kind}`),
  });
  if (plan.error) {
    const error = plan.problem ? t(`workflows.paths.${plan.problem.kind}`, plan.problem) : plan.error;
    return { heading, summary: [t('workflows.paths.error', { error })], paths: [] };
  }
  const coverage = planCoverage(machine, plan);
  const list = (items: string[]) => [...new Set(items)].join(t('workflows.paths.separator'));
  const summary = [
    t('workflows.paths.coverage', {
      states: coverage.states.covered.length,
      reachable: coverage.states.reachable.length,
      transitions: coverage.transitions.covered.length,
      total: coverage.transitions.all.length,
      count: plan.paths.length,
    }),
  ];
  const unreached = coverage.states.reachable.filter((s) => !coverage.states.covered.includes(s));
  if (unreached.length)
    summary.push(t('workflows.paths.unreached', { states: list(unreached.map(words.state)) }));
  if (coverage.transitions.uncovered.length)
    summary.push(
      t('workflows.paths.uncovered', {
        transitions: list(coverage.transitions.uncovered.map(words.transition)),
      }),
    );
  if (plan.needsSample.length)
    summary.push(t('workflows.paths.needsSample', { events: list(plan.needsSample.map(words.event)) }));
  if (plan.truncated) summary.push(t('workflows.paths.truncated', { count: plan.paths.length }));
  return { heading, summary, paths: plan.paths.map(words.path) };
}

/** One step as a line: "1. Channel manager · channel (Wang): Approve → In review". */
export function stepLine(step: StepWords, t: Translate): string {
  const who = step.login ? t('workflows.paths.whoWithLogin', { who: step.who, login: step.login }) : step.who;
  const input = step.input ? t('workflows.paths.withInput', { input: step.input }) : '';
  return t('workflows.paths.step', { n: step.n, who, what: step.what, input, status: step.status });
}

/** The report as numbered paths a tester follows by hand. */
export function reportText(report: PlanReport, t: Translate): string {
  const lines = [report.heading, ...report.summary];
  for (const path of report.paths) {
    lines.push('', t('workflows.paths.path', { n: path.n, goal: path.goal }));
    for (const step of path.steps) lines.push(`   ${stepLine(step, t)}`);
  }
  return lines.join('\n');
}

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The report as CSV, one row per step, headed in the report's language. */
export function reportCsv(report: PlanReport, t: Translate): string {
  const columns = ['path', 'step', 'who', 'login', 'what', 'input', 'status'] as const;
  const rows: (string | number)[][] = [columns.map((c) => t(`workflows.paths.columns.${c}`))];
  for (const path of report.paths) {
    for (const s of path.steps) rows.push([path.n, s.n, s.who, s.login, s.what, s.input, s.status]);
  }
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\n')}\n`;
}
