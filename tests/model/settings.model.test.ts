import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type SettingsInput, settingsMachine } from '../../machines/shell/settings.machine';
import { shellPathSamples } from '../../machines/viewer/path-samples-shell';
import { CoverageRecorder, describeEvent, samplePaths, writeCoverageReport } from './model-kit';

// The viewer plans the first input's paths (machines/viewer/path-samples-shell.ts).
const sample = shellPathSamples.settings;
const inputs: SettingsInput[] = [
  sample.input as SettingsInput,
  { preferences: { tabsView: false }, sidebarOpened: false, viewportWidth: 1280 },
  { preferences: {}, sidebarOpened: true, viewportWidth: 390 },
];

const coverage = new CoverageRecorder();
let total = 0;

describe.each(inputs)(
  'settings statechart, generated paths (width $viewportWidth, sidebar $sidebarOpened)',
  (input) => {
    const paths = samplePaths(settingsMachine, sample, input);
    total += paths.length;

    it('generates paths', () => expect(paths.length).toBeGreaterThan(5));

    for (const path of paths) {
      it(
        path.steps
          .slice(1)
          .map((s) => describeEvent(s.event))
          .join(' → ') || 'start',
        () => {
          const cookie: boolean[] = [];
          const stored: unknown[] = [];
          const actor = createActor(
            settingsMachine.provide({
              actions: {
                saveSidebar: (_, p) => cookie.push(p.opened),
                savePreferences: (_, p) => stored.push(p.preferences),
              },
            }),
            { input, inspect: coverage.inspect },
          ).start();
          coverage.recordSnapshot(actor.getSnapshot());
          expect(actor.getSnapshot().value).toEqual(path.steps[0].state.value);
          let width = input.viewportWidth;
          for (const step of path.steps.slice(1)) {
            const before = actor.getSnapshot();
            const cookieWrites = cookie.length;
            actor.send(step.event as never);
            const after = actor.getSnapshot();
            expect(after.value).toEqual(step.state.value);
            if (step.event.type === 'viewport.resize')
              width = (step.event as unknown as { width: number }).width;
            expect(after.matches({ device: 'mobile' }), 'below 992 px is mobile').toBe(width < 992);
            if (after.matches({ device: 'desktop' })) {
              expect(after.matches({ device: { desktop: 'sidebarOpened' } })).toBe(
                after.context.sidebarPreferred,
              );
            }
            if (step.event.type === 'sidebar.toggle' && before.matches({ device: 'mobile' })) {
              expect(cookie, 'opening the menu on a phone is not a saved choice').toHaveLength(cookieWrites);
            }
            expect(after.context.preferences.themeColor).toMatch(/^#[0-9a-fA-F]{6}$/);
            if (stored.length) expect(stored.at(-1)).toEqual(after.context.preferences);
          }
        },
      );
    }
  },
);

afterAll(() => {
  const report = coverage.report(settingsMachine);
  writeCoverageReport(report, total);
  expect(report.missingStates).toEqual([]);
  expect(report.missingTransitions).toEqual([]);
});
