import { assign, emit, fromPromise, setup } from 'xstate';
import type { CpqClass, CpqConfiguration, CpqPrice } from '../../services/cpq.service';
import { errorText } from '../kit/error-text';

export type { CpqClass, CpqConfiguration, CpqPrice };

/** The levels of the configured-product catalogue, from the top. */
export const CPQ_LEVELS = ['platform', 'brand', 'type', 'model'] as const;
export type CpqLevel = (typeof CPQ_LEVELS)[number];

export interface CpqPickerContext {
  /** The class chosen at each level (its code). */
  chosen: Partial<Record<CpqLevel, string>>;
  /** The classes each level offers under the level above. */
  options: Partial<Record<CpqLevel, CpqClass[]>>;
  /** The configurations of the chosen model. */
  configurations: CpqConfiguration[];
  /** The processor the CPU dialog picked: only configurations built with it are offered. */
  cpu: string;
  error?: string;
}

export type CpqPickerEvent =
  | { type: 'cpq.open' }
  | { type: 'cpq.close' }
  | { type: 'cpq.level'; level: CpqLevel; code: string }
  | { type: 'cpq.cpu'; cpu: string }
  | { type: 'cpq.choose'; pn: string };

export type CpqPickerEmitted = { type: 'picked'; price: CpqPrice };

const below = (level: CpqLevel) => CPQ_LEVELS.slice(CPQ_LEVELS.indexOf(level) + 1);

/** The configurations the dialog lists: the model's, narrowed to the picked processor. */
export const offeredConfigurations = (context: CpqPickerContext) =>
  context.configurations.filter((c) => !context.cpu || c.cpu === context.cpu);

/**
 * What the CPU dialog searches with (SPEC §7: searchType '2' and the whole selection), so it offers
 * only the processors of the chosen model's configurations and a choice never empties their list.
 */
export const cpuSearchParams = (context: CpqPickerContext) =>
  Object.fromEntries(
    (['platform', 'brand', 'type', 'model'] as const).flatMap((level) =>
      context.chosen[level] ? [[level, context.chosen[level]]] : [],
    ),
  );

/**
 * The configuration picker of the special-price form (CPQ): platform, brand, type and model from the
 * catalogue's class tree (/opportunity/cpq/productclass), the model's configurations with their list
 * and standard price (/opportunityConfiguration/searchAll), narrowed by the CPU dialog; the one chosen is
 * priced at the configuration level (/opportunity/cpq/priceinfo) and handed to the form.
 */
export const cpqPickerMachine = setup({
  types: {
    context: {} as CpqPickerContext,
    events: {} as CpqPickerEvent,
    emitted: {} as CpqPickerEmitted,
    tags: {} as 'busy',
  },
  actors: {
    loadClasses: fromPromise<CpqClass[], string | undefined>(async () => {
      throw new Error('loadClasses is provided by cpq-picker.actors.ts');
    }),
    loadConfigurations: fromPromise<CpqConfiguration[], string>(async () => {
      throw new Error('loadConfigurations is provided by cpq-picker.actors.ts');
    }),
    loadPrice: fromPromise<CpqPrice, string>(async () => {
      throw new Error('loadPrice is provided by cpq-picker.actors.ts');
    }),
  },
  guards: {
    isModel: ({ event }) => event.type === 'cpq.level' && event.level === 'model',
  },
  actions: {
    choose: assign(({ context, event }) => {
      const { level, code } = event as { level: CpqLevel; code: string };
      const chosen = { ...context.chosen, [level]: code };
      const options = { ...context.options };
      for (const lower of below(level)) {
        delete chosen[lower];
        delete options[lower];
      }
      return { chosen, options, configurations: [], cpu: '', error: undefined };
    }),
    fail: assign({ error: ({ event }) => errorText((event as unknown as { error: unknown }).error) }),
  },
}).createMachine({
  id: 'cpqPicker',
  context: { chosen: {}, options: {}, configurations: [], cpu: '' },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'cpq.open': {
          target: 'open',
          actions: assign({ chosen: {}, options: {}, configurations: [], cpu: '', error: undefined }),
        },
      },
    },
    open: {
      initial: 'loadingPlatforms',
      on: { 'cpq.close': { target: 'closed' } },
      states: {
        loadingPlatforms: {
          tags: 'busy',
          invoke: {
            src: 'loadClasses',
            input: () => undefined,
            onDone: {
              target: 'ready',
              actions: assign({ options: ({ event }) => ({ platform: event.output }) }),
            },
            onError: { target: 'ready', actions: 'fail' },
          },
        },
        ready: {
          on: {
            'cpq.level': [
              { guard: 'isModel', target: 'loadingConfigurations', actions: 'choose' },
              { target: 'loadingChildren', actions: 'choose' },
            ],
            'cpq.cpu': { actions: assign({ cpu: ({ event }) => event.cpu }) },
            'cpq.choose': { target: 'pricing' },
          },
        },
        loadingChildren: {
          tags: 'busy',
          description: 'The classes under the one just chosen fill the next level.',
          invoke: {
            src: 'loadClasses',
            input: ({ context }) =>
              [...CPQ_LEVELS]
                .reverse()
                .map((level) => context.chosen[level])
                .find(Boolean),
            onDone: {
              target: 'ready',
              actions: assign({
                options: ({ context, event }) => {
                  const next = CPQ_LEVELS.find((level) => !context.chosen[level]);
                  return next ? { ...context.options, [next]: event.output } : context.options;
                },
              }),
            },
            onError: { target: 'ready', actions: 'fail' },
          },
        },
        loadingConfigurations: {
          tags: 'busy',
          invoke: {
            src: 'loadConfigurations',
            input: ({ context }) => context.chosen.model ?? '',
            onDone: { target: 'ready', actions: assign({ configurations: ({ event }) => event.output }) },
            onError: { target: 'ready', actions: 'fail' },
          },
        },
        pricing: {
          tags: 'busy',
          description: 'The chosen configuration is priced at the configuration level, then handed over.',
          invoke: {
            src: 'loadPrice',
            input: ({ event }) => (event as { pn: string }).pn,
            onDone: {
              target: '#cpqPicker.closed',
              actions: emit(({ event }) => ({ type: 'picked' as const, price: event.output })),
            },
            onError: { target: 'ready', actions: 'fail' },
          },
        },
      },
    },
  },
});
