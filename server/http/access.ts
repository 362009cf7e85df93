import type { FastifyRequest } from 'fastify';
import { pages, placeholderPageIds } from '../../catalogue/catalogue';
import type { Db } from '../db/database';
import { isSystemAdmin } from '../identity/roles';
import { callerOf } from './auth';
import { forbidden } from './envelope';

/**
 * Who may call what (ARCHITECTURE.md §10: deny by default). Every /portal route names its access:
 * - 'session': any logged-in employee (their own session, dictionaries);
 * - { resource }: the role's menu list must hold a page backed by that resource;
 * - { resource, lookup: true }: any logged-in employee may search it from a picker, within their scope.
 */
export type Access = 'session' | { resource: string; lookup?: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

const pagesByResource = new Map<string, string[]>();
for (const page of pages) {
  if (!page.resource) continue;
  pagesByResource.set(page.resource, [...(pagesByResource.get(page.resource) ?? []), page.id]);
}

/** The page ids a role's menu list holds, but for placeholders, which no role may open. */
export async function allowedPageIds(db: Db, roleCode: string): Promise<Set<string>> {
  const rows = await db.selectFrom('role_menu').select('path').where('role_code', '=', roleCode).execute();
  return new Set(rows.map((r) => r.path).filter((id) => !placeholderPageIds.has(id)));
}

export async function checkAccess(db: Db, request: FastifyRequest) {
  const access = request.routeOptions.config.access;
  if (!access) throw forbidden();
  if (access === 'session') return;
  const caller = callerOf(request);
  if (access.lookup || isSystemAdmin(caller.roleCode)) return;
  const backing = pagesByResource.get(access.resource) ?? [];
  const allowed = await allowedPageIds(db, caller.roleCode);
  if (!backing.some((id) => allowed.has(id))) throw forbidden();
}

/** The check of `{ resource }` access for routes whose resource is only known from the request. */
export async function checkResourceAccess(db: Db, caller: { roleCode: string }, resource: string) {
  if (isSystemAdmin(caller.roleCode)) return;
  const backing = pagesByResource.get(resource) ?? [];
  const allowed = await allowedPageIds(db, caller.roleCode);
  if (!backing.some((id) => allowed.has(id))) throw forbidden();
}
