import { assign, emit, fromPromise, setup } from 'xstate';
import { fullNameProblem } from '../../domain/company-lookup';
import { COMPANY_PICKER_PAGE_SIZE, FIRST_PAGE, REGISTRY_PICKER_PAGE_SIZE } from '../../domain/constants';
import type { PickerPage } from '../../services/lookup.service';
import {
  type CompanyLookupContext,
  type CompanyLookupEmitted,
  type CompanyLookupEvent,
  type CompanyLookupInput,
  type CompanyRecord,
  candidateOfRegistryRow,
  companyOfLocalRow,
  fresh,
  type LocalSearch,
  localSearchOf,
  manualCandidateOf,
  picked,
  type RegistrySearch,
  registrySearchOf,
  validPage,
} from './company-lookup.types';
import { errorText } from './error-text';

/**
 * The company lookup (SPEC §4, §5, §7, §8): search the local customers first; when nothing is found,
 * warn and offer the registry (20 a page) and manual entry instead of the local search. A
 * registry result or a typed full name is recorded on the server before it fills the form.
 */
export const companyLookupMachine = setup({
  types: {
    context: {} as CompanyLookupContext,
    events: {} as CompanyLookupEvent,
    input: {} as CompanyLookupInput,
    emitted: {} as CompanyLookupEmitted,
  },
  actors: {
    searchLocal: fromPromise<PickerPage, LocalSearch>(async () => ({ rows: [], total: 0 })),
    searchRegistry: fromPromise<PickerPage, RegistrySearch>(async () => ({ rows: [], total: 0 })),
    recordCompany: fromPromise<unknown, CompanyRecord>(async () => undefined),
  },
  guards: {
    isEditable: ({ context }) => !context.readOnly,
    becomesReadOnly: ({ event }) => event.type === 'mode.change' && event.readOnly,
    hasKeyword: ({ context }) => context.keyword.trim().length > 0,
    hasRegistryKey: ({ context }) => context.keyword.trim().length >= 2,
    foundLocally: ({ event }) => (event as unknown as { output: PickerPage }).output.rows.length > 0,
    isValidLocalPage: ({ context, event }) =>
      event.type === 'local.page' && validPage(event.page, context.localTotal, COMPANY_PICKER_PAGE_SIZE),
    isValidRegistryPage: ({ context, event }) =>
      event.type === 'registry.page' &&
      validPage(event.page, context.registryTotal, REGISTRY_PICKER_PAGE_SIZE),
    isFullName: ({ context }) => fullNameProblem(context.manualName) === undefined,
    isRegistryCandidate: ({ context }) => context.candidate?.source === 'registry',
  },
  actions: {
    reset: assign(fresh),
    keepError: assign({ error: ({ event }) => errorText((event as { error?: unknown }).error) }),
    askForKeyword: emit({ type: 'notify', severity: 'warn', message: 'kitPickers.keywordRequired' }),
  },
}).createMachine({
  id: 'companyLookup',
  context: ({ input }) => ({ field: input.field, readOnly: input.readOnly ?? false, ...fresh }),
  initial: 'closed',
  on: {
    'mode.change': [
      { guard: 'becomesReadOnly', target: '.closed', actions: [assign({ readOnly: true }), 'reset'] },
      { actions: assign({ readOnly: false }) },
    ],
  },
  states: {
    closed: {
      on: {
        'lookup.open': { guard: 'isEditable', target: 'open', description: 'Not when action=detail.' },
        'value.clear': { guard: 'isEditable', actions: emit({ type: 'cleared' }) },
      },
    },
    open: {
      initial: 'local',
      on: {
        'lookup.close': {
          target: 'closed',
          description: 'Closing the dialog resets the lookup (SPEC §4).',
          actions: 'reset',
        },
        'keyword.change': { actions: assign({ keyword: ({ event }) => event.keyword }) },
      },
      states: {
        local: {
          initial: 'idle',
          on: {
            'local.search': [
              { guard: 'hasKeyword', target: '.searching', actions: assign({ localPage: FIRST_PAGE }) },
              { actions: 'askForKeyword' },
            ],
          },
          states: {
            idle: {},
            searching: {
              tags: 'busy',
              invoke: {
                id: 'searchLocal',
                src: 'searchLocal',
                input: ({ context }) => localSearchOf(context),
                onDone: [
                  {
                    guard: 'foundLocally',
                    target: 'results',
                    actions: assign({
                      localRows: ({ event }) => event.output.rows,
                      localTotal: ({ event }) => event.output.total,
                      sample: ({ event }) => event.output.sample === true,
                    }),
                  },
                  {
                    target: '#companyLookup.open.fallback',
                    description:
                      'Nothing local: warn the local-miss warning, turn on the registry and manual entry, turn off the local search.',
                    actions: [
                      assign({ localRows: [], localTotal: 0 }),
                      emit({ type: 'notify', severity: 'warn', message: 'kitPickers.company.notFound' }),
                    ],
                  },
                ],
                onError: { target: 'failed', actions: 'keepError' },
              },
            },
            results: {
              on: {
                'local.page': {
                  guard: 'isValidLocalPage',
                  target: 'searching',
                  actions: assign({ localPage: ({ event }) => event.page }),
                },
                'local.choose': {
                  target: '#companyLookup.closed',
                  description: 'A known local customer fills the form without a recording call.',
                  actions: [
                    emit(({ context, event }) => picked(context.field, companyOfLocalRow(event.row))),
                    'reset',
                  ],
                },
              },
            },
            failed: {},
          },
        },
        fallback: {
          tags: 'fallback',
          description: 'Registry and manual entry on, local search off, until the dialog closes.',
          initial: 'idle',
          on: {
            'registry.search': [
              {
                guard: 'hasRegistryKey',
                target: '.registrySearching',
                actions: assign({ registryPage: FIRST_PAGE }),
              },
              { actions: 'askForKeyword' },
            ],
            'manual.start': {
              target: '.manualEntry',
              description: 'Manual entry prompts for the full customer name, starting from the keyword.',
              actions: assign({
                manualName: ({ context }) => context.keyword.trim(),
                manualProblem: undefined,
              }),
            },
          },
          states: {
            idle: {},
            registrySearching: {
              tags: 'busy',
              invoke: {
                id: 'searchRegistry',
                src: 'searchRegistry',
                input: ({ context }) => registrySearchOf(context),
                onDone: {
                  target: 'registryResults',
                  actions: assign({
                    registryRows: ({ event }) => event.output.rows,
                    registryTotal: ({ event }) => event.output.total,
                    sample: ({ event }) => event.output.sample === true,
                    error: undefined,
                  }),
                },
                onError: { target: 'registryFailed', actions: 'keepError' },
              },
            },
            registryResults: {
              on: {
                'registry.page': {
                  guard: 'isValidRegistryPage',
                  target: 'registrySearching',
                  actions: assign({ registryPage: ({ event }) => event.page }),
                },
                'registry.choose': {
                  target: '#companyLookup.open.recording',
                  actions: assign({ candidate: ({ event }) => candidateOfRegistryRow(event.row) }),
                },
              },
            },
            registryFailed: {},
            manualEntry: {
              on: {
                'manual.change': {
                  actions: assign({ manualName: ({ event }) => event.name, manualProblem: undefined }),
                },
                'manual.confirm': [
                  {
                    guard: 'isFullName',
                    target: '#companyLookup.open.recording',
                    actions: assign({ candidate: ({ context }) => manualCandidateOf(context) }),
                  },
                  {
                    description: 'The full customer name is required and has at least 4 characters.',
                    actions: assign({ manualProblem: ({ context }) => fullNameProblem(context.manualName) }),
                  },
                ],
                'manual.cancel': 'idle',
              },
            },
          },
        },
        recording: {
          tags: ['busy', 'fallback'],
          description: 'The recording POST comes first; nothing else starts until it answers.',
          invoke: {
            id: 'recordCompany',
            src: 'recordCompany',
            input: ({ context }) => context.candidate!,
            onDone: {
              target: '#companyLookup.closed',
              actions: [emit(({ context }) => picked(context.field, context.candidate!)), 'reset'],
            },
            onError: [
              { guard: 'isRegistryCandidate', target: 'fallback.registryResults', actions: 'keepError' },
              { target: 'fallback.manualEntry', actions: 'keepError' },
            ],
          },
        },
      },
    },
  },
});
