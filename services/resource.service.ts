import { type RequestOptions, request, requestEnvelope } from './http.service';

export type WireRecord = Record<string, unknown> & { ObjectID: string; Version?: number };

export interface Page<T> {
  rows: T[];
  total: number;
  /** More rows match than the server counts exactly; the total is an estimate. */
  estimated?: boolean;
}

/**
 * SPEC §7 generic table: POST {path} with pageSize, currentPage and the filters; the rows come in
 * results (or results.records, records, data) and the total in totalSize (or total, results.total).
 */
export async function searchResource(
  resource: string,
  body: Record<string, unknown>,
): Promise<Page<WireRecord>> {
  const envelope = (await requestEnvelope<unknown>(`/${resource}/search`, body)) as Record<string, unknown>;
  const results = envelope.results as Record<string, unknown> | unknown[] | undefined;
  const rows = (
    Array.isArray(results) ? results : (results?.records ?? envelope.records ?? envelope.data ?? [])
  ) as WireRecord[];
  const total = Number(
    envelope.totalSize ??
      envelope.total ??
      (Array.isArray(results) ? undefined : results?.total) ??
      rows.length,
  );
  return { rows, total, ...(envelope.totalEstimated ? { estimated: true } : {}) };
}

/** SPEC §7 detail: POST objectID, the record is results[0]. */
export const getResource = (resource: string, objectId: string) =>
  request<WireRecord[]>(`/${resource}/getOne`, { ObjectID: objectId }).then((results) => results[0]);

export const createResource = (
  resource: string,
  values: Record<string, unknown>,
  options: RequestOptions = {},
) => request<WireRecord>(`/${resource}/create`, values, options);

/** Only ObjectID, the Version the editor saw and the changed fields are sent (SPEC §3). */
export const updateResource = (
  resource: string,
  changes: Record<string, unknown>,
  options: RequestOptions = {},
) => request<WireRecord>(`/${resource}/update`, changes, options);

/** Delete POSTs the selected rows (SPEC §7). */
export const deleteResources = (resource: string, rows: { ObjectID: string }[]) =>
  request(
    `/${resource}/delete`,
    rows.map((row) => ({ ObjectID: row.ObjectID })),
  );
