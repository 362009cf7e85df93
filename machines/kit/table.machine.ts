import { assign, emit, fromPromise, setup } from 'xstate';
import { mayEditCell } from '../../catalogue/define';
import type { PageEntry } from '../../catalogue/types';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, PAGE_SIZES } from '../../domain/constants';
import type { DictionaryOption } from '../../services/dictionary.service';
import type { Page, WireRecord } from '../../services/resource.service';
import { errorText } from './error-text';

export type Filters = Record<string, unknown>;
export interface Sort {
  field: string;
  descending: boolean;
}

/** What a table remembers across tab switches and reloads (the filters, the page, the sort). */
export interface TableView {
  filters: Filters;
  sort?: Sort;
  currentPage: number;
  pageSize: number;
}

/** What of its page a table reads to offer a cell for editing: its columns and its locks by state. */
export type TableCells = Pick<PageEntry, 'columns' | 'lockedWhile'>;

export interface TableInput {
  /** Parameters the page always sends (SPEC §7 "initial parameters", the page's fixed lens). */
  initial: Filters;
  dictionaryCodes: string[];
  view?: Partial<TableView>;
  /** The page's editable columns and its locks by state, which decide the cells offered (`mayEditCell`). */
  cells: TableCells;
  /** The reader's role, for the locks that spare some roles (`FieldLock.except`); unknown, they hold. */
  role?: string;
}

export interface CellEdit {
  objectId: string;
  field: string;
  value: unknown;
}

export interface TableContext extends TableView {
  initial: Filters;
  dictionaryCodes: string[];
  cells: TableCells;
  role?: string;
  rows: WireRecord[];
  total: number;
  totalEstimated: boolean;
  selection: string[];
  dictionaries: Record<string, DictionaryOption[]>;
  /** Failed loads of the dictionaries so far; a few are retried on their own. */
  lookupFailures: number;
  edit?: CellEdit;
  pendingDelete: string[];
  error?: string;
}

export type TableEvent =
  | { type: 'page.change'; page: number }
  | { type: 'size.change'; size: number }
  | { type: 'sort.change'; sort?: Sort }
  | { type: 'filter.apply'; filters: Filters }
  | { type: 'filter.reset' }
  | { type: 'table.refresh' }
  | { type: 'selection.change'; ids: string[] }
  | { type: 'row.delete'; objectId: string }
  | { type: 'rows.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'cell.edit'; objectId: string; field: string }
  | { type: 'cell.change'; value: unknown }
  | { type: 'cell.commit' }
  | { type: 'cell.cancel' };

export type TableEmitted =
  | { type: 'notify'; severity: 'success' | 'warn' | 'error'; message: string }
  | { type: 'scrollTop' }
  | { type: 'viewChanged'; view: TableView };

const requestOf = (c: TableContext) => ({
  ...c.filters,
  ...c.initial,
  currentPage: c.currentPage,
  pageSize: c.pageSize,
  ...(c.sort ? { sort: `${c.sort.descending ? '-' : ''}${c.sort.field}` } : {}),
});
const viewOf = (c: TableContext): TableView => ({
  filters: c.filters,
  sort: c.sort,
  currentPage: c.currentPage,
  pageSize: c.pageSize,
});
const rowOf = (c: TableContext, id?: string) => c.rows.find((r) => r.ObjectID === id);
/** How often, and how long after a failure, the dictionaries are asked for again on their own. */
const LOOKUP_RETRIES = 3;

/**
 * What changes the rows asked for, each starting again at page 1 (not the page number: it is checked
 * against the last total).
 */
const VIEW_CHANGES = {
  'size.change': {
    guard: 'isValidSize',
    target: 'loading',
    reenter: true,
    actions: ['applySize', 'announceView'],
  },
  'sort.change': { target: 'loading', reenter: true, actions: ['applySort', 'announceView'] },
  'filter.apply': { target: 'loading', reenter: true, actions: ['applyFilters', 'announceView'] },
  'filter.reset': { target: 'loading', reenter: true, actions: ['resetFilters', 'announceView'] },
} as const;

/**
 * The paged data table (SPEC §2 shared screen elements, §4 cell rules, §9 constants): fetch, page,
 * sort, filter, select, delete with confirmation, and inline editing where the row is not locked.
 */
export const tableMachine = setup({
  types: {
    context: {} as TableContext,
    events: {} as TableEvent,
    input: {} as TableInput,
    emitted: {} as TableEmitted,
  },
  actors: {
    fetchPage: fromPromise<Page<WireRecord>, Record<string, unknown>>(async () => ({ rows: [], total: 0 })),
    loadDictionaries: fromPromise<Record<string, DictionaryOption[]>, string[]>(async () => ({})),
    deleteRows: fromPromise<void, string[]>(async () => {}),
    saveCell: fromPromise<WireRecord, { ObjectID: string; Version?: number; [field: string]: unknown }>(
      async ({ input }) => ({
        ...input,
      }),
    ),
  },
  delays: { LOOKUP_RETRY_MS: ({ context }) => 1500 * context.lookupFailures },
  guards: {
    mayRetryLookups: ({ context }) => context.lookupFailures <= LOOKUP_RETRIES,
    hasSelection: ({ context }) => context.selection.length > 0,
    isCellEditable: ({ context, event }) => {
      if (event.type !== 'cell.edit') return false;
      const row = rowOf(context, event.objectId);
      return row !== undefined && mayEditCell(context.cells, event.field, row, context.role);
    },
    isValidSize: ({ event }) =>
      event.type === 'size.change' && (PAGE_SIZES as readonly number[]).includes(event.size),
    isValidPage: ({ context, event }) =>
      event.type === 'page.change' &&
      Number.isInteger(event.page) &&
      event.page >= FIRST_PAGE &&
      event.page <= Math.max(FIRST_PAGE, Math.ceil(context.total / context.pageSize)),
    isEmptyPageAfterDelete: ({ context }) =>
      context.currentPage > FIRST_PAGE && context.rows.length <= context.pendingDelete.length,
  },
  actions: {
    announceView: emit(({ context }) => ({ type: 'viewChanged' as const, view: viewOf(context) })),
    applySize: assign({
      pageSize: ({ context, event }) => (event.type === 'size.change' ? event.size : context.pageSize),
      currentPage: FIRST_PAGE,
    }),
    applySort: assign({
      sort: ({ context, event }) => (event.type === 'sort.change' ? event.sort : context.sort),
      currentPage: FIRST_PAGE,
    }),
    applyFilters: assign({
      filters: ({ context, event }) => (event.type === 'filter.apply' ? event.filters : context.filters),
      currentPage: FIRST_PAGE,
    }),
    resetFilters: assign({ filters: {}, currentPage: FIRST_PAGE }),
  },
}).createMachine({
  id: 'table',
  type: 'parallel',
  context: ({ input }) => ({
    initial: input.initial,
    dictionaryCodes: input.dictionaryCodes,
    cells: input.cells,
    role: input.role,
    filters: input.view?.filters ?? {},
    sort: input.view?.sort,
    currentPage: input.view?.currentPage ?? FIRST_PAGE,
    pageSize: input.view?.pageSize ?? DEFAULT_PAGE_SIZE,
    rows: [],
    total: 0,
    totalEstimated: false,
    selection: [],
    dictionaries: {},
    lookupFailures: 0,
    pendingDelete: [],
  }),
  states: {
    lookups: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadDictionaries',
            src: 'loadDictionaries',
            input: ({ context }) => context.dictionaryCodes,
            onDone: { target: 'loaded', actions: assign({ dictionaries: ({ event }) => event.output }) },
            onError: {
              target: 'failed',
              actions: assign({ lookupFailures: ({ context }) => context.lookupFailures + 1 }),
            },
          },
        },
        loaded: {},
        failed: {
          description:
            'Codes show instead of their texts; the table still works. A passing failure is retried a few times on its own, and a refresh asks again.',
          after: { LOOKUP_RETRY_MS: { guard: 'mayRetryLookups', target: 'loading' } },
          on: { 'table.refresh': 'loading' },
        },
      },
    },
    data: {
      initial: 'loading',
      states: {
        loading: {
          tags: 'busy',
          // Typing a filter and pressing Enter while the list first loads once left the list
          // unfiltered under the filter: the search is the one the person wants.
          description:
            'A search, sort or page size chosen while a page loads asks again with it, from page 1; the answer on its way is dropped.',
          on: VIEW_CHANGES,
          invoke: {
            id: 'fetchPage',
            src: 'fetchPage',
            input: ({ context }) => requestOf(context),
            onDone: {
              target: 'ready',
              actions: [
                assign({
                  rows: ({ event }) => event.output.rows,
                  total: ({ event }) => event.output.total,
                  totalEstimated: ({ event }) => event.output.estimated === true,
                  error: undefined,
                }),
                assign({
                  selection: ({ context }) =>
                    context.selection.filter((id) => context.rows.some((r) => r.ObjectID === id)),
                }),
              ],
            },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        failed: {
          // After a refused page, a new search asks again as well as a refresh does.
          on: { 'table.refresh': 'loading', ...VIEW_CHANGES },
        },
        ready: {
          on: {
            'page.change': {
              guard: 'isValidPage',
              target: 'loading',
              description: 'After a page change the table scrolls back to the top (800 ms).',
              actions: [
                assign({ currentPage: ({ event }) => event.page }),
                emit({ type: 'scrollTop' }),
                'announceView',
              ],
            },
            ...VIEW_CHANGES,
            'table.refresh': 'loading',
            'selection.change': { actions: assign({ selection: ({ event }) => event.ids }) },
            'row.delete': {
              target: 'confirmingDelete',
              actions: assign({ pendingDelete: ({ event }) => [event.objectId] }),
            },
            'rows.delete': [
              {
                guard: 'hasSelection',
                target: 'confirmingDelete',
                actions: assign({ pendingDelete: ({ context }) => context.selection }),
              },
              {
                description:
                  'Batch delete with no row selected: the select-a-row warning (app.kit.selectFirst).',
                actions: emit({ type: 'notify', severity: 'warn', message: 'app.kit.selectFirst' }),
              },
            ],
            'cell.edit': {
              guard: 'isCellEditable',
              target: 'editingCell',
              description:
                "Only a cell its page offers for editing in the row's present state opens: an editable column, a row SPEC §4 does not lock (OrderChannel 111, SynchState SUCCESS, TaskApprovalStatus 111/121), and no lock of the page (`lockedWhile`) on the field in that state, the one the server refuses the save by.",
              actions: assign({
                edit: ({ context, event }) => ({
                  objectId: event.objectId,
                  field: event.field,
                  value: rowOf(context, event.objectId)?.[event.field],
                }),
                error: undefined,
              }),
            },
          },
        },
        confirmingDelete: {
          description: 'Confirmation (app.kit.confirmDelete) before anything is deleted.',
          on: {
            'delete.confirm': 'deleting',
            'delete.cancel': { target: 'ready', actions: assign({ pendingDelete: [] }) },
          },
        },
        deleting: {
          tags: 'busy',
          invoke: {
            id: 'deleteRows',
            src: 'deleteRows',
            input: ({ context }) => context.pendingDelete,
            onDone: [
              {
                guard: 'isEmptyPageAfterDelete',
                target: 'loading',
                description: 'Deleting the last rows of a page shows the page before it.',
                actions: [
                  assign({
                    currentPage: ({ context }) => context.currentPage - 1,
                    selection: [],
                    pendingDelete: [],
                  }),
                  emit({ type: 'notify', severity: 'success', message: 'app.kit.deleted' }),
                  'announceView',
                ],
              },
              {
                target: 'loading',
                actions: [
                  assign({ selection: [], pendingDelete: [] }),
                  emit({ type: 'notify', severity: 'success', message: 'app.kit.deleted' }),
                ],
              },
            ],
            onError: {
              target: 'ready',
              actions: assign({ pendingDelete: [], error: ({ event }) => errorText(event.error) }),
            },
          },
        },
        editingCell: {
          on: {
            'cell.change': {
              actions: assign({
                edit: ({ context, event }) => context.edit && { ...context.edit, value: event.value },
              }),
            },
            'cell.commit': 'savingCell',
            'cell.cancel': { target: 'ready', actions: assign({ edit: undefined }) },
          },
        },
        savingCell: {
          tags: 'busy',
          invoke: {
            id: 'saveCell',
            src: 'saveCell',
            input: ({ context }) => {
              const edit = context.edit!;
              return {
                ObjectID: edit.objectId,
                Version: rowOf(context, edit.objectId)?.Version,
                [edit.field]: edit.value,
              };
            },
            onDone: {
              target: 'ready',
              description:
                'The saved row replaces the old one in place; the updated message (app.kit.updated).',
              actions: [
                assign({
                  rows: ({ context, event }) =>
                    context.rows.map((r) => (r.ObjectID === event.output.ObjectID ? event.output : r)),
                  edit: undefined,
                }),
                emit({ type: 'notify', severity: 'success', message: 'app.kit.updated' }),
              ],
            },
            onError: {
              target: 'editingCell',
              description: 'A refused save keeps the typed value so it can be corrected.',
              actions: assign({ error: ({ event }) => errorText(event.error) }),
            },
          },
        },
      },
    },
  },
});
