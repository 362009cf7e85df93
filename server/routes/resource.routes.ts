import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { engineResources } from '../resources/registry';
import { searchRecords } from '../resources/search';
import { createRecord, deleteRecords, getRecord, updateRecord } from '../resources/write';

type Body = Record<string, unknown>;
const bodyOf = (body: unknown): Body =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Body) : {};

/**
 * The endpoint family of every catalogue resource (SPEC §7 "Generic table"): search, getOne, create,
 * update (ObjectID + changed fields) and delete, each checked against the caller's menus and scope.
 */
export function resourceRoutes(app: FastifyInstance, db: Db) {
  for (const def of engineResources()) {
    const config = { config: { access: { resource: def.name } } };
    const base = `/portal/${def.name}`;
    app.post(`${base}/search`, config, async (request) => {
      const { rows, total, estimated } = await searchRecords(
        db,
        def,
        callerOf(request),
        bodyOf(request.body),
      );
      return { ...ok(rows, { totalSize: total }), ...(estimated ? { totalEstimated: true } : {}) };
    });
    app.post(`${base}/getOne`, config, async (request) =>
      ok([
        await getRecord(
          db,
          def,
          callerOf(request),
          bodyOf(request.body).ObjectID ?? bodyOf(request.body).objectID,
        ),
      ]),
    );
    app.post(`${base}/create`, config, async (request) =>
      ok(await createRecord(db, def, callerOf(request), bodyOf(request.body)), { message: 'server.saved' }),
    );
    app.post(`${base}/update`, config, async (request) =>
      ok(await updateRecord(db, def, callerOf(request), bodyOf(request.body)), { message: 'server.updated' }),
    );
    app.post(`${base}/delete`, config, async (request) =>
      ok(
        { deleted: await deleteRecords(db, def, callerOf(request), request.body) },
        { message: 'server.deleted' },
      ),
    );
  }
}
