import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkOwnerContent } from '../agreements/template-check';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { type FileRow, filesDb, insertFile, lockOwner, ownerFiles, toAttachment } from './file.repo';
import type { ObjectStore } from './object-store';
import { cleanFileName, type ReceivedFile } from './receive';
import { checkUpload, type UploadForm } from './upload-rules';

type LockingTransaction = Parameters<typeof lockOwner>[0];

export interface LocalFiles {
  store: ObjectStore;
  /** Where the file waits before it is checked (`incomingDir(root)`). */
  incoming: string;
}

/**
 * A document the server made itself (a demo's stamped scan), uploaded as /portal/file/uploadFile
 * uploads a person's file: the same checks of count, format, size and content (checkUpload, under the
 * owner's lock) and of what the owner asks of the content (an agreement template's placeholders), into
 * the store under a key the server makes, and the same row with its uploader.
 * The id and time may be given, so a seed gives the same rows every time.
 */
export async function uploadLocalFile(
  /** The caller's transaction: the row and the owner's lock belong to it. */
  db: Db,
  files: LocalFiles,
  caller: Caller,
  upload: { bytes: Buffer; fileName: string; form: UploadForm; objectId?: string; at?: Date },
) {
  await mkdir(files.incoming, { recursive: true });
  const path = join(files.incoming, randomUUID());
  await writeFile(path, upload.bytes, { mode: 0o600 });
  const received: ReceivedFile = {
    path,
    fileName: cleanFileName(upload.fileName),
    size: upload.bytes.length,
    sha256: createHash('sha256').update(upload.bytes).digest('hex'),
    head: upload.bytes.subarray(0, 8 * 1024),
    truncated: false,
  };
  const { form } = upload;
  const rows = filesDb(db);
  let stored: string | undefined;
  try {
    // The owner's lock holds to the end of the caller's transaction, as the upload route's does.
    if (form.ownerId) await lockOwner(rows as unknown as LockingTransaction, form.ownerType, form.ownerId);
    const existing = form.ownerId
      ? (await ownerFiles(rows, form.ownerType, form.ownerId)).map((f) => ({
          name: f.file_name,
          size: Number(f.size),
        }))
      : [];
    const checked = checkUpload(received, form, existing);
    await checkOwnerContent(form.ownerType, path, checked.extension);
    const at = upload.at ?? new Date();
    const key = `${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, '0')}/${upload.objectId ?? randomUUID()}.${checked.extension}`;
    await files.store.put(key, path, checked.mimeType);
    stored = key;
    const row: FileRow = await insertFile(rows, caller, {
      bucket: files.store.bucket,
      objectKey: key,
      fileName: received.fileName,
      mimeType: checked.mimeType,
      size: received.size,
      sha256: received.sha256,
      ownerType: form.ownerType,
      ownerId: form.ownerId,
      documentType: form.documentType,
      objectId: upload.objectId,
      createdAt: upload.at,
    });
    return toAttachment(row);
  } catch (error) {
    if (stored) await files.store.remove(stored).catch(() => undefined);
    throw error;
  } finally {
    await rm(path, { force: true });
  }
}
