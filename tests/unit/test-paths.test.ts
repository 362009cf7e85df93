import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { machineRegistry } from '../../machines/registry';
import { sessionMachine } from '../../machines/session/session.machine';
import { transitionsOf } from '../../machines/viewer/diagram-graph';
import { pathSamples } from '../../machines/viewer/path-samples';
import {
  eventsFor,
  eventTypesOf,
  planCsv,
  planText,
  shortestPlan,
  simplePlan,
} from '../../machines/viewer/test-paths';
import { registrationWorkflow } from '../../machines/workflows/registration.workflow';

/** A machine with an invoked service, a timer and a guard that reads the payload. */
const exporter = setup({
  actors: { runExport: fromPromise(async () => 'file.xlsx') },
  guards: {
    hasRows: ({ event }) => (event as { rows?: number }).rows! > 0,
    isOwner: ({ event }) => (event as any).actor.id === 'me',
  },
  delays: { COOLDOWN: 30_000 },
}).createMachine({
  id: 'exporter',
  initial: 'ready',
  context: { file: '' },
  states: {
    ready: {
      on: {
        'export.start': { guard: 'hasRows', target: 'exporting' },
        'export.cancel': { guard: 'isOwner' },
      },
    },
    exporting: {
      invoke: {
        id: 'runExport',
        src: 'runExport',
        onDone: { target: 'coolingDown', actions: assign({ file: ({ event }) => event.output }) },
        onError: 'ready',
      },
    },
    coolingDown: { after: { COOLDOWN: 'ready' } },
  },
});

describe('the events of a machine', () => {
  it('are every event type it handles, service outcomes and timers included', () => {
    expect(eventTypesOf(exporter).sort()).toEqual([
      'export.cancel',
      'export.start',
      'xstate.after.COOLDOWN.exporter.coolingDown',
      'xstate.done.actor.runExport',
      'xstate.error.actor.runExport',
    ]);
    const events = eventsFor(exporter, { events: [{ type: 'export.start', rows: 5 }] });
    expect(events).toContainEqual({ type: 'export.start', rows: 5 });
    expect(events).toContainEqual({ type: 'xstate.error.actor.runExport' });
  });
});

describe('shortestPlan', () => {
  it('walks services and timers as steps, given a payload for the guard', () => {
    const plan = shortestPlan(exporter, { events: [{ type: 'export.start', rows: 5 }] });
    const lines = plan.paths.flatMap((p) => p.steps.map((s) => `${s.state} --${s.event}--> ${s.next}`));
    expect(lines).toContain('ready --export.start (rows: 5)--> exporting');
    expect(lines).toContain('exporting --xstate.done.actor.runExport--> coolingDown');
    expect(lines).toContain('coolingDown --xstate.after.COOLDOWN.exporter.coolingDown--> ready');
    expect(lines).toContain('exporting --xstate.error.actor.runExport--> ready');
    expect(plan.needsSample).toEqual(['export.cancel']);
    expect(plan.uncovered).toEqual(['exporter.ready:export.cancel:0']);
  });

  it('names the events that need a sample payload, and the transitions no path takes', () => {
    const plan = shortestPlan(exporter);
    expect(plan.paths).toEqual([]);
    expect(plan.needsSample).toEqual(['export.cancel']);
    expect(plan.uncovered).toEqual([
      'exporter.ready:export.start:0',
      'exporter.ready:export.cancel:0',
      'exporter.exporting:xstate.done.actor.runExport:0',
      'exporter.exporting:xstate.error.actor.runExport:0',
      'exporter.coolingDown:xstate.after.COOLDOWN.exporter.coolingDown:0',
    ]);
    const text = planText(plan);
    expect(text).toContain('events needing a sample payload: export.cancel');
    expect(text).toContain(
      'transitions on no path (no sample passes their guard): exporter.ready:export.start:0',
    );
  });

  it('reports a machine that cannot start without its input', () => {
    const plan = shortestPlan(sessionMachine);
    expect(plan.error).toMatch(/cannot start without a sample input/);
    expect(planText(plan)).toContain('cannot plan: cannot start without a sample input');
  });

  it('puts every state and every transition of the registration workflow on some path', () => {
    const plan = shortestPlan(registrationWorkflow, pathSamples.registration);
    const targets = new Set(plan.paths.flatMap((p) => p.steps.map((s) => s.next)));
    const leaves = getStateNodes(registrationWorkflow.root).map((n) => n.key);
    for (const state of leaves) expect(targets.has(state) || state === 'inReview', state).toBe(true);
    const taken = new Set(
      plan.paths.flatMap((p) => p.steps.map((s) => `${s.state}|${s.event.split(' ')[0]}|${s.next}`)),
    );
    for (const node of getStateNodes(registrationWorkflow.root)) {
      for (const t of transitionsOf(node)) {
        const target = t.target?.[0]?.key ?? node.key;
        expect(
          taken.has(`${node.key}|${t.eventType}|${target}`),
          `${node.key} ${t.eventType} → ${target}`,
        ).toBe(true);
      }
    }
  });
});

describe('simplePlan', () => {
  it('lists simple paths and stops at the cap, saying so', () => {
    // One actor of each step and valid payloads only: the full sample has more simple paths than the cap.
    const few = new Set(['applicant:1', 'channel-1', 'department-1', 'finance-1']);
    const sample = {
      ...pathSamples.registration,
      events: (pathSamples.registration.events ?? []).filter(
        (e) =>
          few.has((e as { actor?: { id: string } }).actor?.id ?? '') &&
          (e as { reason?: string }).reason?.trim() !== '' &&
          [undefined, 'channel-2'].includes((e as { to?: string }).to),
      ),
    };
    const full = simplePlan(registrationWorkflow, sample);
    expect(full.truncated).toBe(false);
    expect(full.paths.length).toBeGreaterThan(5);
    for (const path of full.paths) {
      const seen = path.steps.map((s) => `${s.state}`);
      expect(path.steps.length).toBeGreaterThan(0);
      expect(seen[0]).toBe('inReview');
    }
    const capped = simplePlan(registrationWorkflow, sample, {
      states: 2000,
      paths: 3,
      depth: 30,
    });
    expect(capped.paths).toHaveLength(3);
    expect(capped.truncated).toBe(true);
    expect(planText(capped)).toContain('stopped at 3 paths');
  });

  it('says when the state space is not finite within the limit', () => {
    const counter = setup({}).createMachine({
      id: 'counter',
      context: { n: 0 },
      initial: 'on',
      states: { on: { on: { inc: { actions: assign({ n: ({ context }) => context.n + 1 }) } } } },
    });
    const plan = simplePlan(
      counter,
      { contextKey: (s) => (s.context as { n: number }).n },
      {
        states: 50,
        paths: 10,
        depth: 5,
      },
    );
    expect(plan.error).toBe('state space exceeds 50 states');
  });
});

describe('the plan as text and CSV', () => {
  it('numbers paths and steps, and quotes CSV cells that need it', () => {
    const plan = shortestPlan(exporter, { events: [{ type: 'export.start', rows: 5 }] });
    const text = planText(plan);
    expect(text).toMatch(/^exporter: \d+ shortest paths/);
    expect(text).toContain('1. → ');
    expect(text).toContain('   in ready: send export.start (rows: 5) → exporting');
    const csv = planCsv(plan).trim().split('\n');
    expect(csv[0]).toBe('path,step,state,event,next_state');
    expect(csv[1]).toBe('1,1,ready,export.start (rows: 5),exporting');
    const quoted = planCsv({
      ...plan,
      paths: [{ n: 1, target: 'x', steps: [{ n: 1, state: 'a,b', event: 'say "hi"', next: 'x' }] }],
    });
    expect(quoted.split('\n')[1]).toBe('1,1,"a,b","say ""hi""",x');
  });

  it('plans every machine of the registry: fully where it has a sample, with a reason where not', async () => {
    for (const entry of machineRegistry) {
      const sample = pathSamples[entry.id];
      const plan = shortestPlan(await entry.load(), sample);
      if (sample) {
        expect(plan.error, entry.id).toBeUndefined();
        expect(plan.paths.length, entry.id).toBeGreaterThan(0);
      } else if (plan.error) {
        expect(plan.error, entry.id).toMatch(/sample input|state space/);
      }
    }
  }, 60_000);
});
