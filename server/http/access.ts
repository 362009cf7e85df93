import type { FastifyRequest } from 'fastify';
import { pageById, pages, permissionPageIds, placeholderPageIds } from '../../catalogue/catalogue';
import {
  type CanOpen,
  type PageAction,
  pageActions,
  pagesOpenedBy,
  resourceActions,
  writesThrough,
} from '../../catalogue/page-actions';
import type { PageEntry } from '../../catalogue/types';
import { readThrough } from '../cache/portal-caches';
import type { Db } from '../db/database';
import { isSystemAdmin, ROLE } from '../identity/roles';
import { isEngineResource, resourceDef } from '../resources/registry';
import { checkLens, lensesOf } from './action-lens';
import { type Caller, callerOf } from './auth';
import { forbidden, PortalError } from './envelope';

/**
 * Who may call what (ARCHITECTURE.md §10: deny by default). Every /portal route names its access:
 * - 'session': any logged-in employee (their own session, dictionaries);
 * - { resource }: the role's menu list must hold a page backed by that resource;
 * - { resource, action }: besides, a page of that menu list must offer the action
 *   (catalogue/page-actions.ts); the generic create, update and delete routes of the resource engine
 *   name theirs by their path;
 * - { resource, lookup: true }: any logged-in employee may search it from a picker, within their scope.
 */
export type Access = 'session' | { resource: string; lookup?: boolean; action?: PageAction };

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

/**
 * What a role's menu list grants: its pages, the pages they open, those it writes through and, worked
 * out on first need, the actions on each resource. Every request is checked against it, so it is kept
 * in the role-menu cache (docs/cache.md) until the role's menus change.
 */
class RoleGrants {
  readonly opened: ReadonlySet<string>;
  readonly written: ReadonlySet<string>;
  readonly #actions = new Map<string, Set<PageAction>>();
  constructor(
    readonly role: string,
    readonly pages: ReadonlySet<string>,
  ) {
    this.opened = pagesOpenedBy(pages);
    this.written = writtenAmong(this.opened, role);
  }
  actionsOn(resource: string): ReadonlySet<PageAction> {
    let granted = this.#actions.get(resource);
    if (!granted) {
      granted = resourceActions(resource, (id) => this.opened.has(id), this.role);
      this.#actions.set(resource, granted);
    }
    return granted;
  }
}

/** The pages among `opened` a role writes through (all but those whose writers are others). */
function writtenAmong(opened: ReadonlySet<string>, role: string): ReadonlySet<string> {
  return new Set(
    [...opened].filter((id) => {
      const page = pageById(id);
      return !page || writesThrough(page, role);
    }),
  );
}

const roleGrants = (db: Db, roleCode: string) =>
  readThrough(db, 'roleMenu', roleCode, async () => {
    const rows = await db.selectFrom('role_menu').select('path').where('role_code', '=', roleCode).execute();
    const held = rows.map((r) => r.path).filter((id) => !placeholderPageIds.has(id));
    return new RoleGrants(roleCode, new Set(held));
  });

/** The page ids a role's menu list holds, but for placeholders, which no role may open. */
export async function allowedPageIds(db: Db, roleCode: string): Promise<ReadonlySet<string>> {
  return (await roleGrants(db, roleCode)).pages;
}

const WRITE_VERBS: readonly PageAction[] = ['create', 'update', 'delete'];

/** The write a route performs: the one its access names, else the generic engine route's verb. */
function actionOf(url: string | undefined, access: { resource: string; action?: PageAction }) {
  if (access.action) return access.action;
  if (!isEngineResource(access.resource)) return undefined;
  const verb = url?.slice(`/portal/${access.resource}/`.length) as PageAction;
  return url === `/portal/${access.resource}/${verb}` && WRITE_VERBS.includes(verb) ? verb : undefined;
}

// The system administrator may open every page, whatever its own menu list says; it is still held
// to what the pages offer, so a resource no page edits stays read-only for it too.
const everyPage = new Set(permissionPageIds());
const adminWritten = writtenAmong(everyPage, ROLE.systemAdmin);
const adminActions = new Map<string, Set<PageAction>>();
function actionsOfAdmin(resource: string) {
  let granted = adminActions.get(resource);
  if (!granted) {
    granted = resourceActions(resource, (id) => everyPage.has(id), ROLE.systemAdmin);
    adminActions.set(resource, granted);
  }
  return granted;
}

/** The pages a role may open: its menu list's and the edit pages they open; every page for the administrator. */
export async function openablePages(db: Db, roleCode: string): Promise<ReadonlySet<string>> {
  if (isSystemAdmin(roleCode)) return everyPage;
  return (await roleGrants(db, roleCode)).opened;
}

/**
 * The pages a role writes through: those it may open (its menu list's and the edit pages they open;
 * every page for the system administrator) but for those whose writers are others. A write's fields
 * are checked against the forms among these (server/resources/values.ts).
 */
export async function writablePages(db: Db, roleCode: string): Promise<ReadonlySet<string>> {
  if (isSystemAdmin(roleCode)) return adminWritten;
  return (await roleGrants(db, roleCode)).written;
}

/** The actions on a resource a role's menu list grants (what the screens offer that role). */
export async function grantedActions(
  db: Db,
  roleCode: string,
  resource: string,
): Promise<ReadonlySet<PageAction>> {
  if (isSystemAdmin(roleCode)) return actionsOfAdmin(resource);
  return (await roleGrants(db, roleCode)).actionsOn(resource);
}

const notOffered = () => new PortalError(403, 'server.actionNotOffered');

/** The refusal of a write on a page whose writers are others: the role reads there, and is told so. */
export const readOnlyFor = (page: PageEntry) =>
  new PortalError(403, 'server.readOnlyForRole', { page: { key: page.titleKey, params: {} } });

/**
 * An action the role's pages do not offer: where a page it opens offers it to that page's writers, the
 * role is told it reads there; otherwise that no page of its menu offers it.
 */
function refusalOf(resource: string, action: PageAction, canOpen: CanOpen, role: string) {
  const read = pages.find(
    (page) =>
      page.resource === resource &&
      canOpen(page.id) &&
      !writesThrough(page, role) &&
      page.writtenBy?.some((writer) => pageActions(page, canOpen, writer).has(action)),
  );
  return read ? readOnlyFor(read) : notOffered();
}

export async function checkAccess(db: Db, request: FastifyRequest) {
  // Fastify builds routeOptions anew at every read: it is read once.
  const route = request.routeOptions;
  const access = route.config.access;
  if (!access) throw forbidden();
  if (access === 'session') return;
  const caller = callerOf(request);
  if (access.lookup) return;
  const action = actionOf(route.url, access);
  let canOpen = (id: string) => everyPage.has(id);
  if (isSystemAdmin(caller.roleCode)) {
    if (action && !actionsOfAdmin(access.resource).has(action)) throw notOffered();
  } else {
    const grants = await roleGrants(db, caller.roleCode);
    const backing = pagesByResource.get(access.resource) ?? [];
    if (!backing.some((id) => grants.pages.has(id))) throw forbidden();
    if (!action) return;
    canOpen = (id) => grants.opened.has(id);
    if (!grants.actionsOn(access.resource).has(action))
      throw refusalOf(access.resource, action, canOpen, caller.roleCode);
  }
  if (action === 'update' || action === 'delete')
    await checkRecordsInLens(db, request, caller, access.resource, action, canOpen);
}

/**
 * A page that lists one lens of a resource (the GD list of all customers) offers its actions on the
 * records in that lens only: deleting a GD from the GD list is no licence to delete an RSP.
 */
async function checkRecordsInLens(
  db: Db,
  request: FastifyRequest,
  caller: Caller,
  resource: string,
  action: PageAction,
  canOpen: (id: string) => boolean,
) {
  const def = resourceDef(resource);
  const lenses = lensesOf(resource, action, canOpen, caller.roleCode);
  if (!def || !lenses) return;
  if (!(await checkLens(db, def, caller, request.body, lenses))) throw notOffered();
}

/** The check of `{ resource }` access for routes whose resource is only known from the request. */
export async function checkResourceAccess(db: Db, caller: { roleCode: string }, resource: string) {
  if (isSystemAdmin(caller.roleCode)) return;
  const backing = pagesByResource.get(resource) ?? [];
  const allowed = await allowedPageIds(db, caller.roleCode);
  if (!backing.some((id) => allowed.has(id))) throw forbidden();
}
