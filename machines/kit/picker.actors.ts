import { fromPromise } from 'xstate';
import { fetchDictionaries } from '../../services/dictionary.service';
import { httpContext } from '../../services/http.service';
import { type PickerPage, searchPicker } from '../../services/lookup.service';
import { type PickerSearch, pickerMachine } from './picker.machine';

/** A page of rows whose dictionary columns show the texts of their codes in the reader's language. */
async function withDictionaryTexts(page: PickerPage, dictionaries: Record<string, string> = {}) {
  const columns = Object.entries(dictionaries);
  if (columns.length === 0) return page;
  const options = await fetchDictionaries(
    columns.map(([, code]) => code),
    httpContext().lang,
  );
  const rows = page.rows.map((row) => {
    const shown = { ...row };
    for (const [field, code] of columns) {
      const text = options[code]?.find((o) => o.keyword === String(row[field]))?.content;
      if (text !== undefined) shown[field] = text;
    }
    return shown;
  });
  return { ...page, rows };
}

/** The picker statechart wired to its /portal search call. */
export const pickerLogic = pickerMachine.provide({
  actors: {
    fetchPage: fromPromise<PickerPage, PickerSearch>(async ({ input }) =>
      withDictionaryTexts(await searchPicker(input.endpoint, input.body), input.dictionaries),
    ),
  },
});
