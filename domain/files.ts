/** File attachments (SPEC §3 "File attachment", §5 upload rules, §7 Files): shared by client and server. */

/** An attachment as the server sends it: what a `file` field of a record holds (a list of these). */
export interface FileAttachment {
  ObjectID: string;
  FileName: string;
  /** Where the file is downloaded: `/portal/file/download/<ObjectID>`, answered by a presigned link. */
  FileURL: string;
  Size: number;
}

/** The object-store bucket every attachment lives in (SPEC §7). */
export const FILE_BUCKET = 'prod';

/** The server's own ceiling, whatever limit a field declares. */
export const SERVER_MAX_UPLOAD_MB = 50;

/** At most this many live files per owner record (`最多上传20个文件`). */
export const MAX_FILES_PER_OWNER = 20;

/** What a file field accepts when its page names nothing more specific. */
export const DEFAULT_FILE_ACCEPT = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx', 'xls', 'xlsx'] as const;
export const DEFAULT_FILE_MAX_MB = 10;

/** Image mode (SPEC §5): image types only. */
export const IMAGE_ACCEPT = ['image/*'] as const;

/** The MIME type the portal records and serves for each extension it knows. */
export const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  csv: 'text/csv',
  txt: 'text/plain',
};

/** Every extension the server can vouch for by its bytes: what a field without its own list accepts. */
export const UPLOADABLE_EXTENSIONS = Object.keys(MIME_BY_EXTENSION);

/** Lower-case extension without the dot, or '' when the name has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The accept list as the tip and the format message name it: 'pdf/jpg/png'. */
export function acceptLabel(accept: readonly string[]): string {
  return accept.map((a) => a.trim().replace(/^\./, '')).join('/');
}

/** Splits an accept field ('pdf,jpg', '.pdf .jpg', 'image/*') into its entries. */
export function parseAccept(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s,;|]+/)
    .map((a) => a.trim())
    .filter(Boolean);
}
