import { fromPromise } from 'xstate';
import type { PageEntry } from '../../catalogue/types';
import { type DictionaryOption, fetchDictionaries } from '../../services/dictionary.service';
import {
  createResource,
  getResource,
  updateResource,
  type WireRecord,
} from '../../services/resource.service';
import { type RecordAction, recordMachine } from './record.machine';

/** The record machine of a catalogue detail/edit page, wired to the resource calls. */
export function recordLogicFor(page: PageEntry, lang: () => string) {
  const resource = page.resource ?? '';
  return recordMachine.provide({
    actors: {
      loadRecord: fromPromise<WireRecord, string>(({ input }) => getResource(resource, input)),
      loadDictionaries: fromPromise<Record<string, DictionaryOption[]>, string[]>(({ input }) =>
        fetchDictionaries(input, lang()),
      ),
      saveRecord: fromPromise<WireRecord, { action: RecordAction; body: Record<string, unknown> }>(
        ({ input }) =>
          input.action === 'add'
            ? createResource(resource, { ...input.body, PageID: page.id })
            : updateResource(resource, { ...input.body, PageID: page.id }),
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
