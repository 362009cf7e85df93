import { z } from 'zod';
import { DOCUMENT_TYPES, FILE_OWNER_TYPES } from '../../domain/constants';
import {
  acceptLabel,
  extensionOf,
  MAX_FILES_PER_OWNER,
  MIME_BY_EXTENSION,
  parseAccept,
  SERVER_MAX_UPLOAD_MB,
  UPLOADABLE_EXTENSIONS,
} from '../../domain/files';
import { checkUploadFile, type UploadError } from '../../domain/validators';
import { PortalError } from '../http/envelope';
import type { ReceivedFile } from './receive';
import { contentMatchesExtension } from './sniff';

const ownerTypes = Object.values(FILE_OWNER_TYPES) as number[];
const documentTypes = Object.values(DOCUMENT_TYPES) as number[];

export const ownerType = z.coerce.number().refine((n) => ownerTypes.includes(n), {
  message: 'unknown file-owner type',
});
export const ownerId = z.string().trim().min(1).max(64);
export const documentType = z.coerce.number().refine((n) => documentTypes.includes(n), {
  message: 'unknown document type',
});

/** The form fields beside the file (SPEC §7 uploadFile); text, as multipart sends them. */
export const uploadForm = z.object({
  ownerType,
  ownerId: ownerId.optional(),
  documentType: documentType.optional(),
  /** What the field accepts: extensions or MIME types, e.g. 'pdf,jpg' or 'image/*'. */
  accept: z.string().max(300).optional(),
  maxSizeMb: z.coerce.number().positive().max(SERVER_MAX_UPLOAD_MB).optional(),
});
export type UploadForm = z.infer<typeof uploadForm>;

const refusal = (error: UploadError): PortalError => {
  switch (error.code) {
    case 'format':
      return new PortalError(415, 'server.file.format', error.params);
    case 'size':
      return new PortalError(413, 'server.file.tooLarge', error.params);
    case 'duplicate':
      return new PortalError(409, 'server.file.duplicate', error.params);
    case 'count':
      return new PortalError(409, 'server.file.tooMany', error.params);
  }
};

export interface CheckedUpload {
  extension: string;
  mimeType: string;
}

/**
 * The server's word on an upload (SPEC §5, ARCHITECTURE §10): the same rules as the upload control —
 * count, format, size, duplicate, through the same domain check — and then what only the server can
 * see: the bytes must be what the extension claims, and an empty file is no attachment.
 */
export function checkUpload(
  file: ReceivedFile,
  form: UploadForm,
  existing: ReadonlyArray<{ name: string; size: number }>,
): CheckedUpload {
  const extension = extensionOf(file.fileName);
  const declared = parseAccept(form.accept).map((a) => a.replace(/^\./, '').toLowerCase());
  // Without an accept list of its own, a field takes any type the server can vouch for.
  const accept = declared.length > 0 ? declared : UPLOADABLE_EXTENSIONS;
  // An extension named like an object's own property (constructor, __proto__) is no file type: read
  // from the map it would answer a function, not a MIME type.
  if (extension in MIME_BY_EXTENSION && !Object.hasOwn(MIME_BY_EXTENSION, extension))
    throw new PortalError(400, 'server.file.format', { types: acceptLabel(accept) });
  const mimeType = Object.hasOwn(MIME_BY_EXTENSION, extension)
    ? MIME_BY_EXTENSION[extension]
    : 'application/octet-stream';
  const maxSizeMb = Math.min(form.maxSizeMb ?? SERVER_MAX_UPLOAD_MB, SERVER_MAX_UPLOAD_MB);
  const rules = { accept, maxSizeMb, forbidDuplicates: true, limit: MAX_FILES_PER_OWNER };
  const problem =
    checkUploadFile({ name: file.fileName, size: file.size, type: mimeType }, rules, existing) ??
    (file.truncated ? ({ code: 'size', params: { n: maxSizeMb } } as const) : null);
  if (problem) throw refusal(problem);
  if (file.size === 0) throw new PortalError(400, 'server.file.empty');
  if (!contentMatchesExtension(extension, file.head)) {
    throw new PortalError(415, 'server.file.contentMismatch', {
      ext: extension || '?',
      types: acceptLabel(accept),
    });
  }
  return { extension, mimeType };
}
