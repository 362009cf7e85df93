import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { writesThrough } from '../../catalogue/page-actions';
import { businessDay } from '../../domain/business-clock';
import { SERVER_MAX_UPLOAD_MB } from '../../domain/files';
import { areaResource } from '../areas/areas';
import { readConfig } from '../config';
import type { Db } from '../db/database';
import { contentDisposition, LinkSigner, signingSecret } from '../files/link-signer';
import { type ReceivedFile, receiveFile } from '../files/receive';
import { checkUpload, type UploadForm } from '../files/upload-rules';
import { allowedPageIds, readOnlyFor } from '../http/access';
import { type Caller, callerOf } from '../http/auth';
import { ok, PortalError } from '../http/envelope';
import { langOf, translate } from '../http/i18n';
import { isSystemAdmin } from '../identity/roles';
import { requireReporter } from '../reports/report-lock';
import { ImportProgressBoard } from './import-progress';
import { runImport } from './import-run';
import { type ImportSpec, importSpecOf } from './import-spec';
import { rejectedRowsWorkbook, visibleImport } from './rejected-file';
import { buildTemplate, templateFileName } from './template';

const MB = 1024 * 1024;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A rejected-rows link lives as long as a person needs to click it. */
const LINK_TTL_S = 300;
const importId = z.uuid();
/**
 * Where a workbook waits while it is read: a file of this process, removed when the import ends, so
 * the store's clean-up of abandoned uploads (which sweeps its incoming folder) never takes one mid-read.
 */
const IMPORT_DIR = join(tmpdir(), 'portal-imports');

/** The list's import, for a caller whose menu holds the list (the administrator holds every list). */
async function importFor(db: Db, caller: Caller, pageId: unknown): Promise<ImportSpec> {
  const spec = importSpecOf(pageId);
  if (!isSystemAdmin(caller.roleCode) && !(await allowedPageIds(db, caller.roleCode)).has(spec.page.id))
    throw new PortalError(403, 'server.forbidden');
  // Report lines are the agent's: its staff import them, or the sales operations desk for it.
  if (spec.declared.reportType) requireReporter(caller.roleCode, spec.declared.reportType);
  // A list its readers only read (its writers are others) imports nothing for them.
  if (!writesThrough(spec.page, caller.roleCode)) throw readOnlyFor(spec.page);
  return spec;
}

export interface ImportRoutesOptions {
  filesDir?: string;
}

/**
 * The import of every list that declares one (issue "Import"): its template, the upload that checks
 * and commits a file all or nothing, and the rejected rows of a past import as a file.
 */
export function importRoutes(app: FastifyInstance, db: Db, options: ImportRoutesOptions = {}) {
  const root = join(options.filesDir ?? join(readConfig().dataDir, 'files'), 'objects');
  const signer = new LinkSigner(signingSecret(db, root));
  const board = new ImportProgressBoard();

  app.post('/portal/import/template', { config: { access: 'session' } }, async (request) => {
    const lang = langOf(request.headers['accept-language']);
    const body = (request.body ?? {}) as { PageID?: unknown };
    const spec = await importFor(db, callerOf(request), body.PageID);
    const bytes = await buildTemplate(db, lang, spec, businessDay());
    return ok({ Title: templateFileName(lang, spec), MimeType: XLSX, Binary: bytes.toString('base64') });
  });

  app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: SERVER_MAX_UPLOAD_MB * MB, files: 1, fields: 3, fieldSize: 200, parts: 4 },
    });
    scope.post('/portal/import/upload', { config: { access: 'session' } }, async (request, reply) => {
      const caller = callerOf(request);
      const lang = langOf(request.headers['accept-language']);
      const { fields, file } = await receiveUpload(request, IMPORT_DIR);
      try {
        if (!file?.fileName) throw new PortalError(400, 'server.file.missing');
        const spec = await importFor(db, caller, fields.PageID);
        checkUpload(file, { accept: 'xlsx', maxSizeMb: SERVER_MAX_UPLOAD_MB } as UploadForm, []);
        // A resource whose area imports it through a command of its own (a settlement sheet) runs that.
        const run = areaResource(spec.def.name)?.importRun ?? runImport;
        // The page names its upload with an id of its own, to poll the import's progress meanwhile.
        const progressId = importId.safeParse(fields.ProgressID);
        if (progressId.success) board.start(progressId.data, caller.employeeId);
        const onProgress = progressId.success
          ? (pass: 'check' | 'write', rows: number, share: number) =>
              board.report(progressId.data, pass, rows, share)
          : undefined;
        const answer = await run({
          db,
          caller,
          lang,
          spec,
          path: file.path,
          fileName: file.fileName,
          onProgress,
        }).finally(() => progressId.success && board.finish(progressId.data));
        if (answer.Committed)
          return ok(answer, {
            message: translate(lang, 'imports.server.committed', { n: answer.SuccessCount }),
          });
        // Refused rows: nothing is written, and the answer lists why, row by row.
        return reply.status(422).send({
          state: false,
          message: translate(lang, 'imports.server.rejected', {
            n: answer.FailCount,
            total: answer.TotalCount,
          }),
          results: answer,
        });
      } finally {
        if (file) await rm(file.path, { force: true });
      }
    });
  });

  // The progress of an upload under way, for the person who sent it (anyone else: no such upload).
  app.get('/portal/import/progress/:id', { config: { access: 'session' } }, async (request) => {
    const id = importId.safeParse((request.params as { id: string }).id);
    const progress = id.success ? board.read(id.data, callerOf(request).employeeId) : undefined;
    if (!progress) throw new PortalError(404, 'server.recordNotFound');
    return ok(progress);
  });

  app.get('/portal/import/rejected-rows/:id', { config: { access: 'session' } }, async (request, reply) => {
    const id = importId.safeParse((request.params as { id: string }).id);
    if (!id.success) throw new PortalError(404, 'server.recordNotFound');
    await visibleImport(db, callerOf(request), id.data);
    const expires = Math.floor(Date.now() / 1000) + LINK_TTL_S;
    const link = `/portal/import/rejected-rows/${id.data}/file?expires=${expires}&signature=${await signer.sign('imports', id.data, expires)}`;
    if ((request.headers.accept ?? '').includes('application/json')) return ok(link);
    return reply.redirect(link, 302);
  });

  // The signed link is the credential, as with the file store's links: the browser follows it without a token.
  app.get('/portal/import/rejected-rows/:id/file', { config: { public: true } }, async (request, reply) => {
    const id = importId.safeParse((request.params as { id: string }).id);
    const { expires, signature } = request.query as { expires?: string; signature?: string };
    if (!id.success) throw new PortalError(404, 'server.recordNotFound');
    const verdict = await signer.verify('imports', id.data, expires ?? '', signature ?? '', Date.now());
    if (verdict === 'invalid') throw new PortalError(403, 'server.file.linkInvalid');
    if (verdict === 'expired') throw new PortalError(403, 'server.file.linkExpired');
    const lang = langOf(request.headers['accept-language']);
    const found = await sql<{ object_id: string; data: unknown }>`select object_id::text, data from record
      where object_id = ${id.data} and resource = 'importHistory'`.execute(db);
    const history = found.rows[0];
    const data = history?.data as { PageID?: string; ErrorFile?: { FileName?: string }[] } | undefined;
    if (!history || !data?.ErrorFile?.[0]) throw new PortalError(404, 'server.recordNotFound');
    const bytes = await rejectedRowsWorkbook(db, lang, { ...data, ObjectID: history.object_id });
    return reply
      .header('content-type', XLSX)
      .header('content-disposition', contentDisposition(data.ErrorFile[0].FileName ?? 'rejected.xlsx'))
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });
}

/** The multipart parts of an import: the list's page id and one file, streamed to disk. */
async function receiveUpload(request: FastifyRequest, incoming: string) {
  if (!request.isMultipart()) throw new PortalError(400, 'server.file.missing');
  const fields: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) await rm(file.path, { force: true });
        file = await receiveFile(part, incoming);
      } else fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if (file) await rm(file.path, { force: true });
    throw error;
  }
  return { fields, file };
}
