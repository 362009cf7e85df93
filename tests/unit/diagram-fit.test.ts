import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { layoutMachine } from '../../machines/viewer/diagram';
import {
  fitScale,
  initialStateBox,
  keepCentre,
  MIN_TEXT_PX,
  minScale,
  revealScroll,
  SCROLLBAR_PX,
  scaleBox,
  scrollAfter,
  statesBox,
  zoomStep,
} from '../../machines/viewer/diagram-fit';
import { FONT_PX, SMALLEST_FONT_PX } from '../../machines/viewer/diagram-layout';
import { workflowViewerMachine } from '../../machines/viewer/viewer.machine';
import { approvalWorkflow } from '../../machines/workflows/approval.workflow';

const floor = minScale();
const inside = (
  box: { x: number; y: number; width: number; height: number },
  scroll: { left: number; top: number },
  view: { width: number; height: number },
) =>
  box.x >= scroll.left &&
  box.y >= scroll.top &&
  box.x + box.width <= scroll.left + view.width &&
  box.y + box.height <= scroll.top + view.height;

describe('the legibility floor', () => {
  it('keeps the smallest text of the drawing at 12 px or more on screen', () => {
    expect(SMALLEST_FONT_PX).toBe(Math.min(...Object.values(FONT_PX)));
    expect(SMALLEST_FONT_PX * floor).toBeGreaterThanOrEqual(MIN_TEXT_PX);
    expect(SMALLEST_FONT_PX * (floor - 0.01)).toBeLessThan(MIN_TEXT_PX);
    expect(minScale(24)).toBe(0.5);
  });
});

describe('fitScale', () => {
  it('shows a small chart whole at its drawn size, never blown up', () => {
    expect(fitScale({ width: 300, height: 200 }, { width: 900, height: 600 })).toEqual({
      scale: 1,
      mode: 'whole',
    });
  });

  it('shrinks a chart a little to show it whole while the text stays legible', () => {
    const fit = fitScale({ width: 1000, height: 500 }, { width: 920, height: 600 });
    expect(fit).toEqual({ scale: 0.92, mode: 'whole' });
  });

  it('fits a tall chart by width, leaving room for the scrollbar, when whole would be illegible', () => {
    const fit = fitScale({ width: 800, height: 3000 }, { width: 780, height: 600 });
    expect(fit.mode).toBe('width');
    expect(fit.scale).toBeCloseTo((780 - SCROLLBAR_PX) / 800, 3);
    expect(800 * fit.scale).toBeLessThanOrEqual(780 - SCROLLBAR_PX);
  });

  it('stops at the floor for a wide chart and lets the panel scroll both ways', () => {
    expect(fitScale({ width: 2400, height: 1400 }, { width: 900, height: 600 })).toEqual({
      scale: floor,
      mode: 'floor',
    });
    // a phone-sized panel
    expect(fitScale({ width: 1200, height: 900 }, { width: 340, height: 590 }).scale).toBe(floor);
  });

  it('keeps the drawn size until the panel is measured', () => {
    expect(fitScale({ width: 1200, height: 900 }, { width: 0, height: 0 }).scale).toBe(1);
  });
});

describe('zoomStep', () => {
  it('zooms in and out by a fifth, on a tenth, never below the floor nor above 300 %', () => {
    expect(zoomStep(1, 'in')).toBe(1.2);
    expect(zoomStep(0.92, 'in')).toBe(1.1);
    expect(zoomStep(1, 'out')).toBe(floor);
    expect(zoomStep(floor, 'out')).toBe(floor);
    expect(zoomStep(2.9, 'in')).toBe(3);
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
  it('opens a chart fitted to the measured panel with its initial state to reveal, refits on resize until zoomed', async () => {
    const viewer = createActor(workflowViewerMachine).start();
    viewer.send({ type: 'panel.resize', size: { width: 360, height: 500 } });
    viewer.send({ type: 'machine.select', id: 'approval' });
    await waitFor(viewer, (s) => s.matches('shown'));
    const opened = viewer.getSnapshot().context;
    const layout = opened.layout!;
    expect(opened.zoom).toBe(fitScale(layout, { width: 360, height: 500 }).scale);
    expect(opened.zoom).toBeGreaterThanOrEqual(floor);
    expect(opened.focus).toEqual(initialStateBox(layout));
    const count = opened.focusCount;

    viewer.send({ type: 'panel.resize', size: { width: 5000, height: 5000 } });
    expect(viewer.getSnapshot().context.zoom).toBe(1);
    expect(viewer.getSnapshot().context.focusCount).toBe(count + 1);

    viewer.send({ type: 'zoom.out' });
    expect(viewer.getSnapshot().context.zoom).toBe(floor);
    viewer.send({ type: 'zoom.out' });
    viewer.send({ type: 'zoom.out' });
    expect(viewer.getSnapshot().context.zoom).toBe(floor);
    viewer.send({ type: 'panel.resize', size: { width: 300, height: 300 } });
    expect(viewer.getSnapshot().context.zoom).toBe(floor);
    viewer.send({ type: 'zoom.in' });
    viewer.send({ type: 'panel.resize', size: { width: 5000, height: 5000 } });
    expect(viewer.getSnapshot().context).toMatchObject({ zoom: 1.1, fitted: false });

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
      zoom: fitScale(shown.layout!, { width: 400, height: 400 }).scale,
    });
    expect(shown.focus).toEqual(initialStateBox(shown.layout!));
  });
});
