import { request, requestEnvelope } from './http.service';

/** One row of a picker's list: the §3 picker fields as the server names them. */
export type PickerRow = Record<string, unknown>;

export interface PickerPage {
  rows: PickerRow[];
  total: number;
  /** The company registry answered from the portal's sample companies (Source 'sample'), not 企查查. */
  sample?: boolean;
}

/**
 * SPEC §7 pickers: POST /{code}/search (or a configured URL) with currentPage and pageSize; the rows
 * come in results (or records) and the total in totalSize (or total).
 */
export async function searchPicker(endpoint: string, body: Record<string, unknown>): Promise<PickerPage> {
  const envelope = (await requestEnvelope<unknown>(endpoint, body)) as Record<string, unknown>;
  const results = envelope.results as Record<string, unknown> | unknown[] | undefined;
  const rows = (
    Array.isArray(results) ? results : (results?.records ?? envelope.records ?? [])
  ) as PickerRow[];
  const total = Number(
    envelope.totalSize ??
      envelope.total ??
      (Array.isArray(results) ? undefined : results?.total) ??
      rows.length,
  );
  return { rows, total };
}

/** The company lookup's local step: customers in scope and companies recorded earlier. */
export const searchLocalCompanies = (body: { keyword: string; currentPage: number; pageSize: number }) =>
  searchPicker('/companyInfo/search', body);

/** POST /qcc/search: the registry answers results.Result and results.Paging.TotalRecords. */
export async function searchRegistry(body: {
  searchKey: string;
  currentPage: number;
  pageSize: number;
}): Promise<PickerPage> {
  return registryPageOf(await request<RegistryAnswer>('/qcc/search', body));
}

/** POST /qcc/search's results (the public search's too): 企查查's page, and whose companies they are. */
export interface RegistryAnswer {
  Source?: 'registry' | 'sample';
  Result?: PickerRow[];
  Paging?: { TotalRecords?: number };
}

export function registryPageOf(results: RegistryAnswer | undefined): PickerPage {
  return {
    rows: results?.Result ?? [],
    total: Number(results?.Paging?.TotalRecords ?? 0),
    sample: results?.Source === 'sample',
  };
}

export interface CompanyChoice {
  creationDateTime: number;
  companyName: string;
  creditCode?: string;
  representative?: string;
  source: 'registry' | 'manual';
}

/** The recording POST when a registry result is chosen or a name is entered by hand. */
export const saveCompanyInfo = (choice: CompanyChoice) =>
  request<Record<string, unknown>>('/companyInfo/saveCompanyInfo', choice);
