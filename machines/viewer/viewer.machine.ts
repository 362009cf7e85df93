import { type AnyStateMachine, assign, fromPromise, setup } from 'xstate';
import { loadMachine } from '../registry';
import { layoutMachine } from './diagram';
import type { DiagramLayout, Direction } from './diagram-layout';
import type { DiagramHighlight } from './diagram-svg';

export type ViewerMode = 'machines' | 'live';
/** What the analyst clicked in the diagram: its details go to the side panel. */
export type DiagramElement = { kind: 'state' | 'transition'; id: string };

export interface ViewerContext {
  mode: ViewerMode;
  /** Registry id (machines mode) or app-actor name (live mode) of the machine on screen. */
  selected?: string;
  machine?: AnyStateMachine;
  layout?: DiagramLayout;
  direction: Direction;
  highlight?: DiagramHighlight;
  element?: DiagramElement;
  zoom: number;
  error?: string;
}

export type ViewerEvent =
  | { type: 'mode.change'; mode: ViewerMode }
  | { type: 'machine.select'; id: string }
  | { type: 'machine.show'; id: string; machine: AnyStateMachine }
  | { type: 'direction.toggle' }
  | { type: 'highlight.set'; highlight?: DiagramHighlight }
  | { type: 'element.select'; element?: DiagramElement }
  | { type: 'zoom.in' }
  | { type: 'zoom.out' }
  | { type: 'zoom.reset' };

interface PrepareInput {
  id: string;
  machine?: AnyStateMachine;
  direction: Direction;
}

const ZOOM_STEP = 0.2;
const zoomBetween = (z: number) => Math.round(Math.min(3, Math.max(0.4, z)) * 10) / 10;

/**
 * The workflow viewer page (ARCHITECTURE.md §5): pick a statechart of the registry, or one of the
 * browser tab's live app actors, lay it out, and show it with the highlight a replay or the live
 * actor gives. Laying out runs ELK, so it is an invoked actor like any other slow work.
 */
export const workflowViewerMachine = setup({
  types: { context: {} as ViewerContext, events: {} as ViewerEvent },
  actors: {
    prepareDiagram: fromPromise<{ machine: AnyStateMachine; layout: DiagramLayout }, PrepareInput>(
      async ({ input }) => {
        const machine = input.machine ?? (await loadMachine(input.id));
        return { machine, layout: await layoutMachine(machine, input.direction) };
      },
    ),
  },
  actions: {
    aim: assign(({ event }) =>
      event.type === 'machine.select' || event.type === 'machine.show'
        ? {
            selected: event.id,
            machine: event.type === 'machine.show' ? event.machine : undefined,
            layout: undefined,
            highlight: undefined,
            element: undefined,
            error: undefined,
          }
        : {},
    ),
  },
}).createMachine({
  id: 'workflowViewer',
  context: { mode: 'machines', direction: 'DOWN', zoom: 1 },
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
        highlight: undefined,
        element: undefined,
      }),
    },
    'machine.select': { target: '.preparing', actions: 'aim' },
    'machine.show': { target: '.preparing', actions: 'aim' },
    'highlight.set': { actions: assign({ highlight: ({ event }) => event.highlight }) },
    'zoom.in': { actions: assign({ zoom: ({ context }) => zoomBetween(context.zoom + ZOOM_STEP) }) },
    'zoom.out': { actions: assign({ zoom: ({ context }) => zoomBetween(context.zoom - ZOOM_STEP) }) },
    'zoom.reset': { actions: assign({ zoom: 1 }) },
  },
  states: {
    idle: {},
    preparing: {
      tags: 'busy',
      invoke: {
        id: 'prepareDiagram',
        src: 'prepareDiagram',
        input: ({ context }) => ({
          id: context.selected ?? '',
          machine: context.machine,
          direction: context.direction,
        }),
        onDone: {
          target: 'shown',
          actions: assign({
            machine: ({ event }) => event.output.machine,
            layout: ({ event }) => event.output.layout,
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => String((event.error as Error)?.message ?? event.error) }),
        },
      },
    },
    shown: {
      on: {
        'element.select': { actions: assign({ element: ({ event }) => event.element }) },
        'direction.toggle': {
          target: 'preparing',
          description: 'Top-down suits deep charts, left-to-right wide ones; the layout is computed again.',
          actions: assign({ direction: ({ context }) => (context.direction === 'DOWN' ? 'RIGHT' : 'DOWN') }),
        },
      },
    },
    failed: {},
  },
});
