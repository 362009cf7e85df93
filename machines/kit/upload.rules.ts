import {
  acceptLabel,
  type FileAttachment,
  IMAGE_ACCEPT,
  MAX_FILES_PER_OWNER,
  UPLOADABLE_EXTENSIONS,
} from '../../domain/files';
import { checkUploadFile, type UploadError, type UploadRules } from '../../domain/validators';

/** A file the person picked: a browser File in the app, a plain object in tests. */
export interface UploadSource {
  name: string;
  size: number;
  type: string;
}

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed';

/** One line of the control's list (SPEC §3 uploaded file: fileName, fileUrl, size, uid). */
export interface UploadItem {
  uid: string;
  fileName: string;
  fileUrl: string;
  size: number;
  status: UploadStatus;
  progress: number;
  objectId?: string;
}

/** How a control is set up by its page (SPEC §5, §9). */
export interface UploadOptions {
  accept?: readonly string[];
  maxSizeMb?: number;
  /** Defaults to the server's limit per owner; a single-file control takes one. */
  limit?: number;
  multiple?: boolean;
  /** Image mode: image types only. */
  image?: boolean;
  forbidDuplicates?: boolean;
}

/** The rules of SPEC §5 a control applies, from its options. */
export function rulesOf(options: UploadOptions): UploadRules {
  const accept = options.accept?.length ? [...options.accept] : options.image ? [...IMAGE_ACCEPT] : undefined;
  return {
    accept: accept?.map((a) => a.trim().replace(/^\./, '')),
    maxSizeMb: options.maxSizeMb,
    forbidDuplicates: options.forbidDuplicates ?? true,
    limit: options.multiple === false ? 1 : (options.limit ?? MAX_FILES_PER_OWNER),
  };
}

/** The tip's type list, 'pdf/jpg/png'. */
export const typesLabel = (rules: UploadRules) =>
  acceptLabel(rules.accept?.length ? rules.accept : UPLOADABLE_EXTENSIONS);

export const itemOfAttachment = (file: FileAttachment, uid: string): UploadItem => ({
  uid,
  fileName: file.FileName,
  fileUrl: file.FileURL,
  size: Number(file.Size) || 0,
  status: 'done',
  progress: 100,
  objectId: file.ObjectID,
});

export const attachmentOf = (item: UploadItem): FileAttachment => ({
  ObjectID: item.objectId ?? '',
  FileName: item.fileName,
  FileURL: item.fileUrl,
  Size: item.size,
});

/** Failed lines stay visible but hold no place: they count neither toward the limit nor as twins. */
const holdingPlace = (items: readonly UploadItem[]) => items.filter((i) => i.status !== 'failed');

export interface Admission {
  items: UploadItem[];
  sources: Record<string, UploadSource>;
  refused: UploadError[];
  seq: number;
}

/**
 * Checks picked files one by one against the list, each accepted file counting for the next (so
 * picking 3 files where 2 places are left admits 2), and queues the accepted ones for upload.
 */
export function admit(
  items: readonly UploadItem[],
  picked: readonly UploadSource[],
  rules: UploadRules,
  seq: number,
): Admission {
  const next = [...items];
  const sources: Record<string, UploadSource> = {};
  const refused: UploadError[] = [];
  let counter = seq;
  for (const source of picked) {
    const existing = holdingPlace(next).map((i) => ({ name: i.fileName, size: i.size }));
    const problem = checkUploadFile(source, rules, existing);
    if (problem) {
      refused.push(problem);
      continue;
    }
    counter += 1;
    const uid = `upload-${counter}`;
    sources[uid] = source;
    next.push({ uid, fileName: source.name, fileUrl: '', size: source.size, status: 'queued', progress: 0 });
  }
  return { items: next, sources, refused, seq: counter };
}

/** The locale key of a refusal; its params fill the message (the count limit, ...). */
export const refusalKey = (error: UploadError) => `kitFiles.errors.${error.code}`;
