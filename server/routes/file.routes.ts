import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PRESIGNED_LINK_TTL_S } from '../../domain/constants';
import { SERVER_MAX_UPLOAD_MB } from '../../domain/files';
import { checkOwnerContent } from '../agreements/template-check';
import { readConfig } from '../config';
import type { Db } from '../db/database';
import { fileByKey, filesDb, insertFile, lockOwner, ownerFiles, visibleFile } from '../files/file.repo';
import { fileRecordRoutes } from '../files/file-records';
import { contentDisposition } from '../files/link-signer';
import { createObjectStore, incomingDir, LocalObjectStore, OBJECT_KEY } from '../files/object-store';
import { checkOwnerWritable } from '../files/owner-access';
import { handleUpload } from '../files/upload-flow';
import { checkUpload, uploadForm } from '../files/upload-rules';
import { callerOf } from '../http/auth';
import { ok, PortalError } from '../http/envelope';
import { parseBody } from '../http/validate';

export interface FileRoutesOptions {
  /** The shared files folder (AppOptions.filesDir); objects go to `<filesDir>/objects/<bucket>/…`. */
  filesDir?: string;
  /** The clock links are signed and checked with (tests move it past a link's expiry). */
  now?: () => number;
}

const MB = 1024 * 1024;
const objectId = z.uuid();
const notFound = () => new PortalError(404, 'server.file.notFound');

/**
 * SPEC §7 Files: upload (multipart, checked on the server), the owner's lists, attach, rename and
 * delete, and downloads through a presigned link valid 86400 s from the 'prod' bucket.
 */
export function fileRoutes(app: FastifyInstance, db: Db, options: FileRoutesOptions = {}) {
  const root = join(options.filesDir ?? join(readConfig().dataDir, 'files'), 'objects');
  const store = createObjectStore(root, db);
  const now = options.now ?? (() => Date.now());
  const files = filesDb(db);
  const flow = { store, incoming: incomingDir(root), now };

  fileRecordRoutes(app, files, db);

  // Multipart is parsed for the upload route only; every other /portal route stays JSON.
  app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: SERVER_MAX_UPLOAD_MB * MB, files: 1, fields: 10, fieldSize: 1000, parts: 11 },
    });

    scope.post('/portal/file/uploadFile', { config: { access: 'session' } }, async (request) => {
      const caller = callerOf(request);
      let form: ReturnType<typeof uploadForm.parse> | undefined;
      return handleUpload(
        request,
        flow,
        async (received, fields) => {
          form = parseBody(uploadForm, fields);
          const { ownerType, ownerId } = form;
          // Before anything is counted against the list: only who may edit the record adds to it.
          if (ownerId) await checkOwnerWritable(db, caller, ownerId);
          const existing = ownerId
            ? (await ownerFiles(files, ownerType, ownerId)).map((f) => ({
                name: f.file_name,
                size: Number(f.size),
              }))
            : [];
          const checked = checkUpload(received, form, existing);
          await checkOwnerContent(ownerType, received.path, checked.extension);
          return checked;
        },
        ({ key, mimeType, file }) =>
          files.transaction().execute(async (trx) => {
            const checked = form!;
            if (checked.ownerId) {
              await lockOwner(trx, checked.ownerType, checked.ownerId);
              // Checked again under the owner's lock: a parallel upload may have taken the last place.
              const current = (await ownerFiles(trx, checked.ownerType, checked.ownerId)).map((f) => ({
                name: f.file_name,
                size: Number(f.size),
              }));
              checkUpload(file, checked, current);
            }
            return insertFile(trx, caller, {
              bucket: store.bucket,
              objectKey: key,
              fileName: file.fileName,
              mimeType,
              size: file.size,
              sha256: file.sha256,
              ownerType: checked.ownerType,
              ownerId: checked.ownerId,
              documentType: checked.documentType,
            });
          }),
      );
    });
  });

  app.get('/portal/file/download/:id', { config: { access: 'session' } }, async (request, reply) => {
    const id = objectId.safeParse((request.params as { id: string }).id);
    if (!id.success) throw notFound();
    const row = await visibleFile(files, callerOf(request), id.data);
    if (!row) throw notFound();
    const link = await store.downloadLink(row.object_key, {
      fileName: row.file_name,
      contentType: row.mime_type,
      nowMs: now(),
      ttlSeconds: PRESIGNED_LINK_TTL_S,
    });
    // The portal's own client asks for the link as data (a redirect cannot carry its X-Token onwards).
    if (wantsJson(request)) return ok(link);
    return reply.redirect(link, 302);
  });

  if (store instanceof LocalObjectStore) {
    // The presigned link is the credential here, as with S3: no login, only a signature that holds.
    app.get('/portal/objects/:bucket/*', { config: { public: true } }, async (request, reply) => {
      const { bucket, '*': key } = request.params as { bucket: string; '*': string };
      const { expires, signature } = request.query as { expires?: string; signature?: string };
      if (bucket !== store.bucket || !OBJECT_KEY.test(key))
        throw new PortalError(403, 'server.file.linkInvalid');
      const verdict = await store.signer.verify(bucket, key, expires ?? '', signature ?? '', now());
      if (verdict === 'invalid') throw new PortalError(403, 'server.file.linkInvalid');
      if (verdict === 'expired') throw new PortalError(403, 'server.file.linkExpired');
      const row = await fileByKey(files, bucket, key);
      const opened = row && (await store.open(key));
      if (!row || !opened) throw notFound();
      return reply
        .header('content-type', row.mime_type)
        .header('content-length', opened.size)
        .header('content-disposition', contentDisposition(row.file_name))
        .header('cache-control', 'private, max-age=300')
        .send(opened.stream);
    });
  }
}

const wantsJson = (request: FastifyRequest) => (request.headers.accept ?? '').includes('application/json');
