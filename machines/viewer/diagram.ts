import type { AnyStateMachine } from 'xstate';
import { type ChainLane, withChainSides } from './diagram-chains';
import { belowHeader, chooseChart, formOrder, opensWhole, type Room } from './diagram-fit';
import { hasGuards, letterEvents, machineGraph, numberGuards } from './diagram-graph';
import {
  type DiagramLayout,
  type Direction,
  hasLongLabels,
  isLongEvent,
  layoutGraph,
} from './diagram-layout';
import { boxesInBoxes, layoutNested } from './diagram-nested';
import { type DiagramHighlight, drawSvg } from './diagram-svg';
import { codeWords, type DiagramWords } from './diagram-words';

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
  /**
   * The tight forms (long events lettered, states packed tighter) are among `all`. They are laid out
   * only for a room none of the others fits whole, so a chart that fits does not wait for them.
   */
  complete: boolean;
}

/** The layouts of one chart in one language and direction: the plain forms, then the tight ones. */
interface Laid {
  plain: Promise<DiagramLayout[]>;
  tight?: Promise<DiagramLayout[]>;
}
/**
 * Layouts already made, per machine (by identity: a registry machine or a live actor's logic), then
 * language and direction: reopening a chart, a resize or switching back to a language lays nothing out
 * again (ELK takes a second or more for a big chart). The layouts do not depend on the panel's size.
 */
const laidOut = new WeakMap<AnyStateMachine, Map<string, Laid>>();

async function layForms(
  machine: AnyStateMachine,
  direction: Direction,
  words: DiagramWords | undefined,
  tight: boolean,
): Promise<DiagramLayout[]> {
  const graph = machineGraph(machine, words);
  const guards = hasGuards(graph);
  const numberedGraph = guards ? numberGuards(graph) : graph;
  const letteredGraph = letterEvents(numberedGraph, isLongEvent);
  const longEvents = letteredGraph.edges.some((e) => e.eventNote);
  const forms = formOrder(
    direction,
    guards,
    hasLongLabels(graph) || hasLongLabels(numberedGraph),
    longEvents,
    boxesInBoxes(graph),
  );
  const all: DiagramLayout[] = [];
  for (const form of forms.filter((f) => f.lettered === tight)) {
    const shown = form.lettered ? letteredGraph : form.numbered ? numberedGraph : graph;
    // A form ELK cannot lay this chart out in (it throws on a few graphs) is left out.
    if (form.nested)
      await layoutNested(shown, form.direction).then(
        (l) => all.push(l),
        () => {},
      );
    else if (form.packing === 'layered') all.push(await layoutGraph(shown, form.direction, form.wrapped));
    else
      await layoutGraph(shown, form.direction, form.wrapped, form.packing, form.close).then(
        (l) => all.push(l),
        () => {},
      );
  }
  return all;
}

/**
 * Every way a chart can be drawn, for the viewer to choose from by the panel (diagram-fit.ts
 * `chooseChart`): each direction, long labels broken or not, guards written or numbered — only the
 * forms that differ (a chart without guards is not numbered, one without long labels not broken);
 * then, where `room` is given and none of those fits it whole (with the workflow's `chains` drawn), long events lettered and the states
 * packed tighter (not until the panel is measured). Made once per machine, language and direction
 * (`laidOut`).
 */
export async function layoutChart(
  machine: AnyStateMachine,
  direction: Direction = 'DOWN',
  words?: DiagramWords,
  room?: Room,
  chains?: ChainLane,
): Promise<ChartLayouts> {
  const byKey = laidOut.get(machine) ?? new Map<string, Laid>();
  laidOut.set(machine, byKey);
  const key = `${words?.lang ?? codeWords.lang}|${direction}`;
  const laid = byKey.get(key) ?? { plain: layForms(machine, direction, words, false) };
  byKey.set(key, laid);
  const plain = await laid.plain;
  const shown = withChainSides(plain, chains, room);
  // Tight forms are made before the full height is reached for: lettered events beat a scrolled-away header.
  const near = room && belowHeader(room);
  const needsTight = !!near && !opensWhole(chooseChart(shown, near), near);
  if (needsTight) laid.tight ??= layForms(machine, direction, words, true);
  const tight = laid.tight ? await laid.tight : [];
  const all = [...plain, ...tight];
  const own = (numbered: boolean) =>
    plain.find((l) => l.direction === direction && !l.wrapped && !!l.notes.length === numbered);
  const guards = plain.some((l) => l.notes.length);
  return { all, written: own(false)!, ...(guards ? { numbered: own(true) } : {}), complete: !!laid.tight };
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
