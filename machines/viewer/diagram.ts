import type { AnyStateMachine } from 'xstate';
import { hasGuards, machineGraph, numberGuards } from './diagram-graph';
import { type DiagramLayout, type Direction, layoutGraph } from './diagram-layout';
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

/** A chart laid out with its guards written on the arrows, and (where it has guards) numbered. */
export interface ChartLayouts {
  written: DiagramLayout;
  numbered?: DiagramLayout;
}

/**
 * Both ways a chart can be drawn, for the viewer to choose from by the panel (diagram-fit.ts
 * `chooseChart`): a chart without guards is laid out once.
 */
export async function layoutChart(
  machine: AnyStateMachine,
  direction: Direction = 'DOWN',
  words?: DiagramWords,
): Promise<ChartLayouts> {
  const graph = machineGraph(machine, words);
  const written = await layoutGraph(graph, direction);
  if (!hasGuards(graph)) return { written };
  return { written, numbered: await layoutGraph(numberGuards(graph), direction) };
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
