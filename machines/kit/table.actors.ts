import { fromPromise } from 'xstate';
import type { PageEntry } from '../../catalogue/types';
import { type DictionaryOption, fetchDictionaries } from '../../services/dictionary.service';
import {
  deleteResources,
  type Page,
  searchResource,
  updateResource,
  type WireRecord,
} from '../../services/resource.service';
import { type TableView, tableMachine } from './table.machine';

/** Dictionary codes a page shows or filters by. */
export const dictionaryCodesOf = (page: PageEntry) =>
  [...(page.columns ?? []), ...(page.filters ?? []), ...(page.fields ?? [])].flatMap((c) =>
    c.dict ? [c.dict] : [],
  );

/** The table machine of a catalogue list page, wired to the /portal resource calls. */
export function tableLogicFor(page: PageEntry, lang: () => string) {
  const resource = page.resource ?? '';
  return tableMachine.provide({
    actors: {
      fetchPage: fromPromise<Page<WireRecord>, Record<string, unknown>>(({ input }) =>
        searchResource(resource, { ...input, PageID: page.id }),
      ),
      loadDictionaries: fromPromise<Record<string, DictionaryOption[]>, string[]>(({ input }) =>
        fetchDictionaries(input, lang()),
      ),
      deleteRows: fromPromise<void, string[]>(async ({ input }) => {
        await deleteResources(
          resource,
          input.map((ObjectID) => ({ ObjectID })),
        );
      }),
      saveCell: fromPromise<WireRecord, { ObjectID: string; Version?: number; [field: string]: unknown }>(
        ({ input }) => updateResource(resource, { ...input, PageID: page.id }),
      ),
    },
  });
}

export type { TableView };
