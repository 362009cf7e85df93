import { fromPromise } from 'xstate';
import type { FieldDef, PageEntry } from '../../catalogue/types';
import { type DictionaryOption, fetchDictionaries } from '../../services/dictionary.service';
import {
  createResource,
  getResource,
  updateResource,
  type WireRecord,
} from '../../services/resource.service';
import { refusalOf } from './field-refusal';
import { nothingChanged, type RecordAction, recordMachine, type SaveInput } from './record.machine';
import { cacheRow } from './row-cache';

export type { WireRecord };

/** What a page built on the record page adds to a saved record's save, and its own doors to save through. */
export interface RecordSaveExtras {
  /** Beside the changed fields of a saved record (a draft order's edited lines); empty when none changed. */
  editBody?: () => Record<string, unknown>;
  /** A door of the page's own by name: it takes the whole body a save would send (an order saved and submitted). */
  doors?: () => Record<string, (body: Record<string, unknown>) => Promise<WireRecord>>;
}

/**
 * The record machine of a catalogue detail/edit page, wired to the resource calls. With a
 * sessionRowName every row loaded or saved is kept under it for the next visit. A save's refusal is
 * the form's to show (under its field, once), so the call itself raises no toast.
 */
export function recordLogicFor(
  page: PageEntry,
  lang: () => string,
  sessionRowName?: string,
  labelOf: (field: string) => string = (field) => field,
  /** What a page adds to a new record's body beside its fields (an order's lines). */
  extraBody: () => Record<string, unknown> = () => ({}),
  { editBody = () => ({}), doors = () => ({}) }: RecordSaveExtras = {},
) {
  const resource = page.resource ?? '';
  const keep = (row: WireRecord) => {
    if (sessionRowName) cacheRow(sessionRowName, row);
    return row;
  };
  const send = (input: SaveInput) => {
    const body = {
      ...input.body,
      ...(input.action === 'add' ? extraBody() : editBody()),
      ...(input.confirmed ? { Confirmed: input.confirmed } : {}),
      PageID: page.id,
    };
    const door = input.via ? doors()[input.via] : undefined;
    if (door) return door(body);
    return input.action === 'add'
      ? createResource(resource, body, { silent: true })
      : updateResource(resource, body, { silent: true });
  };
  return recordMachine.provide({
    guards: {
      // Edited lines are a change too; a door is taken even when nothing changed.
      isUnchanged: ({ context, event }) =>
        !(event as { via?: string }).via && nothingChanged(context) && Object.keys(editBody()).length === 0,
    },
    actors: {
      loadRecord: fromPromise<WireRecord, string>(({ input }) => getResource(resource, input).then(keep)),
      loadDictionaries: fromPromise<Record<string, DictionaryOption[]>, string[]>(({ input }) =>
        fetchDictionaries(input, lang()),
      ),
      saveRecord: fromPromise<WireRecord, SaveInput>(({ input }) =>
        send(input).then(keep, (error: unknown) => {
          throw refusalOf(error, page.fields ?? [], labelOf);
        }),
      ),
    },
  });
}

/** SPEC §2: objectID (competitorID on competitor pages), action and sessionRowName from the query. */
export function recordQuery(query: string, kind: PageEntry['kind']) {
  const params = new URLSearchParams(query);
  const objectId = params.get('objectID') ?? params.get('competitorID') ?? undefined;
  const asked = params.get('action');
  const action: RecordAction =
    kind === 'detail' || asked === 'detail' ? 'detail' : asked === 'add' || !objectId ? 'add' : 'edit';
  return { objectId, action, sessionRowName: params.get('sessionRowName') ?? undefined };
}

/**
 * The values a new record starts with: query parameters that name a writable field of the form,
 * as the list it was created from sets them (its fixed filters). Other parameters are ignored.
 */
export function presetOf(query: string, fields: FieldDef[]): Record<string, string> {
  const params = new URLSearchParams(query);
  return Object.fromEntries(
    fields
      .filter((f) => !f.readOnly && f.kind !== 'file' && params.has(f.field))
      .map((f) => [f.field, params.get(f.field) ?? '']),
  );
}
