import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type Tab, tabsMachine } from '../../machines/shell/tabs.machine';
import { shellPathSamples } from '../../machines/viewer/path-samples-shell';
import { CoverageRecorder, describeEvent, samplePaths, writeCoverageReport } from './model-kit';

// The viewer plans the same paths (machines/viewer/path-samples-shell.ts).
const sample = shellPathSamples.tabs;
const input = sample.input as { tabs: Tab[] };

const coverage = new CoverageRecorder();
const paths = samplePaths(tabsMachine, sample);

describe('tabs statechart, generated paths', () => {
  it('generates paths', () => expect(paths.length).toBeGreaterThan(15));

  for (const path of paths) {
    it(
      path.steps
        .slice(1)
        .map((s) => describeEvent(s.event))
        .join(' → '),
      () => {
        const saved: { tabs: Tab[]; active?: string }[] = [];
        const navigations: string[] = [];
        const actor = createActor(
          tabsMachine.provide({
            actions: { persist: (_, p) => saved.push({ tabs: p.tabs, active: p.active }) },
          }),
          { input, inspect: coverage.inspect },
        );
        actor.on('navigate', (e) => navigations.push(e.to));
        actor.start();
        coverage.recordSnapshot(actor.getSnapshot());
        for (const step of path.steps.slice(1)) {
          const before = actor.getSnapshot().context;
          actor.send(step.event as never);
          const after = actor.getSnapshot();
          expect(after.value).toEqual(step.state.value);
          const { tabs, active } = after.context;
          expect(
            tabs.some((t) => t.pinned),
            'the pinned dashboard never closes',
          ).toBe(true);
          expect(new Set(tabs.map((t) => t.fullPath)).size, 'no tab twice').toBe(tabs.length);
          if (active) expect(tabs.map((t) => t.fullPath)).toContain(active);
          if (after.context !== before && saved.length) expect(saved[saved.length - 1].tabs).toEqual(tabs);
          const closedActive = before.active && !tabs.some((t) => t.fullPath === before.active);
          if (closedActive)
            expect(navigations.at(-1), 'closing the shown tab shows another').toBe(active ?? '/dashboard');
          if (step.event.type === 'menu.refresh')
            expect(navigations.at(-1)).toBe(`/redirect${before.menuFor}`);
        }
      },
    );
  }
});

afterAll(() => {
  const report = coverage.report(tabsMachine);
  writeCoverageReport(report, paths.length);
  expect(report.missingStates).toEqual([]);
  expect(report.missingTransitions).toEqual([]);
});
