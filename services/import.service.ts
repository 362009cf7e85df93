import { API_BASE, IMPORT_PROGRESS_POLL_MS, REQUEST_TIMEOUT_MS } from '../domain/constants';
import type { ImportAnswer } from '../domain/import-answer';
import type { ExportFile } from './export.service';
import { type Envelope, httpContext, request } from './http.service';
import { downloadLink } from './upload.service';

/** An import the server refused as a whole file (no rows checked), or that never reached it. */
export class ImportFailed extends Error {}

export interface ImportHandle {
  done: Promise<ImportAnswer>;
  abort(): void;
}

/** POST /import/template: the list's template as a base64 workbook. */
export const fetchImportTemplate = (pageId: string) =>
  request<ExportFile>('/import/template', { PageID: pageId }, { silent: true });

/** The signed link of an import's rejected-rows file. */
export const rejectedRowsLink = (fileUrl: string) => downloadLink(fileUrl);

/** How far the server has got with an upload (GET /import/progress/<id>, docs/imports.md). */
interface ServerProgress {
  Pass: 'check' | 'write' | 'done';
  Rows: number;
  Percent: number;
}

/**
 * Sends a workbook to a list's import. XMLHttpRequest, for the upload's progress; while the request
 * runs, the server's progress (rows checked, then written) is polled under an id the page draws. The
 * server answers the counts whether it wrote the rows (200) or refused some (422, nothing written); any other
 * refusal is an ImportFailed with the server's message.
 */
export function sendImport(
  file: File,
  pageId: string,
  onProgress: (percent: number) => void,
  onChecked: (rows: number, percent: number) => void = () => {},
): ImportHandle {
  const xhr = new XMLHttpRequest();
  const progressId = crypto.randomUUID();
  const poll = () =>
    request<ServerProgress>(`/import/progress/${progressId}`, undefined, {
      method: 'get',
      silent: true,
    }).then(
      (progress) => onChecked(progress.Rows, progress.Percent),
      // Not started yet, or already answered: the upload's own answer follows.
      () => {},
    );
  const done = new Promise<ImportAnswer>((resolve, reject) => {
    const form = new FormData();
    form.append('PageID', pageId);
    form.append('ProgressID', progressId);
    form.append('file', file, file.name);
    const { token, lang } = httpContext();
    xhr.open('POST', `${API_BASE}/import/upload`);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', lang);
    if (token) xhr.setRequestHeader('x-token', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    // Polled from the start: before the server reads the file it answers "not started", which is
    // ignored; waiting for the upload's own end event would miss a check quicker than one poll.
    const polling = setInterval(poll, IMPORT_PROGRESS_POLL_MS);
    xhr.onloadend = () => clearInterval(polling);
    xhr.onload = () => {
      let body: Envelope<ImportAnswer> | undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (body?.results && typeof body.results === 'object' && 'TotalCount' in body.results)
        resolve(body.results);
      else reject(new ImportFailed(body?.message || `import answered ${xhr.status}`));
    };
    xhr.onerror = () => reject(new ImportFailed('network error'));
    xhr.ontimeout = () => reject(new ImportFailed('timeout'));
    xhr.onabort = () => reject(new ImportFailed('aborted'));
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
