import { timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PRESIGNED_LINK_TTL_S } from '../../domain/constants';
import { UUID_PATTERN } from '../../domain/uuid';
import { readConfig } from '../config';
import type { Db } from '../db/database';
import { exportConfig, exportConfigCodes } from '../export/export-configs';
import { hasExportFile, readExportFile, XLSX_MIME } from '../export/export-files';
import {
  administersExports,
  createJob,
  EXPORT_STATUS,
  jobById,
  shownStatus,
  visibleJob,
} from '../export/export-jobs';
import { searchExportLog } from '../export/export-log';
import { exportBody } from '../export/export-rules';
import { runExport } from '../export/export-runner';
import { createObjectStore } from '../files/object-store';
import { allowedPageIds } from '../http/access';
import { type Caller, callerOf } from '../http/auth';
import { ok, PortalError } from '../http/envelope';
import { langOf } from '../http/i18n';
import { parseBody, plainBody } from '../http/validate';
import { isSystemAdmin } from '../identity/roles';
import { beforeRead } from '../resources/rules';
import { searchPlan } from '../resources/search';

const exportRequest = z.looseObject({ configCode: z.string().trim().min(1).max(100) });
const syncRequest = z.object({
  configCode: z.string().trim().min(1).max(100),
  query: z.record(z.string(), z.unknown()).optional(),
});
const fileRequest = z.object({ file: z.string().trim().min(1).max(300) });
const progressRequest = z.object({ ObjectID: z.uuid() });
/** Compares a link's key with the job's without telling by the time taken how much of it matched. */
const sameKey = (expected: string, given: unknown) =>
  typeof given === 'string' &&
  given.length === expected.length &&
  timingSafeEqual(Buffer.from(given), Buffer.from(expected));

// The portal's link is the credential; the store's link it redirects to is only for following now.
const REDIRECT_LINK_TTL_S = 300;

const logAccess = { config: { access: { resource: 'excelExport', lookup: true } } };

/**
 * SPEC §7 Export: start a job (doExport) or build the file at once and answer its link
 * (doSyncExportUrl), the caller's export log (search), a finished file as base64 (getFile) and the
 * signed download link. Exports read through the resource engine, so they follow the list's filters,
 * fixed filters and the caller's scope; an export needs the config's page in the caller's menus.
 */
export function exportRoutes(app: FastifyInstance, db: Db, options: { filesDir?: string } = {}) {
  const filesDir = options.filesDir ?? join(readConfig().dataDir, 'files');
  const dir = join(filesDir, 'exports');
  const store = createObjectStore(join(filesDir, 'objects'), db);
  const running = new Set<Promise<void>>();
  const stopping = new AbortController();
  app.addHook('onClose', async () => {
    stopping.abort();
    await Promise.allSettled([...running]);
  });

  /** Whether the caller's menus hold the list page an export is made from (none of a retired export). */
  async function holdsPageOf(caller: Caller, configCode: string) {
    if (!exportConfigCodes().includes(configCode)) return false;
    const pageId = exportConfig(configCode).page.id;
    return isSystemAdmin(caller.roleCode) || (await allowedPageIds(db, caller.roleCode)).has(pageId);
  }

  /** Checks the request and records the job; the run itself is left to the caller. */
  async function prepare(request: FastifyRequest, configCode: string, params: Record<string, unknown>) {
    const caller = callerOf(request);
    const config = exportConfig(configCode);
    if (!(await holdsPageOf(caller, config.configCode))) throw new PortalError(403, 'server.forbidden');
    const body = exportBody(config, params);
    searchPlan(config.def, caller, body); // an unknown filter is refused now, not in the background
    await beforeRead(db, config.def, caller, body);
    const job = await createJob(db, caller, {
      configCode: config.configCode,
      pageId: config.page.id,
      resource: config.def.name,
      params: body,
    });
    const run = () =>
      runExport({
        db,
        config,
        caller,
        body,
        lang: langOf(request.headers['accept-language']),
        jobId: job.object_id,
        dir,
        store,
        signal: stopping.signal,
      });
    return { job, run };
  }

  app.post('/portal/excelExport/doExport', logAccess, async (request) => {
    const { configCode, ...params } = parseBody(exportRequest, plainBody(request.body));
    const { job, run } = await prepare(request, configCode, params);
    const task = run()
      .catch((error) => request.log.warn({ err: error, job: job.object_id }, 'export failed'))
      .finally(() => running.delete(task));
    running.add(task);
    return ok({ ObjectID: job.object_id }, { message: 'server.exportStarted' });
  });

  app.post('/portal/excelExport/doSyncExportUrl', logAccess, async (request) => {
    const { configCode, query } = parseBody(syncRequest, plainBody(request.body));
    const { job, run } = await prepare(request, configCode, query ?? {});
    try {
      await run();
    } catch (error) {
      request.log.warn({ err: error, job: job.object_id }, 'export failed');
      throw new PortalError(500, 'server.exportFailed');
    }
    const url = `/portal/excelExport/download/${job.object_id}?token=${encodeURIComponent(job.download_key)}`;
    return ok({ ObjectID: job.object_id, url }, { message: url });
  });

  app.post('/portal/excelExport/search', logAccess, async (request) => {
    const body = plainBody(request.body);
    const { records, total } = await searchExportLog(
      db,
      callerOf(request),
      body,
      langOf(request.headers['accept-language']),
    );
    return ok(records, { totalSize: total });
  });

  // How far one export job is, for the button that started it: rows done of the total, as a percent.
  app.post('/portal/excelExport/progress', logAccess, async (request) => {
    const { ObjectID } = parseBody(progressRequest, plainBody(request.body));
    const job = await visibleJob(db, callerOf(request), { id: ObjectID });
    if (!job) throw new PortalError(404, 'server.recordNotFound');
    const status = shownStatus(job);
    const percent =
      status === EXPORT_STATUS.completed ? 100 : job.total > 0 ? Math.floor((job.done / job.total) * 100) : 0;
    return ok({ ObjectID: job.object_id, status, total: job.total, done: job.done, Percent: percent });
  });

  app.post('/portal/excelExport/getFile', logAccess, async (request) => {
    const { file } = parseBody(fileRequest, plainBody(request.body));
    const caller = callerOf(request);
    const job = await visibleJob(db, caller, UUID_PATTERN.test(file) ? { id: file } : { fileName: file });
    // One's own file of a list whose page one no longer holds is not served; the export log's
    // administrators serve everyone's files by that page of theirs.
    const served =
      job && ((await administersExports(db, caller)) || (await holdsPageOf(caller, job.config_code)));
    const binary = served && job.status === EXPORT_STATUS.completed && (await readExportFile(store, job));
    if (!binary) throw new PortalError(404, 'server.exportFileMissing');
    return ok({ MimeType: XLSX_MIME, Binary: binary.toString('base64'), Title: job.file_name });
  });

  // A link opened in the browser carries no X-Token: the job's own random key is the permission.
  app.get<{ Params: { id: string }; Querystring: { token?: string } }>(
    '/portal/excelExport/download/:id',
    { config: { public: true } },
    async (request, reply) => {
      const { id } = request.params;
      const job = UUID_PATTERN.test(id) ? await jobById(db, id) : undefined;
      const fresh = job?.finished_at && Date.now() - job.finished_at.getTime() <= PRESIGNED_LINK_TTL_S * 1000;
      if (!job || !sameKey(job.download_key, request.query.token) || !fresh || !hasExportFile(job))
        throw new PortalError(404, 'server.exportFileMissing');
      const name = job.file_name ?? `${job.object_id}.xlsx`;
      // In the S3 store: the store itself serves the bytes, through a link good for a few minutes.
      if (job.object_key) {
        const link = await store.downloadLink(job.object_key, {
          fileName: name,
          contentType: XLSX_MIME,
          nowMs: Date.now(),
          ttlSeconds: REDIRECT_LINK_TTL_S,
        });
        return reply.redirect(link, 302);
      }
      if (!job.file_path) throw new PortalError(404, 'server.exportFileMissing');
      const size = (await stat(job.file_path).catch(() => undefined))?.size;
      if (size === undefined) throw new PortalError(404, 'server.exportFileMissing');
      const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-length', size)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .send(createReadStream(job.file_path));
    },
  );
}
