import rosetta from 'rosetta';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';
import { loadMachine } from '../../machines/registry';
import { layoutChart } from '../../machines/viewer/diagram';
import type { Room } from '../../machines/viewer/diagram-fit';
import { workflowViewerMachine } from '../../machines/viewer/viewer.machine';
import type { Translate } from '../../views/app-context';
import { type ChartLang, chartWords } from '../../views/workflows/diagram-words';

const translator = (lang: ChartLang): Translate => {
  const i18n = rosetta({ zh, en });
  return (key, params) => i18n.t(key, params ?? {}, lang) || key;
};
const AT_1440x900: Room = { width: 950, height: 640, wide: 1200 };

describe('a chart is laid out once per machine, language and direction', () => {
  it('gives back the same layouts when the chart is laid out again, in words built anew', async () => {
    const machine = await loadMachine('roleMenus');
    const first = await layoutChart(machine, 'DOWN', chartWords(translator('zh'), 'zh'), AT_1440x900);
    // Too big with its events written: the tight layouts were made for this room.
    expect(first.complete).toBe(true);
    const again = await layoutChart(machine, 'DOWN', chartWords(translator('zh'), 'zh'), AT_1440x900);
    expect(again.all).toHaveLength(first.all.length);
    for (const [i, layout] of again.all.entries()) expect(layout).toBe(first.all[i]);
    // Another language or direction is another chart.
    const english = await layoutChart(machine, 'DOWN', chartWords(translator('en'), 'en'), AT_1440x900);
    expect(english.all[0]).not.toBe(first.all[0]);
  }, 120_000);

  it('does not lay a chart out again when the viewer opens it a second time or the panel resizes', async () => {
    const viewer = createActor(workflowViewerMachine).start();
    viewer.send({ type: 'words.set', words: chartWords(translator('zh'), 'zh') });
    viewer.send({ type: 'panel.resize', size: AT_1440x900 });
    viewer.send({ type: 'machine.select', id: 'cronJob' });
    await waitFor(viewer, (s) => s.matches('shown'), { timeout: 120_000 });
    const opened = viewer.getSnapshot().context.layouts!;
    viewer.send({ type: 'panel.resize', size: { width: 900, height: 600, wide: 1150 } });
    expect(viewer.getSnapshot().context.layouts).toBe(opened);
    viewer.send({ type: 'machine.select', id: 'approval' });
    await waitFor(viewer, (s) => s.matches('shown'), { timeout: 120_000 });
    viewer.send({ type: 'machine.select', id: 'cronJob' });
    await waitFor(viewer, (s) => s.matches('shown'));
    const reopened = viewer.getSnapshot().context.layouts!;
    for (const [i, layout] of reopened.all.entries()) expect(layout).toBe(opened.all[i]);
    expect(opened.all).toContain(viewer.getSnapshot().context.layout);
  }, 240_000);
});
