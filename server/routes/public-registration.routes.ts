import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FILE_OWNER_TYPES } from '../../domain/constants';
import { readConfig } from '../config';
import type { Db } from '../db/database';
import { filesDb, insertFile } from '../files/file.repo';
import { createObjectStore, incomingDir } from '../files/object-store';
import { handleUpload } from '../files/upload-flow';
import { checkUpload } from '../files/upload-rules';
import type { Caller } from '../http/auth';
import { ok, PortalError } from '../http/envelope';
import { langOf } from '../http/i18n';
import { parseBody } from '../http/validate';
import { registryQuery, searchRegistry } from '../lookups/company.lookup';
import type { CompanyRegistrySettings } from '../lookups/company-registry';
import { childrenOf, citiesQuery } from '../lookups/region.lookup';

const MB = 1024 * 1024;
/** A business licence: a scan or a PDF of at most 10 MB. */
export const LICENCE_ACCEPT = 'pdf,jpg,jpeg,png';
export const LICENCE_MAX_MB = 10;
/** Whom a public upload is recorded as: nobody logged in, so no employee and no company. */
export const PUBLIC_APPLICANT_ID = '00000000-0000-0000-0000-000000000000';
/** An applicant may take a licence back while the form is open; after that it belongs to the record. */
const DISCARD_WINDOW_MS = 24 * 60 * 60 * 1000;

// Per address: enough for one applicant filling a form, too few for a script.
const publicLimit = (max: number) => ({ public: true, rateLimit: { max, timeWindow: '10 minutes' } });

const regionCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);
const licenceFields = z.object({ ProvinceCode: regionCode.optional(), CityCode: regionCode.optional() });
const discardBody = z.object({ ObjectID: z.uuid() });

/** The uploader of a public licence: province and city of the application, so its reviewers may read it. */
const applicantCaller = (fields: z.infer<typeof licenceFields>): Caller => ({
  employeeId: PUBLIC_APPLICANT_ID,
  username: 'applicant',
  lastName: 'applicant',
  roleCode: 'applicant',
  dataScope: 'province',
  provinceCode: fields.ProvinceCode ?? null,
  cityCode: fields.CityCode ?? null,
  companyId: null,
  tokenHash: '',
  mustChangePassword: false,
});

const lang = (request: FastifyRequest) => langOf(request.headers['accept-language']);

/**
 * What the public registration pages (SPEC §2 /prov-register, /city-register) need without a login:
 * the company registry search, the region lists and the business-licence upload. Each is limited
 * per address like the registration calls themselves; nothing here reads a customer or a record.
 */
export function publicRegistrationRoutes(
  app: FastifyInstance,
  db: Db,
  options: { filesDir?: string; companyRegistry?: CompanyRegistrySettings } = {},
) {
  app.post('/portal/public/qcc/search', { config: publicLimit(60) }, async (request) =>
    ok(await searchRegistry(db, parseBody(registryQuery, request.body), options.companyRegistry)),
  );
  app.post('/portal/public/province/searchAll', { config: publicLimit(120) }, async (request) =>
    ok(await childrenOf(db, lang(request), null)),
  );
  app.post('/portal/public/city/searchAll', { config: publicLimit(240) }, async (request) =>
    ok(await childrenOf(db, lang(request), parseBody(citiesQuery, request.body).provinceCode)),
  );

  const root = join(options.filesDir ?? join(readConfig().dataDir, 'files'), 'objects');
  const store = createObjectStore(root, db);
  const files = filesDb(db);

  app.post('/portal/public/discardLicence', { config: publicLimit(30) }, async (request) => {
    const { ObjectID } = parseBody(discardBody, request.body);
    const since = new Date(Date.now() - DISCARD_WINDOW_MS);
    const result = await files
      .updateTable('file_object')
      .set({ deleted_at: new Date() })
      .where('object_id', '=', ObjectID)
      .where('created_by', '=', PUBLIC_APPLICANT_ID)
      .where('owner_id', 'is', null)
      .where('created_at', '>', since)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new PortalError(404, 'server.file.notFound');
    return ok(null, { message: 'server.deleted' });
  });

  app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: LICENCE_MAX_MB * MB, files: 1, fields: 4, fieldSize: 100, parts: 5 },
    });

    scope.post('/portal/public/uploadLicence', { config: publicLimit(20) }, async (request) => {
      let region: z.infer<typeof licenceFields> = {};
      const form = {
        ownerType: FILE_OWNER_TYPES.customer,
        accept: LICENCE_ACCEPT,
        maxSizeMb: LICENCE_MAX_MB,
      };
      return handleUpload(
        request,
        { store, incoming: incomingDir(root), now: Date.now },
        async (received, fields) => {
          region = parseBody(licenceFields, {
            ProvinceCode: fields.ProvinceCode || undefined,
            CityCode: fields.CityCode || undefined,
          });
          return checkUpload(received, form, []);
        },
        ({ key, mimeType, file }) =>
          insertFile(files, applicantCaller(region), {
            bucket: store.bucket,
            objectKey: key,
            fileName: file.fileName,
            mimeType,
            size: file.size,
            sha256: file.sha256,
            ownerType: FILE_OWNER_TYPES.customer,
          }),
      );
    });
  });
}
