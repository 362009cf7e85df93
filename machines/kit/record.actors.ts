import { fromPromise } from 'xstate';
import type { FieldDef, PageEntry } from '../../catalogue/types';
import { type DictionaryOption, fetchDictionaries } from '../../services/dictionary.service';
import {
  createResource,
  getResource,
  updateResource,
  type WireRecord,
} from '../../services/resource.service';
import { type RecordAction, recordMachine } from './record.machine';
import { cacheRow } from './row-cache';

/**
 * The record machine of a catalogue detail/edit page, wired to the resource calls. With a
 * sessionRowName every row loaded or saved is kept under it for the next visit.
 */
export function recordLogicFor(page: PageEntry, lang: () => string, sessionRowName?: string) {
  const resource = page.resource ?? '';
  const keep = (row: WireRecord) => {
    if (sessionRowName) cacheRow(sessionRowName, row);
    return row;
  };
  return recordMachine.provide({
    actors: {
      loadRecord: fromPromise<WireRecord, string>(({ input }) => getResource(resource, input).then(keep)),
      loadDictionaries: fromPromise<Record<string, DictionaryOption[]>, string[]>(({ input }) =>
        fetchDictionaries(input, lang()),
      ),
      saveRecord: fromPromise<WireRecord, { action: RecordAction; body: Record<string, unknown> }>(
        ({ input }) =>
          (input.action === 'add'
            ? createResource(resource, { ...input.body, PageID: page.id })
            : updateResource(resource, { ...input.body, PageID: page.id })
          ).then(keep),
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
