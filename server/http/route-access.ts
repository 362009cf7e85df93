import type { FastifyInstance } from 'fastify';
import type { Access } from './access';

const declared = new WeakMap<FastifyInstance, Map<string, Access | undefined>>();

/**
 * Keeps the access every POST route under /portal declares, as the routes are added, so the
 * authorization suite can hold every endpoint to the catalogue's rule without a hand-kept list.
 * Call it before any route is registered.
 */
export function recordRouteAccess(app: FastifyInstance) {
  const routes = new Map<string, Access | undefined>();
  declared.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.includes('POST') || !route.url.startsWith('/portal/')) return;
    const config = route.config as { access?: Access; public?: boolean } | undefined;
    if (!config?.public) routes.set(route.url.slice('/portal'.length), config?.access);
  });
}

/** The non-public POST routes of an app and the access each declares (undefined: denied to all). */
export const declaredRouteAccess = (app: FastifyInstance): ReadonlyMap<string, Access | undefined> =>
  declared.get(app) ?? new Map();
