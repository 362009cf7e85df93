import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { extensionOf, MAX_FILES_PER_OWNER } from '../../domain/files';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { badField, ok, PortalError } from '../http/envelope';
import { parseBody } from '../http/validate';
import { MAX_PAGE_SIZE } from '../resources/search';
import {
  type FilesDb,
  lockOwner,
  mayChange,
  ownerFiles,
  searchFiles,
  softDelete,
  toAttachment,
  visibleFile,
} from './file.repo';
import { checkFileOwnerWritable, checkOwnerReadable, checkOwnerWritable } from './owner-access';
import { cleanFileName } from './receive';
import { documentType, ownerId, ownerType } from './upload-rules';

const objectId = z.uuid();
const idBody = z.looseObject({ ObjectID: objectId });
const searchBody = z.object({
  ownerType: ownerType.optional(),
  ownerId: ownerId.optional(),
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
});
const ownerBody = z.object({ ownerType: ownerType.optional(), ownerId });
const attachBody = z.object({
  ownerType,
  ownerId,
  documentType: documentType.optional(),
  /** The uploaded files to attach, as a `file` field holds them (only ObjectID is read). */
  files: z
    .array(z.looseObject({ ObjectID: objectId }))
    .min(1)
    .max(MAX_FILES_PER_OWNER),
});
const createBody = attachBody.omit({ files: true }).extend({ ObjectID: objectId });
const updateBody = z.object({
  ObjectID: objectId,
  FileName: z.string().trim().min(1).max(200).optional(),
  DocumentType: documentType.nullable().optional(),
});
const deleteBody = z.union([
  idBody.transform((b) => [b.ObjectID]),
  z
    .array(z.union([objectId, idBody.transform((b) => b.ObjectID)]))
    .min(1)
    .max(100),
]);

const notFound = () => new PortalError(404, 'server.file.notFound');
const session = { config: { access: 'session' as const } };
// SPEC §7 sends ObjectID; some callers of the old portal send objectID.
const withObjectId = (body: unknown) => {
  const b = (body ?? {}) as Record<string, unknown>;
  return b &&
    typeof b === 'object' &&
    !Array.isArray(b) &&
    b.ObjectID === undefined &&
    b.objectID !== undefined
    ? { ...b, ObjectID: b.objectID }
    : body;
};

/**
 * The file records of SPEC §7: lists by owner, one file, attach uploaded files to their owner
 * (create, batchCreate), rename, and (soft) delete. Reading follows the uploader's data scope;
 * changing is for the uploader, the administrator and the sales operations desk.
 */
export function fileRecordRoutes(app: FastifyInstance, files: FilesDb, db: Db) {
  app.post('/portal/file/search', session, async (request) => {
    const { currentPage, pageSize, ...filter } = parseBody(searchBody, request.body);
    if (filter.ownerId !== undefined) await checkOwnerReadable(db, callerOf(request), filter.ownerId);
    const { rows, total } = await searchFiles(files, callerOf(request), filter, { currentPage, pageSize });
    return ok(rows.map(toAttachment), { totalSize: total });
  });

  app.post('/portal/fileBTP/searchAll', session, async (request) => {
    const filter = parseBody(ownerBody, request.body);
    await checkOwnerReadable(db, callerOf(request), filter.ownerId);
    const { rows } = await searchFiles(files, callerOf(request), filter);
    return ok(rows.map(toAttachment), { totalSize: rows.length });
  });

  app.post('/portal/file/getOne', session, async (request) => {
    const { ObjectID } = parseBody(idBody, withObjectId(request.body));
    const row = await visibleFile(files, callerOf(request), ObjectID);
    if (!row) throw notFound();
    return ok([toAttachment(row)]);
  });

  const attach = async (caller: ReturnType<typeof callerOf>, body: z.infer<typeof attachBody>) => {
    await checkOwnerWritable(db, caller, body.ownerId);
    return files.transaction().execute(async (trx) => {
      await lockOwner(trx, body.ownerType, body.ownerId);
      const current = await ownerFiles(trx, body.ownerType, body.ownerId);
      const ids = [...new Set(body.files.map((f) => f.ObjectID))];
      const adding = [];
      for (const id of ids) {
        const row = await visibleFile(trx, caller, id);
        if (!row || !mayChange(caller, row)) throw notFound();
        if (current.some((f) => f.object_id === id)) continue;
        const twin = [...current, ...adding].find(
          (f) => f.file_name === row.file_name && Number(f.size) === Number(row.size),
        );
        if (twin) throw new PortalError(409, 'server.file.duplicate', { name: row.file_name });
        adding.push(row);
      }
      if (current.length + adding.length > MAX_FILES_PER_OWNER)
        throw new PortalError(409, 'server.file.tooMany', { limit: MAX_FILES_PER_OWNER });
      if (adding.length > 0) {
        await trx
          .updateTable('file_object')
          .set({
            owner_type: body.ownerType,
            owner_id: body.ownerId,
            document_type: body.documentType ?? null,
          })
          .where(
            'object_id',
            'in',
            adding.map((r) => r.object_id),
          )
          .execute();
      }
      return ownerFiles(trx, body.ownerType, body.ownerId);
    });
  };

  app.post('/portal/file/batchCreate', session, async (request) => {
    const body = parseBody(attachBody, request.body);
    const caller = callerOf(request);
    await attach(caller, body);
    const { rows } = await searchFiles(files, caller, { ownerType: body.ownerType, ownerId: body.ownerId });
    return ok(rows.map(toAttachment), { message: 'server.saved', totalSize: rows.length });
  });

  app.post('/portal/file/create', session, async (request) => {
    const { ObjectID, ...owner } = parseBody(createBody, withObjectId(request.body));
    const caller = callerOf(request);
    await attach(caller, { ...owner, files: [{ ObjectID }] });
    const row = await visibleFile(files, caller, ObjectID);
    if (!row) throw notFound();
    return ok(toAttachment(row), { message: 'server.saved' });
  });

  app.post('/portal/file/update', session, async (request) => {
    const body = parseBody(updateBody, withObjectId(request.body));
    const caller = callerOf(request);
    const row = await visibleFile(files, caller, body.ObjectID);
    if (!row) throw notFound();
    if (!mayChange(caller, row)) throw new PortalError(403, 'server.file.changeForbidden');
    await checkFileOwnerWritable(db, caller, row.owner_id);
    const fileName = body.FileName === undefined ? undefined : cleanFileName(body.FileName);
    // The bytes were checked against the extension; a rename keeps it, so the check stays true.
    if (fileName !== undefined && extensionOf(fileName) !== extensionOf(row.file_name)) {
      throw badField('FileName', {
        key: 'server.file.keepExtension',
        params: { ext: extensionOf(row.file_name) },
      });
    }
    const updated = await files
      .updateTable('file_object')
      .set({
        ...(fileName ? { file_name: fileName } : {}),
        ...(body.DocumentType !== undefined ? { document_type: body.DocumentType } : {}),
      })
      .where('object_id', '=', row.object_id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return ok(toAttachment(updated), { message: 'server.updated' });
  });

  const remove = async (caller: ReturnType<typeof callerOf>, ids: string[]) => {
    for (const id of ids) {
      const row = await visibleFile(files, caller, id);
      if (!row) throw notFound();
      if (!mayChange(caller, row)) throw new PortalError(403, 'server.file.changeForbidden');
      await checkFileOwnerWritable(db, caller, row.owner_id);
    }
    return files.transaction().execute((trx) => softDelete(trx, ids));
  };

  app.post('/portal/file/deleteDetail', session, async (request) => {
    const { ObjectID } = parseBody(idBody, withObjectId(request.body));
    const deleted = await remove(callerOf(request), [ObjectID]);
    return ok({ deleted }, { message: 'server.deleted' });
  });

  app.post('/portal/file/delete', session, async (request) => {
    const ids = parseBody(deleteBody, withObjectId(request.body));
    const deleted = await remove(callerOf(request), [...new Set(ids)]);
    return ok({ deleted }, { message: 'server.deleted' });
  });
}
