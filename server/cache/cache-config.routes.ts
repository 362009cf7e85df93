import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { forbidden, ok } from '../http/envelope';
import { langOf, translate } from '../http/i18n';
import { parseBody, plainBody } from '../http/validate';
import { isSystemAdmin } from '../identity/roles';
import { cacheSearch, clearCache, searchCaches, updateCache } from './cache-config.service';
import { cachesOf, PortalCaches } from './portal-caches';

const langOfRequest = (request: FastifyRequest) => langOf(request.headers['accept-language']);

/**
 * /baseManage/cache-config (docs/cache.md): the server's caches with this process's figures, their
 * settings (TTL, on or off, remark) and a clear per cache. The caches are the server's own, so only
 * the system administrator may see or touch them, whatever a role's menu list holds.
 */
export function cacheConfigRoutes(app: FastifyInstance, db: Db) {
  const access = { config: { access: { resource: 'cacheConfig' } } } as const;
  // A handle opened without caches (none in the portal) shows the caches as empty and unused.
  const caches = cachesOf(db) ?? new PortalCaches();
  const administrator = (request: FastifyRequest) => {
    const caller = callerOf(request);
    if (!isSystemAdmin(caller.roleCode)) throw forbidden();
    return caller;
  };

  app.post('/portal/cacheConfig/search', access, async (request) => {
    administrator(request);
    const body = parseBody(cacheSearch, plainBody(request.body));
    const { rows, total } = await searchCaches(db, caches, body, langOfRequest(request));
    return ok(rows, { totalSize: total });
  });

  app.post('/portal/cacheConfig/update', access, async (request) => {
    const caller = administrator(request);
    const lang = langOfRequest(request);
    const row = await updateCache(db, caches, plainBody(request.body), caller.lastName, lang);
    return ok(row, { message: 'server.updated' });
  });

  app.post('/portal/cacheConfig/clear', access, async (request) => {
    administrator(request);
    const body = plainBody(request.body);
    const lang = langOfRequest(request);
    const row = await clearCache(db, caches, body.ObjectID ?? body.objectID, lang);
    return ok(row, { message: translate(lang, 'caches.cleared', { name: row.Name }) });
  });
}
