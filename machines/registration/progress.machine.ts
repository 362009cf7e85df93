import { and, assign, fromPromise, setup } from 'xstate';
import { BANK_FIELDS } from '../../domain/bank-account';
import type { FileAttachment } from '../../domain/files';
import type { RegistrationProgress } from '../../services/registration.service';
import { errorText } from '../kit/error-text';

/**
 * What a returned applicant may correct before resubmitting (the number, phone and region stay): the
 * bank account too, which a reviewer may find wrong; the server checks a corrected number as on register.
 */
export const SUPPLEMENT_FIELDS = [
  'ContactName',
  'Email',
  'Address',
  'ExtCoverageCities_SDK',
  ...BANK_FIELDS,
] as const;
export type SupplementField = (typeof SUPPLEMENT_FIELDS)[number];

export interface ProgressContext {
  registrationNo: string;
  phone: string;
  progress?: RegistrationProgress;
  corrections: Partial<Record<SupplementField, string>>;
  licence: FileAttachment[];
  missing?: 'registrationNo' | 'phone';
  error?: string;
}

export type ProgressEvent =
  | { type: 'query.change'; field: 'registrationNo' | 'phone'; value: string }
  | { type: 'query.submit' }
  | { type: 'progress.refresh' }
  | { type: 'correction.change'; field: SupplementField; value: string }
  | { type: 'licence.change'; files: FileAttachment[] }
  | { type: 'supplement.submit' }
  | { type: 'withdraw.ask' }
  | { type: 'withdraw.cancel' }
  | { type: 'withdraw.confirm' };

export interface ResubmitInput {
  RegistrationNo: string;
  ContactPhone: string;
  [field: string]: unknown;
}

const queryOf = (c: ProgressContext) => ({
  RegistrationNo: c.registrationNo.trim(),
  ContactPhone: c.phone.trim(),
});

/**
 * The applicant's progress page (SPEC §2 /prov-progress, /city-progress): number and phone in, the
 * steps of the review out; a returned application shows the reason and takes corrections; while the
 * server allows it, the applicant withdraws the application after confirming.
 */
export const progressMachine = setup({
  types: {
    context: {} as ProgressContext,
    events: {} as ProgressEvent,
    input: {} as { registrationNo?: string },
    tags: {} as 'busy' | 'editable',
  },
  actors: {
    fetchProgress: fromPromise<RegistrationProgress, { RegistrationNo: string; ContactPhone: string }>(
      async () => {
        throw new Error('no progress service');
      },
    ),
    resubmit: fromPromise<unknown, ResubmitInput>(async () => undefined),
    withdraw: fromPromise<unknown, { RegistrationNo: string; ContactPhone: string }>(async () => undefined),
  },
  guards: {
    hasNumber: ({ context }) => context.registrationNo.trim().length > 0,
    hasPhone: ({ context }) => context.phone.trim().length > 0,
    isReturned: ({ context }) => context.progress?.State === 'supplement',
    mayWithdraw: ({ context }) => context.progress?.MayWithdraw === true,
  },
  actions: {
    changeQuery: assign(({ context, event }) =>
      event.type === 'query.change'
        ? { [event.field]: event.value, missing: undefined, ...(context.error ? { error: undefined } : {}) }
        : {},
    ),
  },
}).createMachine({
  id: 'registrationProgress',
  context: ({ input }) => ({
    registrationNo: input.registrationNo ?? '',
    phone: '',
    corrections: {},
    licence: [],
  }),
  initial: 'asking',
  states: {
    asking: {
      tags: 'editable',
      description:
        'The registration number (prefilled from ?no=) and the contact phone find the application.',
      on: {
        'query.change': { actions: 'changeQuery' },
        'query.submit': [
          { guard: and(['hasNumber', 'hasPhone']), target: 'loading' },
          { guard: 'hasNumber', actions: assign({ missing: 'phone' }) },
          { actions: assign({ missing: 'registrationNo' }) },
        ],
      },
    },
    loading: {
      tags: 'busy',
      invoke: {
        id: 'fetchProgress',
        src: 'fetchProgress',
        input: ({ context }) => queryOf(context),
        onDone: {
          target: 'shown',
          actions: assign({
            progress: ({ event }) => event.output,
            error: undefined,
            corrections: {},
            licence: [],
          }),
        },
        onError: {
          target: 'asking',
          description: 'A wrong number or phone reveals nothing but that no application matches.',
          actions: assign({ progress: undefined, error: ({ event }) => errorText(event.error) }),
        },
      },
    },
    shown: {
      tags: 'editable',
      on: {
        'query.change': { target: 'asking', actions: 'changeQuery' },
        'query.submit': { target: 'loading' },
        'progress.refresh': 'loading',
        'correction.change': {
          guard: 'isReturned',
          actions: assign({
            corrections: ({ context, event }) => ({ ...context.corrections, [event.field]: event.value }),
          }),
        },
        'licence.change': { guard: 'isReturned', actions: assign({ licence: ({ event }) => event.files }) },
        'supplement.submit': {
          guard: 'isReturned',
          target: 'resubmitting',
          description: 'Resubmitting starts the review again from its first step, under the same number.',
        },
        'withdraw.ask': {
          guard: 'mayWithdraw',
          target: 'confirmingWithdrawal',
          description: 'Offered only while the server says the applicant may withdraw.',
          actions: assign({ error: undefined }),
        },
      },
    },
    confirmingWithdrawal: {
      description: 'A withdrawal cannot be undone, so the applicant confirms it first.',
      on: {
        'withdraw.cancel': 'shown',
        'withdraw.confirm': 'withdrawing',
      },
    },
    withdrawing: {
      tags: 'busy',
      invoke: {
        id: 'withdraw',
        src: 'withdraw',
        input: ({ context }) => queryOf(context),
        onDone: { target: 'loading', description: 'The page then shows the application withdrawn.' },
        onError: {
          target: 'shown',
          description: 'Refused (say, a reviewer decided meanwhile): the reason is shown.',
          actions: assign({ error: ({ event }) => errorText(event.error) }),
        },
      },
    },
    resubmitting: {
      tags: 'busy',
      invoke: {
        id: 'resubmit',
        src: 'resubmit',
        input: ({ context }) => ({
          ...queryOf(context),
          ...Object.fromEntries(
            Object.entries(context.corrections)
              .map(([k, v]) => [k, v?.trim()])
              .filter(([, v]) => v),
          ),
          ...(context.licence.length > 0
            ? {
                ExtLicenseFile_SDK: context.licence.map(({ ObjectID, FileName, FileURL, Size }) => ({
                  ObjectID,
                  FileName,
                  FileURL,
                  Size,
                })),
              }
            : {}),
        }),
        onDone: 'loading',
        onError: { target: 'shown', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
  },
});
