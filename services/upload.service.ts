import { DEFAULT_UPLOAD_URL, REQUEST_TIMEOUT_MS } from '../domain/constants';
import type { FileAttachment } from '../domain/files';
import { type Envelope, httpContext, request } from './http.service';

/** The form fields an upload carries beside the file (SPEC §7 uploadFile). */
export interface UploadFields {
  ownerType: number;
  ownerId?: string;
  documentType?: number;
  accept?: string;
  maxSizeMb?: number;
}

export interface SendFileOptions {
  /** The upload address; SPEC §9 default /portal/file/uploadFile. */
  action?: string;
  onProgress?: (percent: number) => void;
}

/** An upload the server refused or could not finish; `message` is the server's reason when it gave one. */
export class UploadFailed extends Error {
  constructor(
    message: string,
    readonly reason?: string,
  ) {
    super(message);
  }
}

export interface UploadHandle {
  done: Promise<FileAttachment>;
  abort(): void;
}

/** What an upload answers: the attachment, or at least the file URL in data.results (SPEC §7). */
function attachmentOf(
  body: Envelope<unknown> & { data?: { results?: unknown } },
  file: File,
): FileAttachment {
  const results = body.results as Partial<FileAttachment> | undefined;
  const url = typeof body.data?.results === 'string' ? body.data.results : results?.FileURL;
  if (!url) throw new UploadFailed('upload answer without a file URL');
  return {
    ObjectID: results?.ObjectID ?? '',
    FileName: results?.FileName ?? file.name,
    FileURL: url,
    Size: results?.Size ?? file.size,
  };
}

/**
 * Sends one file as multipart/form-data. XMLHttpRequest, not fetch: only XHR reports upload
 * progress. An answer whose state is not true is a failure (SPEC §5), whatever its HTTP status.
 */
export function sendFile(file: File, fields: UploadFields, options: SendFileOptions = {}): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<FileAttachment>((resolve, reject) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields))
      if (value !== undefined) form.append(key, String(value));
    form.append('file', file, file.name);
    const { token, lang } = httpContext();
    xhr.open('POST', options.action ?? DEFAULT_UPLOAD_URL);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.responseType = 'text';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', lang);
    if (token) xhr.setRequestHeader('x-token', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let body: (Envelope<unknown> & { data?: { results?: unknown } }) | undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (!body?.state) {
        reject(new UploadFailed(`upload answered ${xhr.status}`, body?.message || undefined));
        return;
      }
      try {
        resolve(attachmentOf(body, file));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new UploadFailed('network error'));
    xhr.ontimeout = () => reject(new UploadFailed('timeout'));
    xhr.onabort = () => reject(new UploadFailed('aborted'));
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

/** Soft-deletes an uploaded file (SPEC §7 /portal/file/deleteDetail); the caller shows the outcome. */
export async function deleteFile(objectId: string): Promise<void> {
  await request('/file/deleteDetail', { ObjectID: objectId }, { silent: true });
}

/**
 * The presigned link behind a file URL, checked before the browser is sent there, so a failed
 * download is told as '文件下载失败！' instead of leaving the person on an error page.
 */
export async function downloadLink(fileUrl: string): Promise<string> {
  const { token, lang } = httpContext();
  const response = await fetch(fileUrl, {
    headers: { accept: 'application/json', 'accept-language': lang, ...(token ? { 'x-token': token } : {}) },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => undefined)) as Envelope<string> | undefined;
  if (!body?.state || typeof body.results !== 'string') throw new Error(body?.message || 'download failed');
  const link = body.results;
  // Our own store's links can be checked cheaply; an S3 link is another origin the page may not call.
  if (link.startsWith('/')) {
    const check = await fetch(link, { method: 'HEAD' });
    if (!check.ok) throw new Error(`download link answered ${check.status}`);
  }
  return link;
}
