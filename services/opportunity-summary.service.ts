import type { SummaryRow } from '../domain/report-figures';
import { type DictionaryOption, fetchDictionaries } from './dictionary.service';
import { request } from './http.service';

export interface OpportunitySummary {
  byStage: SummaryRow[];
  byProvince: SummaryRow[];
  byProductLine: SummaryRow[];
  /** Dictionary words of the stage and product-line keys, in the reader's language. */
  words: Record<string, Record<string, string>>;
  /** The dictionaries the filters choose from. */
  dictionaries: Record<string, DictionaryOption[]>;
}

/** POST /opportunityReport/summary with the page's filters, and the words of its dictionary keys. */
export async function fetchOpportunitySummary(
  filters: Record<string, string>,
  lang: string,
): Promise<OpportunitySummary> {
  const [summary, dictionaries] = await Promise.all([
    request<Omit<OpportunitySummary, 'words'>>('/opportunityReport/summary', filters),
    fetchDictionaries(['OpportunityStage', 'ProductLineInfo', 'CustomerIndustry'], lang),
  ]);
  const words = Object.fromEntries(
    Object.entries(dictionaries).map(([code, options]) => [
      code,
      Object.fromEntries(options.map((o) => [o.keyword, o.content])),
    ]),
  );
  return { ...summary, words, dictionaries };
}
