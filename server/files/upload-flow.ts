import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { ok, PortalError } from '../http/envelope';
import { type FileRow, toAttachment } from './file.repo';
import type { ObjectStore } from './object-store';
import { type ReceivedFile, receiveFile } from './receive';

export interface UploadFlow {
  store: ObjectStore;
  /** Where the file streams to before it is checked (`incomingDir(root)`). */
  incoming: string;
  now: () => number;
}

/**
 * One multipart upload from start to answer (SPEC §7 Files), for the portal's uploads and the public
 * licence alike: the file streams to the incoming folder, `check` accepts or refuses it with its
 * fields, it moves into the store under a key the server makes, and `record` writes its row. A row
 * that cannot be written takes the object out of the store again, and a file that never reached the
 * store is deleted, so nothing stays behind that nobody can list.
 */
export async function handleUpload(
  request: FastifyRequest,
  flow: UploadFlow,
  check: (
    received: ReceivedFile,
    fields: Record<string, string>,
  ) => Promise<{ extension: string; mimeType: string }>,
  record: (stored: { key: string; mimeType: string; file: ReceivedFile }) => Promise<FileRow>,
) {
  if (!request.isMultipart()) throw new PortalError(400, 'server.file.missing');
  const fields: Record<string, string> = {};
  let received: ReceivedFile | undefined;
  let stored = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') received = await receiveFile(part, flow.incoming);
      else fields[part.fieldname] = String(part.value);
    }
    if (!received?.fileName) throw new PortalError(400, 'server.file.missing');
    const { extension, mimeType } = await check(received, fields);
    const day = new Date(flow.now());
    const key = `${day.getUTCFullYear()}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${extension}`;
    try {
      await flow.store.put(key, received.path, mimeType);
    } catch (error) {
      request.log.error(error);
      throw new PortalError(502, 'server.file.storeFailed');
    }
    stored = true;
    try {
      const attachment = toAttachment(await record({ key, mimeType, file: received }));
      return {
        ...ok(attachment, { message: 'server.file.uploaded' }),
        data: { results: attachment.FileURL },
      };
    } catch (error) {
      await flow.store.remove(key).catch((e) => request.log.error(e));
      throw error;
    }
  } finally {
    if (received && !stored) await rm(received.path, { force: true });
  }
}
