import rosetta from 'rosetta';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';
import { loadAllMachines, loadMachine } from '../../machines/registry';
import { layoutChart, layoutMachine } from '../../machines/viewer/diagram';
import {
  chooseChart,
  fitScale,
  initialStateBox,
  keepCentre,
  MIN_TEXT_PX,
  minZoom,
  openScale,
  READABLE_SCALE,
  type Room,
  readableWhole,
  revealScroll,
  roomFor,
  scaleBox,
  scrollAfter,
  statesBox,
  wholeScale,
  zoomStep,
} from '../../machines/viewer/diagram-fit';
import { FONT_PX } from '../../machines/viewer/diagram-layout';
import { drawnSize, drawSvg } from '../../machines/viewer/diagram-svg';
import { workflowViewerMachine } from '../../machines/viewer/viewer.machine';
import { approvalWorkflow } from '../../machines/workflows/approval.workflow';
import type { Translate } from '../../views/app-context';
import { type ChartLang, chartWords } from '../../views/workflows/diagram-words';

const translator = (lang: ChartLang): Translate => {
  const i18n = rosetta({ zh, en });
  return (key, params) => i18n.t(key, params ?? {}, lang) || key;
};

/**
 * The chart panel of a 1440×900 window (the machine list folded away, as it is below 1600 px): beside
 * the column of details, and the page's width with that column below the chart.
 */
const AT_1440x900: Room = { width: 950, height: 640, wide: 1200 };

const inside = (
  box: { x: number; y: number; width: number; height: number },
  scroll: { left: number; top: number },
  view: { width: number; height: number },
) =>
  box.x >= scroll.left &&
  box.y >= scroll.top &&
  box.x + box.width <= scroll.left + view.width &&
  box.y + box.height <= scroll.top + view.height;

describe('fitScale', () => {
  it('shows a small chart whole at its drawn size, never blown up', () => {
    expect(fitScale({ width: 300, height: 200 }, { width: 900, height: 600 })).toBe(1);
  });

  it('shrinks a chart to show it whole, by whichever side is tighter', () => {
    expect(fitScale({ width: 1000, height: 500 }, { width: 920, height: 600 })).toBe(0.92);
    expect(fitScale({ width: 800, height: 3000 }, { width: 780, height: 600 })).toBe(0.2);
  });

  it('has no floor: a wide chart on a phone is shown whole too', () => {
    const scale = fitScale({ width: 2400, height: 1400 }, { width: 340, height: 590 });
    expect(scale).toBe(0.141);
    expect(2400 * scale).toBeLessThanOrEqual(340);
    expect(1400 * scale).toBeLessThanOrEqual(590);
  });

  it('keeps the drawn size until the panel is measured', () => {
    expect(fitScale({ width: 1200, height: 900 }, { width: 0, height: 0 })).toBe(1);
    expect(wholeScale({ width: 300, height: 200 }, { width: 900, height: 600 })).toBe(3);
  });
});

describe('openScale', () => {
  it('opens a chart whole while its smallest text stays at 12 px or more', () => {
    expect(openScale({ width: 300, height: 200 }, { width: 900, height: 600 })).toBe(1);
    expect(openScale({ width: 1000, height: 500 }, { width: 920, height: 600 })).toBe(0.92);
  });

  it('opens a big chart at the readable size instead, however small its whole would be', () => {
    expect(openScale({ width: 3000, height: 2400 }, { width: 1100, height: 780 })).toBe(READABLE_SCALE);
    expect(Math.min(...Object.values(FONT_PX)) * READABLE_SCALE).toBeGreaterThanOrEqual(MIN_TEXT_PX);
    // Zooming out and "fit" still reach the whole chart.
    expect(minZoom({ width: 3000, height: 2400 }, { width: 1100, height: 780 })).toBeLessThan(READABLE_SCALE);
  });
});

describe('chooseChart: guards written, numbered, or the page’s width', () => {
  const room: Room = { width: 900, height: 600, wide: 1150 };
  it('keeps a chart’s guards on its arrows while it is readable whole so', () => {
    expect(chooseChart({ width: 900, height: 500 }, { width: 700, height: 450 }, room)).toEqual({
      numbered: false,
      wide: false,
    });
  });

  it('numbers the guards of a chart too big to fit with them written out', () => {
    expect(chooseChart({ width: 2000, height: 700 }, { width: 1000, height: 650 }, room)).toEqual({
      numbered: true,
      wide: false,
    });
  });

  it('gives the chart the page’s width where numbering alone does not make it fit', () => {
    const numbered = { width: 1300, height: 650 };
    expect(readableWhole(numbered, roomFor(room, false))).toBe(false);
    expect(chooseChart({ width: 2600, height: 700 }, numbered, room)).toEqual({ numbered: true, wide: true });
    expect(readableWhole(numbered, roomFor(room, true))).toBe(true);
    // A chart without guards has nothing to number: the width alone.
    expect(chooseChart(numbered, undefined, room)).toEqual({ numbered: false, wide: true });
  });

  it('numbers the guards of a chart that fits in no way, beside the details, and decides nothing unmeasured', () => {
    expect(chooseChart({ width: 5000, height: 900 }, { width: 3000, height: 800 }, room)).toEqual({
      numbered: true,
      wide: false,
    });
    // On a phone the details are below the chart anyway: no width to gain.
    expect(
      chooseChart(
        { width: 500, height: 300 },
        { width: 360, height: 280 },
        { width: 340, height: 590, wide: 340 },
      ),
    ).toEqual({ numbered: true, wide: false });
    expect(
      chooseChart({ width: 5000, height: 900 }, { width: 3000, height: 800 }, { width: 0, height: 0 }),
    ).toEqual({ numbered: false, wide: false });
  });
});

describe('the loan chart at 1440×900', () => {
  it.each(['zh', 'en'] as const)(
    'opens whole with its text at 12 px at least in %s, its guards numbered and said in words',
    async (lang) => {
      const words = chartWords(translator(lang), lang);
      const layouts = await layoutChart(await loadMachine('loanOrder'), 'DOWN', words);
      // Its guards written out, it is far too big; numbered, it fits (beside the details, or wide).
      expect(readableWhole(layouts.written, roomFor(AT_1440x900, true))).toBe(false);
      const choice = chooseChart(layouts.written, layouts.numbered, AT_1440x900);
      expect(choice.numbered).toBe(true);
      const numbered = layouts.numbered!;
      const room = roomFor(AT_1440x900, choice.wide);
      expect(readableWhole(numbered, room)).toBe(true);
      expect(Math.min(...Object.values(FONT_PX)) * openScale(numbered, room)).toBeGreaterThanOrEqual(
        MIN_TEXT_PX,
      );
      expect(openScale(numbered, room)).toBe(fitScale(numbered, room));

      // Every guarded arrow carries the mark of a note that says its guard in the chart's words.
      const guarded = numbered.edges.filter((e) => e.edge.guardText);
      expect(guarded.length).toBeGreaterThan(10);
      for (const { edge } of guarded) {
        const note = numbered.notes[edge.guardNote! - 1];
        expect(note.text).toBe(edge.guardText);
      }
      const finish = numbered.notes.find((n) =>
        n.text.includes(lang === 'zh' ? '审批链的最后一步' : 'the chain’s last step'),
      );
      expect(finish?.mark).toMatch(/^[①-⑳]$/);
      // On screen the notes are the legend's; the exported picture lists them under the chart.
      const screen = drawSvg(numbered);
      expect(screen).not.toContain(finish!.text);
      expect(screen).toContain(`>${finish!.mark}</tspan>`);
      const title = translator(lang)('workflows.legend.guardNotes');
      const exported = drawSvg(numbered, undefined, title);
      expect(exported).toContain(title);
      for (const note of numbered.notes) expect(exported).toContain(note.text.replace(/&/g, '&amp;'));
      expect(drawnSize(numbered, title).height).toBeGreaterThan(numbered.height);
    },
    60_000,
  );

  it('keeps the guards written out on a chart that fits with them', async () => {
    const words = chartWords(translator('zh'), 'zh');
    const layouts = await layoutChart(await loadMachine('paymentApproval'), 'DOWN', words);
    expect(chooseChart(layouts.written, layouts.numbered, AT_1440x900)).toEqual({
      numbered: false,
      wide: false,
    });
    expect(layouts.written.notes).toEqual([]);
    expect(drawSvg(layouts.written, undefined, '条件')).not.toContain('wf-guard-notes');
  });
});

describe('self-loops', () => {
  it('draws a state’s self-loops as one loop, their labels stacked next to it', async () => {
    const machines = await loadAllMachines();
    const far: string[] = [];
    for (const { entry, machine } of machines) {
      const layout = await layoutMachine(machine);
      const states = new Set(
        layout.edges.filter((p) => p.edge.source === p.edge.target).map((p) => p.edge.source),
      );
      for (const state of states) {
        const loops = layout.edges.filter((p) => p.edge.source === state && p.edge.target === state);
        const labels = loops.flatMap((p) => (p.label ? [p.label] : []));
        if (!labels.length) continue;
        const [{ points }] = loops;
        // The state has one loop, however many arrows go round it …
        const one = loops.every((p) => JSON.stringify(p.points) === JSON.stringify(points));
        // … and their labels, stacked one under the other, touch it.
        const top = Math.min(...labels.map((l) => l.y));
        const bottom = Math.max(...labels.map((l) => l.y + l.height));
        const left = Math.min(...labels.map((l) => l.x));
        const right = Math.max(...labels.map((l) => l.x + l.width));
        const stacked = labels.every((l, i) => i === 0 || l.y >= labels[i - 1].y + labels[i - 1].height - 4);
        const near = points.slice(1).some((p, i) => {
          const a = points[i];
          const dx = Math.max(0, Math.min(a.x, p.x) - right, left - Math.max(a.x, p.x));
          const dy = Math.max(0, Math.min(a.y, p.y) - bottom, top - Math.max(a.y, p.y));
          return Math.hypot(dx, dy) <= 12;
        });
        if (!one || !near || !stacked)
          far.push(`${entry.id} ${state}: ${JSON.stringify({ one, near, stacked })}`);
      }
    }
    expect(far).toEqual([]);
  }, 120_000);
});

describe('zoomStep', () => {
  it('zooms in and out by a quarter, never below the whole chart nor above 300 %', () => {
    const floor = minZoom({ width: 2000, height: 1000 }, { width: 800, height: 600 });
    expect(floor).toBe(0.4);
    expect(zoomStep(1, 'in', floor)).toBe(1.25);
    expect(zoomStep(1.25, 'out', floor)).toBe(1);
    expect(zoomStep(0.5, 'out', floor)).toBe(floor);
    expect(zoomStep(floor, 'out', floor)).toBe(floor);
    expect(zoomStep(2.9, 'in', floor)).toBe(3);
    // A chart that fits at its drawn size zooms out no further than that.
    expect(minZoom({ width: 300, height: 200 }, { width: 800, height: 600 })).toBe(1);
  });
});

describe('scrolling a state into view', () => {
  const view = { width: 400, height: 300 };
  const content = { width: 2000, height: 1500 };

  it('leaves the scroll alone when the target is already visible', () => {
    const target = { x: 120, y: 40, width: 100, height: 40 };
    expect(revealScroll(target, view, content, { left: 100, top: 0 })).toEqual({ left: 100, top: 0 });
  });

  it('centres a target out of view, within the scrollable range', () => {
    const target = { x: 1500, y: 900, width: 100, height: 40 };
    const scroll = revealScroll(target, view, content, { left: 0, top: 0 });
    expect(scroll).toEqual({ left: 1350, top: 770 });
    expect(inside(target, scroll, view)).toBe(true);
    expect(revealScroll({ x: 1950, y: 1480, width: 40, height: 20 }, view, content, scroll)).toEqual({
      left: 1600,
      top: 1200,
    });
  });

  it('shows the start of a target larger than the panel, where its name is', () => {
    expect(
      revealScroll({ x: 600, y: 500, width: 900, height: 40 }, view, content, { left: 0, top: 0 }).left,
    ).toBe(576);
  });

  it('keeps the centre of the panel through a zoom', () => {
    const scroll = keepCentre({ left: 300, top: 100 }, view, { width: 4000, height: 3000 }, 1, 2);
    // centre (500, 250) at scale 1 is (1000, 500) at scale 2
    expect(scroll).toEqual({ left: 800, top: 350 });
  });

  it('reveals a new focus, keeps the centre on a zoom, and otherwise leaves the scroll alone', () => {
    const drawn = { width: 1000, height: 750 };
    const focus = { x: 800, y: 600, width: 100, height: 40 };
    const start = scrollAfter(
      undefined,
      { scale: 1, focusCount: 1, focus },
      { left: 0, top: 0 },
      view,
      drawn,
    );
    expect(inside(focus, start, view)).toBe(true);
    const same = scrollAfter(
      { scale: 1, focusCount: 1 },
      { scale: 1, focusCount: 1, focus },
      start,
      view,
      drawn,
    );
    expect(same).toEqual(start);
    const zoomed = scrollAfter(
      { scale: 1, focusCount: 1 },
      { scale: 2, focusCount: 1, focus },
      start,
      view,
      drawn,
    );
    expect(zoomed).toEqual(keepCentre(start, view, { width: 2000, height: 1500 }, 1, 2));
  });
});

describe('the boxes to bring into view', () => {
  it('finds the initial state, and the innermost current states', async () => {
    const layout = await layoutMachine(approvalWorkflow);
    const draft = layout.nodes.find((p) => p.node.id === 'approval.draft')!;
    expect(initialStateBox(layout)).toEqual({
      x: draft.x,
      y: draft.y,
      width: draft.width,
      height: draft.height,
    });

    const current = statesBox(layout, ['approval', 'approval.inApproval'])!;
    const inApproval = layout.nodes.find((p) => p.node.id === 'approval.inApproval')!;
    expect(current).toEqual({
      x: inApproval.x,
      y: inApproval.y,
      width: inApproval.width,
      height: inApproval.height,
    });
    expect(scaleBox(current, 0.5).width).toBe(inApproval.width * 0.5);
  });
});

describe('the viewer fits what it shows', () => {
  it('opens a chart readable in a small panel with its initial state to reveal, reopens on resize until zoomed', async () => {
    const viewer = createActor(workflowViewerMachine).start();
    viewer.send({ type: 'panel.resize', size: { width: 360, height: 500 } });
    viewer.send({ type: 'machine.select', id: 'approval' });
    await waitFor(viewer, (s) => s.matches('shown'));
    const opened = viewer.getSnapshot().context;
    const layout = opened.layout!;
    // Whole it would be too small to read: it opens at the readable size, scrolled to its start.
    expect(fitScale(layout, { width: 360, height: 500 })).toBeLessThan(READABLE_SCALE);
    expect(opened.zoom).toBe(READABLE_SCALE);
    expect(opened.focus).toEqual(initialStateBox(layout));
    const count = opened.focusCount;

    viewer.send({ type: 'panel.resize', size: { width: 5000, height: 5000 } });
    expect(viewer.getSnapshot().context.zoom).toBe(1);
    expect(viewer.getSnapshot().context.focusCount).toBe(count + 1);

    // The whole chart fits at its drawn size in so large a panel: zooming out goes no smaller.
    viewer.send({ type: 'zoom.out' });
    expect(viewer.getSnapshot().context.zoom).toBe(1);
    viewer.send({ type: 'panel.resize', size: { width: 300, height: 300 } });
    expect(viewer.getSnapshot().context.zoom).toBe(1);
    const small = fitScale(viewer.getSnapshot().context.layout!, { width: 300, height: 300 });
    for (let i = 0; i < 12; i++) viewer.send({ type: 'zoom.out' });
    expect(viewer.getSnapshot().context.zoom).toBe(small);
    viewer.send({ type: 'zoom.in' });
    viewer.send({ type: 'panel.resize', size: { width: 5000, height: 5000 } });
    expect(viewer.getSnapshot().context).toMatchObject({
      zoom: Math.round(small * 1.25 * 100) / 100,
      fitted: false,
    });

    viewer.send({ type: 'zoom.fit' });
    expect(viewer.getSnapshot().context).toMatchObject({ zoom: 1, fitted: true });
  });

  it('brings a replay’s current state into view and refits when another machine is chosen', async () => {
    const viewer = createActor(workflowViewerMachine).start();
    viewer.send({ type: 'panel.resize', size: { width: 400, height: 400 } });
    viewer.send({ type: 'machine.select', id: 'approval' });
    await waitFor(viewer, (s) => s.matches('shown'));
    viewer.send({ type: 'zoom.in' });
    const current = ['approval', 'approval.approved'];
    viewer.send({ type: 'highlight.set', highlight: { states: current, transitions: [], current } });
    const { layout, focus } = viewer.getSnapshot().context;
    expect(focus).toEqual(statesBox(layout!, current));

    viewer.send({ type: 'machine.select', id: 'registration' });
    await waitFor(viewer, (s) => s.matches('shown'));
    const shown = viewer.getSnapshot().context;
    expect(shown).toMatchObject({
      fitted: true,
      zoom: openScale(shown.layout!, { width: 400, height: 400 }),
    });
    expect(shown.focus).toEqual(initialStateBox(shown.layout!));
  });
});
