/**
 * What a file really is, read from its first bytes. The extension and the browser's MIME type are the
 * sender's word; the magic bytes are the file's own, so a PNG renamed to .pdf is refused.
 */
export type ContentFamily =
  | 'pdf'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'bmp'
  | 'webp'
  | 'zip'
  | 'ole'
  | 'rar'
  | '7z'
  | 'text'
  | 'binary';

/** The family each known extension must have. xlsx/docx/pptx are zip packages; doc/xls/ppt OLE files. */
export const FAMILY_BY_EXTENSION: Readonly<Record<string, ContentFamily>> = {
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  gif: 'gif',
  bmp: 'bmp',
  webp: 'webp',
  zip: 'zip',
  docx: 'zip',
  xlsx: 'zip',
  pptx: 'zip',
  doc: 'ole',
  xls: 'ole',
  ppt: 'ole',
  rar: 'rar',
  '7z': '7z',
  csv: 'text',
  txt: 'text',
};

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

// A PDF's header may follow a little leading junk; readers look in the first 1024 bytes.
const PDF_HEADER_WINDOW = 1024;

export function sniff(head: Buffer): ContentFamily {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (startsWith(head, ascii('Rar!\x1a\x07'))) return 'rar';
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return '7z';
  if (head.subarray(0, PDF_HEADER_WINDOW).includes('%PDF-')) return 'pdf';
  // BMP: 'BM', the file size, then four reserved zero bytes.
  if (startsWith(head, ascii('BM')) && startsWith(head, [0, 0, 0, 0], 6)) return 'bmp';
  // Text (csv, txt) in any ASCII-compatible encoding — UTF-8 or the GBK of Chinese Excel — has no NUL.
  return head.includes(0) ? 'binary' : 'text';
}

/** Whether the bytes are what the extension says; extensions the portal does not know never match. */
export function contentMatchesExtension(extension: string, head: Buffer): boolean {
  if (!Object.hasOwn(FAMILY_BY_EXTENSION, extension)) return false;
  return sniff(head) === FAMILY_BY_EXTENSION[extension];
}
