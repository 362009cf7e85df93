import { type AnyStateMachine, assign, fromPromise, setup } from 'xstate';
import { loadMachine } from '../registry';
import { type ChartLayouts, layoutChart } from './diagram';
import { type ChainLane, withChainSides, withChains } from './diagram-chains';
import {
  belowHeader,
  chooseChart,
  fitScale,
  initialStateBox,
  minZoom,
  openScale,
  opensWhole,
  type Room,
  roomFor,
  statesBox,
  zoomStep,
} from './diagram-fit';
import type { Box, DiagramLayout, Direction } from './diagram-layout';
import type { DiagramHighlight } from './diagram-svg';
import { codeWords, type DiagramWords } from './diagram-words';

export type ViewerMode = 'machines' | 'live';
/** What the analyst clicked in the diagram: its details go to the side panel. */
export type DiagramElement = { kind: 'state' | 'transition'; id: string };

export interface ViewerContext {
  mode: ViewerMode;
  /** Registry id (machines mode) or app-actor name (live mode) of the machine on screen. */
  selected?: string;
  machine?: AnyStateMachine;
  /** The chart on screen: one of `layouts`, as the panel's room decides (diagram-fit.ts `chooseChart`). */
  layout?: DiagramLayout;
  /** The chart laid out with its guards written on the arrows, and with them numbered. */
  layouts?: ChartLayouts;
  /** The chart takes the page's width, the details below it (too big to fit beside them). */
  wide: boolean;
  /** The chart takes the window's full height under the toolbar too (too big for the panel's usual height). */
  tall: boolean;
  direction: Direction;
  /** The language the chart speaks (the page gives the reader's; the code's names until then). */
  words: DiagramWords;
  highlight?: DiagramHighlight;
  element?: DiagramElement;
  /** The scale the diagram is shown at (1 = its drawn size). */
  zoom: number;
  /** The zoom is the one the chart opened at (again as the panel resizes) until the analyst zooms. */
  fitted: boolean;
  /** The diagram panel's room in CSS px (beside the details, and the page's width), once measured. */
  panel?: Room;
  /** The part of the diagram (layout units) to bring into view; `focusCount` asks for it again. */
  focus?: Box;
  focusCount: number;
  error?: string;
  /** The shown workflow's approval chains as configured now, drawn in a lane under its states (beside them where under is too tall). */
  chains?: ChainLane;
}

export type ViewerEvent =
  | { type: 'mode.change'; mode: ViewerMode }
  | { type: 'machine.select'; id: string }
  | { type: 'machine.show'; id: string; machine: AnyStateMachine }
  | { type: 'direction.toggle' }
  | { type: 'words.set'; words: DiagramWords }
  | { type: 'highlight.set'; highlight?: DiagramHighlight }
  | { type: 'element.select'; element?: DiagramElement }
  | { type: 'zoom.in' }
  | { type: 'zoom.out' }
  | { type: 'zoom.reset' }
  | { type: 'zoom.fit' }
  | { type: 'panel.resize'; size: Room }
  | { type: 'chains.set'; chains?: ChainLane };

interface PrepareInput {
  id: string;
  machine?: AnyStateMachine;
  direction: Direction;
  words: DiagramWords;
  panel?: Room;
  chains?: ChainLane;
}

type FitArgs = { context: ViewerContext };
/** The panel the chart has: beside the details, or the page's width. */
const panelOf = (context: ViewerContext) =>
  context.panel && roomFor(context.panel, context.wide, context.tall);
/** The fitted scale, or the current one while there is nothing to fit or nowhere to fit it. */
const fittedZoom = ({ context }: FitArgs) => {
  const panel = panelOf(context);
  return context.layout && panel ? fitScale(context.layout, panel) : context.zoom;
};
/** The scale a chart opens at: whole, or readable where whole would be too small to read. */
const openedZoom = ({ context }: FitArgs) => {
  const panel = panelOf(context);
  return context.layout && panel ? openScale(context.layout, panel) : context.zoom;
};
/** Zooming out stops at the whole chart. */
const zoomFloor = (context: ViewerContext) => {
  const panel = panelOf(context);
  return context.layout && panel ? minZoom(context.layout, panel) : context.zoom;
};
/**
 * The layout and width the panel's room calls for: guards written or numbered, beside the details
 * or the page's width (diagram-fit.ts `chooseChart`). Until the panel is measured, written beside.
 */
const chosen = (context: ViewerContext): ViewerContext => {
  const { layouts, panel } = context;
  if (!layouts) return context;
  if (!panel)
    return { ...context, layout: withChains(layouts.written, context.chains), wide: false, tall: false };
  // The full height only once the tight layouts are made: a chart does not open tall, then jump back.
  const room = layouts.complete ? panel : belowHeader(panel);
  const { layout, wide, tall } = chooseChart(withChainSides(layouts.all, context.chains, room), room);
  return { ...context, layout, wide, tall: !!tall };
};
/** Whether the layouts made so far fit `panel` none of them whole, and the tight ones are still to make. */
const outgrown = (
  layouts: ChartLayouts | undefined,
  chains: ChainLane | undefined,
  panel: Room | undefined,
) =>
  !!panel &&
  !!layouts &&
  !layouts.complete &&
  !opensWhole(
    chooseChart(withChainSides(layouts.all, chains, panel), belowHeader(panel)),
    belowHeader(panel),
  );
/** Shown as the panel calls for, at `zoom`, with the focus to bring into view asked for again. */
const shownAt = (context: ViewerContext, zoom: (args: FitArgs) => number) => {
  const next = chosen(context);
  return {
    layout: next.layout,
    wide: next.wide,
    tall: next.tall,
    zoom: zoom({ context: next }),
    fitted: true,
    focus: focusOf({ context: next }),
    focusCount: context.focusCount + 1,
  };
};
/** A replay's current state when there is one, else where the chart starts. */
const focusOf = ({ context }: FitArgs) =>
  (context.layout && context.highlight?.current?.length
    ? statesBox(context.layout, context.highlight.current)
    : undefined) ?? (context.layout ? initialStateBox(context.layout) : undefined);

/**
 * The workflow viewer page (ARCHITECTURE.md §5): pick a statechart of the registry, or one of the
 * browser tab's live app actors, lay it out, and show it with the highlight a replay or the live
 * actor gives. Laying out runs ELK, so it is an invoked actor like any other slow work.
 */
export const workflowViewerMachine = setup({
  types: { context: {} as ViewerContext, events: {} as ViewerEvent },
  actors: {
    prepareDiagram: fromPromise<{ machine: AnyStateMachine; layouts: ChartLayouts }, PrepareInput>(
      async ({ input }) => {
        const machine = input.machine ?? (await loadMachine(input.id));
        return {
          machine,
          layouts: await layoutChart(machine, input.direction, input.words, input.panel, input.chains),
        };
      },
    ),
  },
  guards: {
    isFitted: ({ context }) => context.fitted,
    /** The new panel fits none of the layouts made so far, and the tight ones are not made yet. */
    needsTighter: ({ context, event }) => {
      const panel = event.type === 'panel.resize' ? event.size : context.panel;
      const chains = event.type === 'chains.set' ? event.chains : context.chains;
      return context.fitted && outgrown(context.layouts, chains, panel);
    },
    /**
     * The panel was measured, or measured again, while the chart was laid out for the room it had
     * before (none, on the first chart): the layouts made fit the panel it has now none of them whole.
     */
    laidOutTooSmall: ({ context, event }) =>
      'output' in event &&
      outgrown((event.output as { layouts: ChartLayouts }).layouts, context.chains, context.panel),
  },
  actions: {
    aim: assign(({ event }) =>
      event.type === 'machine.select' || event.type === 'machine.show'
        ? {
            selected: event.id,
            machine: event.type === 'machine.show' ? event.machine : undefined,
            layout: undefined,
            layouts: undefined,
            highlight: undefined,
            element: undefined,
            error: undefined,
            chains: undefined,
            fitted: true,
          }
        : {},
    ),
    fit: assign(({ context }) => shownAt(context, fittedZoom)),
    open: assign(({ context }) => shownAt(context, openedZoom)),
  },
}).createMachine({
  id: 'workflowViewer',
  context: {
    mode: 'machines',
    direction: 'DOWN',
    words: codeWords,
    zoom: 1,
    fitted: true,
    wide: false,
    tall: false,
    focusCount: 0,
  },
  initial: 'idle',
  on: {
    'mode.change': {
      target: '.idle',
      description: 'Switching between the registry and the live actors starts from an empty canvas.',
      actions: assign({
        mode: ({ event }) => event.mode,
        selected: undefined,
        machine: undefined,
        layout: undefined,
        layouts: undefined,
        highlight: undefined,
        element: undefined,
        fitted: true,
      }),
    },
    'machine.select': { target: '.preparing', actions: 'aim' },
    'machine.show': { target: '.preparing', actions: 'aim' },
    'highlight.set': {
      description: 'A replay or a live actor moved on: its current state is brought into view.',
      actions: assign(({ context, event }) => {
        const current = event.highlight?.current ?? [];
        const focus = context.layout && current.length ? statesBox(context.layout, current) : undefined;
        return {
          highlight: event.highlight,
          ...(focus ? { focus, focusCount: context.focusCount + 1 } : {}),
        };
      }),
    },
    'zoom.in': {
      actions: assign({
        zoom: ({ context }) => zoomStep(context.zoom, 'in', zoomFloor(context)),
        fitted: false,
      }),
    },
    'zoom.out': {
      description: 'Zooming out stops where the whole chart is in view.',
      actions: assign({
        zoom: ({ context }) => zoomStep(context.zoom, 'out', zoomFloor(context)),
        fitted: false,
      }),
    },
    'zoom.reset': { actions: assign({ zoom: 1, fitted: false }) },
    'zoom.fit': { actions: 'fit' },
    'chains.set': [
      {
        guard: 'needsTighter',
        target: '.preparing',
        description:
          'With its chains drawn the chart fits none of its plain layouts: its tight ones are made too.',
        actions: assign({ chains: ({ event }) => event.chains }),
      },
      {
        guard: 'isFitted',
        description:
          'The workflow’s chains came: drawn under its states (or beside them), the chart opens again with them.',
        actions: [assign({ chains: ({ event }) => event.chains }), 'open'],
      },
      { actions: assign({ chains: ({ event }) => event.chains }) },
    ],
    'panel.resize': [
      {
        guard: 'needsTighter',
        target: '.preparing',
        description:
          'A smaller panel that none of the chart’s plain layouts fits: its tight layouts are made too (once).',
        actions: assign({ panel: ({ event }) => event.size }),
      },
      {
        guard: 'isFitted',
        description: 'A chart as it opened opens again in the new panel; a zoom the analyst chose stays.',
        actions: [assign({ panel: ({ event }) => event.size }), 'open'],
      },
      { actions: assign({ panel: ({ event }) => event.size }) },
    ],
  },
  states: {
    idle: {
      on: { 'words.set': { actions: assign({ words: ({ event }) => event.words }) } },
    },
    preparing: {
      on: {
        'words.set': {
          target: 'preparing',
          reenter: true,
          description:
            'The reader changed language while a chart was laid out: it is laid out again in the new words.',
          actions: assign({ words: ({ event }) => event.words }),
        },
      },
      tags: 'busy',
      invoke: {
        id: 'prepareDiagram',
        src: 'prepareDiagram',
        input: ({ context }) => ({
          id: context.selected ?? '',
          machine: context.machine,
          direction: context.direction,
          words: context.words,
          panel: context.panel,
          chains: context.chains,
        }),
        onDone: [
          {
            guard: 'laidOutTooSmall',
            target: 'preparing',
            reenter: true,
            description:
              'The panel measured while the chart was laid out fits none of its layouts: its tight ones are made too.',
            actions: assign({ machine: ({ event }) => event.output.machine }),
          },
          {
            target: 'shown',
            description:
              'A new chart opens whole, or at a readable size (text of 12 px at least) with its initial state in view.',
            actions: [
              assign({
                machine: ({ event }) => event.output.machine,
                layouts: ({ event }) => event.output.layouts,
              }),
              'open',
            ],
          },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => String((event.error as Error)?.message ?? event.error) }),
        },
      },
    },
    shown: {
      on: {
        'element.select': { actions: assign({ element: ({ event }) => event.element }) },
        'words.set': {
          target: 'preparing',
          description:
            'The reader changed language: the chart is laid out again in the new words and fitted.',
          actions: assign({ words: ({ event }) => event.words }),
        },
        'direction.toggle': {
          target: 'preparing',
          // The other way than the chart is shown is tried first (it may show the other way to fit).
          description: 'Top-down suits deep charts, left-to-right wide ones; the layout is computed again.',
          actions: assign({
            direction: ({ context }) =>
              (context.layout?.direction ?? context.direction) === 'DOWN' ? 'RIGHT' : 'DOWN',
          }),
        },
      },
    },
    failed: {
      on: { 'words.set': { actions: assign({ words: ({ event }) => event.words }) } },
    },
  },
});
