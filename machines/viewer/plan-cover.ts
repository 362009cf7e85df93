import type { AnyStateMachine } from 'xstate';
import { coveredBy, leafStates, type PlanPath, type TestPlan } from './test-paths';

/**
 * What a test plan covers, and the plans made from the full set of shortest paths: the one without
 * paths that read alike, and the default one that covers everything with the fewest paths.
 */

/** What a plan covers, against what its walk reached and what the machine has. */
export interface PlanCoverage {
  states: { covered: string[]; reachable: string[] };
  transitions: { covered: string[]; all: string[]; uncovered: string[] };
}

export function planCoverage(machine: AnyStateMachine, plan: TestPlan): PlanCoverage {
  const { states, transitions } = coveredBy(machine, plan.paths);
  const reachable = plan.reachable ?? [];
  const all = plan.transitions ?? [];
  return {
    states: { covered: reachable.filter((s) => states.has(s)), reachable },
    transitions: {
      covered: all.filter((t) => transitions.has(t)),
      all,
      uncovered: all.filter((t) => !transitions.has(t)),
    },
  };
}

const renumbered = (paths: PlanPath[]) => paths.map((path, i) => ({ ...path, n: i + 1 }));

/**
 * The plan less the paths that read the same as an earlier one (`pathKey` says what a path reads
 * as), so two reviewers of one role agreeing are one path to test, not two.
 */
export function withoutDuplicates(plan: TestPlan, pathKey: (path: PlanPath) => string): TestPlan {
  const seen = new Set<string>();
  const paths = plan.paths.filter((path) => {
    const key = pathKey(path);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { ...plan, paths: renumbered(paths) };
}

/**
 * The default plan: the fewest of the shortest paths (greedy set cover, in a fixed order) that pass
 * through every reachable state and take every transition the shortest paths take, plus the shortest
 * path into each final state, which come first.
 */
export function coverPlan(machine: AnyStateMachine, full: TestPlan): TestPlan {
  if (full.error) return { ...full, kind: 'cover' };
  const covers = full.paths.map((path) => {
    const { states, transitions } = coveredBy(machine, [path]);
    return new Set([...[...states].map((s) => `state ${s}`), ...[...transitions].map((t) => `go ${t}`)]);
  });
  const chosen: number[] = [];
  const open = new Set(covers.flatMap((c) => [...c]));
  const choose = (i: number) => {
    chosen.push(i);
    for (const item of covers[i]) open.delete(item);
  };
  const endsIn = (path: PlanPath, state: string) =>
    leafStates(machine, path.steps[path.steps.length - 1].to.value).includes(state);
  for (const final of (full.reachable ?? []).filter((id) => machine.getStateNodeById(id).type === 'final')) {
    let best = -1;
    full.paths.forEach((path, i) => {
      if (endsIn(path, final) && (best < 0 || path.steps.length < full.paths[best].steps.length)) best = i;
    });
    if (best >= 0 && !chosen.includes(best)) choose(best);
  }
  while (open.size) {
    let best = -1;
    let gain = 0;
    covers.forEach((cover, i) => {
      const own = [...cover].filter((item) => open.has(item)).length;
      const shorter = best >= 0 && own === gain && full.paths[i].steps.length < full.paths[best].steps.length;
      if (own > gain || shorter) {
        best = i;
        gain = own;
      }
    });
    if (best < 0) break;
    choose(best);
  }
  return { ...full, kind: 'cover', paths: renumbered(chosen.map((i) => full.paths[i])) };
}
