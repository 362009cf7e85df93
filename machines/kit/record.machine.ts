import { assign, emit, fromPromise, setup } from 'xstate';
import type { FieldDef } from '../../catalogue/types';
import { changedFields } from '../../domain/casing';
import type { DictionaryOption } from '../../services/dictionary.service';
import type { WireRecord } from '../../services/resource.service';
import { errorText } from './error-text';
import { type FieldProblem, formProblems } from './form-rules';

export type RecordAction = 'detail' | 'edit' | 'add';
type Values = Record<string, unknown>;

export interface RecordInput {
  objectId?: string;
  action: RecordAction;
  fields: FieldDef[];
  dictionaryCodes: string[];
  /** The row kept under sessionRowName: shown while the fresh copy loads, never saved from. */
  cached?: Values;
  /** action=add: the values a new record starts with (and a reset returns to). */
  preset?: Values;
}

export interface RecordContext {
  objectId?: string;
  action: RecordAction;
  fields: FieldDef[];
  dictionaryCodes: string[];
  original: Values;
  values: Values;
  /** Field → what is wrong with it: a check of the form's own, or the server's refusal of it. */
  errors: Record<string, FieldProblem>;
  dictionaries: Record<string, DictionaryOption[]>;
  error?: string;
  /** The page's own door the save in course goes through (an order saved and submitted), if any. */
  via?: string;
  /** The notice of a save through a door, said when it went through. */
  done?: string;
  /** Why the last save through a door was refused, when no field of the form holds the reason. */
  refusal?: string;
  /** The question a refused save puts to the person, and what confirming it sends back. */
  confirmation?: { message: string; confirm: Confirm };
  /** What the person confirmed, sent with the next save (`Confirmed`). */
  confirmed?: Record<string, string | number>;
}

/** What a save sends back to confirm what the server asked (a name and the figure asked about). */
export interface Confirm {
  name: string;
  value: string | number;
}

/** What the saveRecord actor is given: the body, the page's door if any, and what was confirmed. */
export interface SaveInput {
  action: RecordAction;
  body: Values;
  via?: string;
  confirmed?: Record<string, string | number>;
}

export type RecordEvent =
  | { type: 'field.change'; field: string; value: unknown }
  /** A save; `via` a door of the page's own instead of the resource's, `done` what it says once through. */
  | { type: 'form.submit'; via?: string; done?: string }
  | { type: 'form.reset' }
  | { type: 'record.reload' }
  /** The person answers the question a refused save asked: save again confirming it, or not. */
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' };

export type RecordEmitted =
  | {
      type: 'notify';
      severity: 'success' | 'warn' | 'error';
      message: string;
      params?: Record<string, unknown>;
    }
  | { type: 'created'; objectId: string }
  /** A save went through (through `via` when it used a door of the page's). */
  | { type: 'saved'; objectId: string; via?: string }
  /** The first field with a problem: shown once as a toast and brought into sight (SPEC §5). */
  | { type: 'problem'; field: string; problem: FieldProblem };

/** A refused save the server pinned on one field of the form; its message names the field by label. */
export class FieldRefusal extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

// An empty list is a file field without a file.
const isBlank = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

/** Required fields left empty (SPEC §5: '<label> required' (app.form.required)); read-only fields are the server's to fill. */
export function missingRequired(fields: FieldDef[], values: Values): Record<string, string> {
  return Object.fromEntries(
    fields
      .filter((f) => f.required && !f.readOnly && isBlank(values[f.field]))
      .map((f) => [f.field, 'required']),
  );
}

/** What a save sends: everything filled for a new record; ObjectID, Version and the changed fields otherwise. */
export function saveBody(context: Pick<RecordContext, 'action' | 'fields' | 'original' | 'values'>): Values {
  const writable = new Set(context.fields.filter((f) => !f.readOnly).map((f) => f.field));
  const values = Object.fromEntries(
    Object.entries(context.values).filter(
      ([k, v]) => writable.has(k) && !(context.action === 'add' && isBlank(v)),
    ),
  );
  if (context.action === 'add') return values;
  return { ...changedFields(context.original, values), Version: context.original.Version };
}

/** A saved record's form holds nothing to send: the page's door may still be used on it as it is. */
export const nothingChanged = (context: Pick<RecordContext, 'action' | 'fields' | 'original' | 'values'>) =>
  context.action !== 'add' &&
  !Object.keys(saveBody(context)).some((k) => k !== 'ObjectID' && k !== 'Version');

/**
 * A refused save the server takes once the person confirms it (an RSP moved with the CCPs it
 * supplies): the message is the question, `confirm` what the save sends back to confirm it.
 */
export class ConfirmationAsked extends Error {
  constructor(
    message: string,
    readonly confirm: Confirm,
  ) {
    super(message);
  }
}

const refusedField = (error: unknown, fields: FieldDef[]) =>
  error instanceof FieldRefusal && fields.some((f) => f.field === error.field) ? error.field : undefined;

/**
 * A record's detail or edit page (SPEC §2: objectID and action from the query; action=detail is
 * read-only): load, edit, check required fields, save only what changed, refuse a stale save.
 */
export const recordMachine = setup({
  types: {
    context: {} as RecordContext,
    events: {} as RecordEvent,
    input: {} as RecordInput,
    emitted: {} as RecordEmitted,
  },
  actors: {
    loadRecord: fromPromise<WireRecord, string>(async () => ({ ObjectID: '' })),
    loadDictionaries: fromPromise<Record<string, DictionaryOption[]>, string[]>(async () => ({})),
    saveRecord: fromPromise<WireRecord, SaveInput>(async ({ input }) => ({
      ObjectID: '',
      ...input.body,
    })),
  },
  guards: {
    isNew: ({ context }) => context.action === 'add',
    isReadOnly: ({ context }) => context.action === 'detail',
    isValid: ({ context }) => Object.keys(formProblems(context.fields, context.values)).length === 0,
    isConfirmationAsked: ({ event }) => (event as { error?: unknown }).error instanceof ConfirmationAsked,
    isFieldRefusal: ({ context, event }) =>
      refusedField((event as { error?: unknown }).error, context.fields) !== undefined,
    isUnchanged: ({ context, event }) => !(event as { via?: string }).via && nothingChanged(context),
    wasCreated: ({ context }) => context.action === 'add',
  },
}).createMachine({
  id: 'record',
  context: ({ input }) => ({
    objectId: input.objectId,
    action: input.action,
    fields: input.fields,
    dictionaryCodes: input.dictionaryCodes,
    original: input.cached ?? (input.action === 'add' ? input.preset : undefined) ?? {},
    values: input.cached ?? (input.action === 'add' ? input.preset : undefined) ?? {},
    errors: {},
    dictionaries: {},
  }),
  initial: 'loadingLookups',
  states: {
    loadingLookups: {
      tags: 'busy',
      invoke: {
        id: 'loadDictionaries',
        src: 'loadDictionaries',
        input: ({ context }) => context.dictionaryCodes,
        onDone: { target: 'starting', actions: assign({ dictionaries: ({ event }) => event.output }) },
        onError: { target: 'starting', description: 'Codes show instead of texts; the record still loads.' },
      },
    },
    starting: { always: [{ guard: 'isNew', target: 'editing' }, { target: 'loading' }] },
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context }) => context.objectId ?? '',
        onDone: {
          target: 'loaded',
          actions: assign({
            original: ({ event }) => event.output,
            values: ({ event }) => event.output,
            error: undefined,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    loaded: { always: [{ guard: 'isReadOnly', target: 'viewing' }, { target: 'editing' }] },
    failed: { on: { 'record.reload': 'loading' } },
    viewing: {
      description: 'action=detail: every field and picker is read-only.',
      on: { 'record.reload': 'loading' },
    },
    editing: {
      tags: 'editable',
      on: {
        'field.change': {
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }),
            errors: ({ context, event }) =>
              Object.fromEntries(Object.entries(context.errors).filter(([k]) => k !== event.field)),
          }),
        },
        'form.reset': { actions: assign({ values: ({ context }) => context.original, errors: {} }) },
        'record.reload': {
          target: 'loading',
          description:
            'A workflow step decided on the page changed the record on the server: it is read again, so the form shows what was decided and the next save carries the new version.',
        },
        'form.submit': [
          {
            guard: 'isUnchanged',
            description: 'Nothing changed: nothing is sent.',
            actions: emit({ type: 'notify', severity: 'warn', message: 'app.record.noChanges' }),
          },
          {
            guard: 'isValid',
            target: 'saving',
            actions: assign({
              via: ({ event }) => event.via,
              done: ({ event }) => event.done,
              refusal: undefined,
              confirmed: undefined,
            }),
          },
          {
            description:
              "A required field left empty ('<label> required', app.form.required), or a number, date or code typed wrong: each problem shows under its field and nothing is sent.",
            actions: [
              assign({ errors: ({ context }) => formProblems(context.fields, context.values) }),
              emit(({ context }) => {
                const [field, problem] = Object.entries(formProblems(context.fields, context.values))[0]!;
                return { type: 'problem' as const, field, problem };
              }),
            ],
          },
        ],
      },
    },
    confirming: {
      // The form stays as it was under the dialog.
      tags: ['editable', 'confirming'],
      description:
        'A dialog asks the question of the refused save: confirmed, the same save is sent again with what was confirmed (the figure asked about, so a changed one is asked again); declined, nothing is sent.',
      on: {
        'confirm.accept': {
          target: 'saving',
          actions: assign({
            confirmed: ({ context }) => ({
              ...context.confirmed,
              [context.confirmation!.confirm.name]: context.confirmation!.confirm.value,
            }),
            confirmation: undefined,
          }),
        },
        'confirm.cancel': {
          target: 'editing',
          actions: assign({ confirmation: undefined, confirmed: undefined }),
        },
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'saveRecord',
        src: 'saveRecord',
        input: ({ context }) => ({
          action: context.action,
          body: saveBody(context),
          via: context.via,
          confirmed: context.confirmed,
        }),
        onDone: [
          {
            guard: 'wasCreated',
            target: 'editing',
            actions: [
              assign({
                original: ({ event }) => event.output,
                values: ({ event }) => event.output,
                objectId: ({ event }) => event.output.ObjectID,
                action: 'edit',
              }),
              emit(({ context }) => ({
                type: 'notify' as const,
                severity: 'success' as const,
                message: context.done ?? 'app.kit.saved',
              })),
              emit(({ event }) => ({ type: 'created' as const, objectId: event.output.ObjectID })),
              emit(({ context, event }) => ({
                type: 'saved' as const,
                objectId: event.output.ObjectID,
                via: context.via,
              })),
            ],
          },
          {
            target: 'editing',
            description: 'Saved: the answer becomes the new original; the updated message (app.kit.updated).',
            actions: [
              assign({ original: ({ event }) => event.output, values: ({ event }) => event.output }),
              emit(({ context }) => ({
                type: 'notify' as const,
                severity: 'success' as const,
                message: context.done ?? 'app.kit.updated',
              })),
              emit(({ context, event }) => ({
                type: 'saved' as const,
                objectId: event.output.ObjectID,
                via: context.via,
              })),
            ],
          },
        ],
        onError: [
          {
            guard: 'isConfirmationAsked',
            target: 'confirming',
            description:
              'The server takes the save once the person confirms what it carries along (an RSP moved with its CCPs): its question is put to them, every typed value kept.',
            actions: assign({
              confirmation: ({ event }) => {
                const asked = event.error as ConfirmationAsked;
                return { message: asked.message, confirm: asked.confirm };
              },
            }),
          },
          {
            guard: 'isFieldRefusal',
            target: 'editing',
            description:
              'The server refused one field: its message shows under that field, once, and every typed value stays.',
            actions: [
              assign({
                errors: ({ context, event }) => ({
                  ...context.errors,
                  [refusedField(event.error, context.fields)!]: {
                    kind: 'server' as const,
                    message: errorText(event.error),
                  },
                }),
              }),
              emit(({ context, event }) => ({
                type: 'problem' as const,
                field: refusedField(event.error, context.fields)!,
                problem: { kind: 'server' as const, message: errorText(event.error) },
              })),
            ],
          },
          {
            target: 'editing',
            description:
              'A refused save (a stale version) keeps every typed value; its message shows once, and stays beside the buttons when it came through a door of the page (a refused submission).',
            actions: [
              assign({
                error: ({ event }) => errorText(event.error),
                refusal: ({ context, event }) => (context.via ? errorText(event.error) : undefined),
              }),
              emit(({ event }) => ({
                type: 'notify' as const,
                severity: 'error' as const,
                message: errorText(event.error),
              })),
            ],
          },
        ],
      },
    },
  },
});
