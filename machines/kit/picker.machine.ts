import { assign, emit, fromPromise, setup } from 'xstate';
import { FIRST_PAGE } from '../../domain/constants';
import type { PickerPage, PickerRow } from '../../services/lookup.service';
import { errorText } from './error-text';
import { chosenTexts, type PickerDefinition } from './pickers';

export interface PickerInput {
  definition: PickerDefinition;
  /** The form field the picker fills; the returnFn names it in the object it returns. */
  field: string;
  multiple?: boolean;
  /** action=detail: the picker can neither open nor change the value. */
  readOnly?: boolean;
  /** Filters every search of this field sends (a region picker's level, say). */
  params?: Record<string, unknown>;
}

export interface PickerContext extends Required<PickerInput> {
  keyword: string;
  currentPage: number;
  rows: PickerRow[];
  total: number;
  selection: PickerRow[];
  error?: string;
}

export type PickerEvent =
  /** `value`: the text the field holds as it opens (a picker of several rows starts with them chosen). */
  | { type: 'picker.open'; value?: unknown }
  | { type: 'picker.close' }
  | { type: 'keyword.change'; keyword: string }
  | { type: 'search.submit' }
  | { type: 'page.change'; page: number }
  | { type: 'selection.change'; rows: PickerRow[] }
  | { type: 'selection.confirm' }
  | { type: 'value.clear' }
  | { type: 'mode.change'; readOnly: boolean }
  | { type: 'params.change'; params: Record<string, unknown> };

export type PickerEmitted =
  | { type: 'notify'; severity: 'warn' | 'error'; message: string }
  | { type: 'picked'; text: string; values: Record<string, unknown>; rows: PickerRow[] }
  | { type: 'cleared' };

export interface PickerSearch {
  endpoint: string;
  body: Record<string, unknown>;
  /** Columns holding a dictionary code → the dictionary, so they show its text in the reader's language. */
  dictionaries?: Record<string, string>;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const returned = (c: PickerContext) => c.definition.returnFn(c.selection, c.field);

/** Marks a row that stands for a text the field already held, until a page shows the row it names. */
const CARRIED = 'carriedText';

/**
 * A picker of several rows opens with the rows its field already names chosen, so confirming after
 * ticking one more adds to them instead of replacing them. Until a page shows such a row, a stand-in of
 * its text holds its place (its key is its text, unlike any row's key).
 */
function carriedSelection(context: PickerContext, value: unknown): PickerRow[] {
  const { key, text } = context.definition;
  if (!context.multiple || !text) return [];
  return chosenTexts(value).map((chosen) => ({
    [key]: `${CARRIED}:${chosen}`,
    [text]: chosen,
    [CARRIED]: true,
  }));
}

/** Each stand-in gives way to the first row of the page with its text that is not chosen already. */
function withRowsOfPage(context: PickerContext, rows: PickerRow[]): PickerRow[] {
  const { key, text } = context.definition;
  if (!text) return context.selection;
  const taken = new Set(context.selection.map((row) => row[key]));
  return context.selection.map((row) => {
    if (!row[CARRIED]) return row;
    const shown = rows.find((candidate) => candidate[text] === row[text] && !taken.has(candidate[key]));
    if (!shown) return row;
    taken.add(shown[key]);
    return shown;
  });
}

/**
 * A picker dialog (SPEC §2 "Pickers", §5, §7, §9): opens on a page of rows from the picker's
 * endpoint, searches by keyword, pages by the picker's page size, selects one row or several, and on
 * confirmation hands the configured returnFn's object to the form.
 */
export const pickerMachine = setup({
  types: {
    context: {} as PickerContext,
    events: {} as PickerEvent,
    input: {} as PickerInput,
    emitted: {} as PickerEmitted,
  },
  actors: {
    fetchPage: fromPromise<PickerPage, PickerSearch>(async () => ({ rows: [], total: 0 })),
  },
  guards: {
    isEditable: ({ context }) => !context.readOnly,
    becomesReadOnly: ({ event }) => event.type === 'mode.change' && event.readOnly,
    hasNoSelection: ({ context }) => context.selection.length === 0,
    returnsObject: ({ context }) => {
      try {
        return isPlainObject(returned(context));
      } catch {
        return false;
      }
    },
    isValidPage: ({ context, event }) =>
      event.type === 'page.change' &&
      Number.isInteger(event.page) &&
      event.page >= FIRST_PAGE &&
      event.page <= Math.max(FIRST_PAGE, Math.ceil(context.total / context.definition.pageSize)),
  },
  actions: {
    reset: assign({
      keyword: '',
      currentPage: FIRST_PAGE,
      rows: [],
      total: 0,
      selection: [],
      error: undefined,
    }),
  },
}).createMachine({
  id: 'picker',
  context: ({ input }) => ({
    definition: input.definition,
    field: input.field,
    multiple: input.multiple ?? false,
    readOnly: input.readOnly ?? false,
    params: input.params ?? {},
    keyword: '',
    currentPage: FIRST_PAGE,
    rows: [],
    total: 0,
    selection: [],
  }),
  initial: 'closed',
  on: {
    'mode.change': [
      {
        guard: 'becomesReadOnly',
        target: '.closed',
        description: 'A page switching to action=detail closes its pickers; they stay shut.',
        actions: [assign({ readOnly: true }), 'reset'],
      },
      { actions: assign({ readOnly: false }) },
    ],
    'params.change': {
      description:
        'The form changed what the searches filter by (the CPU dialog: the model chosen); the next search sends it.',
      actions: assign({ params: ({ event }) => event.params }),
    },
  },
  states: {
    closed: {
      on: {
        'picker.open': {
          guard: 'isEditable',
          target: 'open',
          description:
            'action=detail makes pickers read-only: they do not open. A picker of several rows opens with those its field names chosen.',
          actions: [
            'reset',
            assign({ selection: ({ context, event }) => carriedSelection(context, event.value) }),
          ],
        },
        'value.clear': {
          guard: 'isEditable',
          description: 'Clearing is a change, so a read-only picker cannot clear either.',
          actions: emit({ type: 'cleared' }),
        },
      },
    },
    open: {
      initial: 'loading',
      on: {
        'picker.close': {
          target: 'closed',
          description: 'Closing forgets keyword, page and selection.',
          actions: 'reset',
        },
        'keyword.change': { actions: assign({ keyword: ({ event }) => event.keyword }) },
      },
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            id: 'fetchPage',
            src: 'fetchPage',
            input: ({ context }) => ({
              endpoint: context.definition.endpoint,
              dictionaries: context.definition.dictionaries,
              body: {
                ...context.definition.params,
                ...context.params,
                ...(context.keyword.trim() ? { keyword: context.keyword.trim() } : {}),
                currentPage: context.currentPage,
                pageSize: context.definition.pageSize,
              },
            }),
            onDone: {
              target: 'ready',
              actions: assign({
                rows: ({ event }) => event.output.rows,
                total: ({ event }) => event.output.total,
                selection: ({ context, event }) => withRowsOfPage(context, event.output.rows),
              }),
            },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        failed: {
          on: { 'search.submit': { target: 'loading', actions: assign({ error: undefined }) } },
        },
        ready: {
          on: {
            'search.submit': {
              target: 'loading',
              description: 'A new keyword starts again at page 1.',
              actions: assign({ currentPage: FIRST_PAGE }),
            },
            'page.change': {
              guard: 'isValidPage',
              target: 'loading',
              description: 'Pages of the picker size: 10, company pickers 20, the CPU dialog 50 (SPEC §9).',
              actions: assign({ currentPage: ({ event }) => event.page }),
            },
            'selection.change': {
              description: 'A single-choice picker keeps only the row chosen last.',
              actions: assign({
                selection: ({ context, event }) => (context.multiple ? event.rows : event.rows.slice(-1)),
              }),
            },
            'selection.confirm': [
              {
                guard: 'hasNoSelection',
                description:
                  'Confirming with nothing selected warns the nothing-selected warning and keeps the dialog open.',
                actions: emit({ type: 'notify', severity: 'warn', message: 'kitPickers.nothingSelected' }),
              },
              {
                guard: 'returnsObject',
                target: '#picker.closed',
                description:
                  "The returnFn's object goes to the form; its value of the field is the text shown.",
                actions: [
                  emit(({ context }) => {
                    const values = returned(context) as Record<string, unknown>;
                    const text = values[context.field];
                    return {
                      type: 'picked' as const,
                      text: text === undefined || text === null ? '' : String(text),
                      values,
                      rows: context.selection,
                    };
                  }),
                  'reset',
                ],
              },
              {
                description:
                  'A returnFn that does not return an object is a configuration error: the returnFn configuration error.',
                actions: emit({ type: 'notify', severity: 'error', message: 'kitPickers.returnNotObject' }),
              },
            ],
          },
        },
      },
    },
  },
});
