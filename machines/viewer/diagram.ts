import type { AnyStateMachine } from 'xstate';
import { formOrder } from './diagram-fit';
import { hasGuards, machineGraph, numberGuards } from './diagram-graph';
import { type DiagramLayout, type Direction, hasLongLabels, layoutGraph } from './diagram-layout';
import { type DiagramHighlight, drawSvg } from './diagram-svg';
import type { DiagramWords } from './diagram-words';

export interface RenderOptions {
  highlight?: DiagramHighlight;
  direction?: Direction;
  /** The language the chart speaks; the code's own names by default. */
  words?: DiagramWords;
}

/** Lays a machine out once; `drawSvg(layout, highlight)` then redraws it cheaply for every replay step. */
export function layoutMachine(
  machine: AnyStateMachine,
  direction: Direction = 'DOWN',
  words?: DiagramWords,
): Promise<DiagramLayout> {
  return layoutGraph(machineGraph(machine, words), direction);
}

/**
 * A chart laid out every way it can be drawn, in the order they are tried (diagram-fit.ts
 * `formOrder`); `written` and `numbered` are the first two forms in the analyst's direction.
 */
export interface ChartLayouts {
  all: DiagramLayout[];
  written: DiagramLayout;
  numbered?: DiagramLayout;
}

/**
 * Every way a chart can be drawn, for the viewer to choose from by the panel (diagram-fit.ts
 * `chooseChart`): each direction, long labels broken or not, guards written or numbered — only the
 * forms that differ (a chart without guards is not numbered, one without long labels not broken).
 */
export async function layoutChart(
  machine: AnyStateMachine,
  direction: Direction = 'DOWN',
  words?: DiagramWords,
): Promise<ChartLayouts> {
  const graph = machineGraph(machine, words);
  const guards = hasGuards(graph);
  const numberedGraph = guards ? numberGuards(graph) : graph;
  const forms = formOrder(direction, guards, hasLongLabels(graph) || hasLongLabels(numberedGraph));
  const all: DiagramLayout[] = [];
  for (const form of forms)
    all.push(await layoutGraph(form.numbered ? numberedGraph : graph, form.direction, form.wrapped));
  const own = (numbered: boolean) =>
    all[forms.findIndex((f) => f.direction === direction && !f.wrapped && f.numbered === numbered)];
  return { all, written: own(false)!, ...(guards ? { numbered: own(true) } : {}) };
}

/**
 * A statechart as an SVG document, for analysts (ARCHITECTURE.md §5: the same machine definitions
 * draw the viewer and enforce the workflow): nested boxes for compound states, dashed parallel
 * regions, double borders for final states, a dot and arrow for initial states, orthogonal arrows
 * labelled with the event and, under it, the guard's short form, and descriptions as tooltips.
 */
export async function renderMachineSvg(
  machine: AnyStateMachine,
  options: RenderOptions = {},
): Promise<string> {
  return drawSvg(await layoutMachine(machine, options.direction, options.words), options.highlight);
}
