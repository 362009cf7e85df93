import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';

/** Enough of the start of a file to read its magic bytes (a PDF header may sit up to 1 KB in). */
const HEAD_BYTES = 8 * 1024;

export interface ReceivedFile {
  path: string;
  fileName: string;
  size: number;
  sha256: string;
  head: Buffer;
  /** The multipart size limit cut the file short: it is larger than the server accepts. */
  truncated: boolean;
}

/**
 * A person's file name without any folder a browser or tool put in front of it, without control
 * characters, and of a length a file system and a table cell can hold.
 */
export function cleanFileName(name: string): string {
  const base = basename(name.replaceAll('\\', '/'))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  if (base.length <= 200) return base;
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : '';
  return base.slice(0, 200 - extension.length) + extension;
}

/** Streams an uploaded part to a temporary file, hashing it and keeping its first bytes on the way. */
export async function receiveFile(part: MultipartFile, incomingDir: string): Promise<ReceivedFile> {
  await mkdir(incomingDir, { recursive: true });
  const path = join(incomingDir, randomUUID());
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      if (headLength < HEAD_BYTES) {
        const piece = chunk.subarray(0, HEAD_BYTES - headLength);
        headChunks.push(piece);
        headLength += piece.length;
      }
      done(null, chunk);
    },
  });
  await pipeline(part.file, tap, createWriteStream(path, { mode: 0o600 }));
  return {
    path,
    fileName: cleanFileName(part.filename ?? ''),
    size,
    sha256: hash.digest('hex'),
    head: Buffer.concat(headChunks),
    truncated: part.file.truncated,
  };
}
