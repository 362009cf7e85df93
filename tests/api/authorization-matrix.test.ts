import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages, permissionPageIds, placeholderPageIds } from '../../catalogue/catalogue';
import { type PageAction, pagesOpenedBy, resourceActions } from '../../catalogue/page-actions';
import { exportConfig, exportConfigCodes } from '../../server/export/export-configs';
import type { Access } from '../../server/http/access';
import { declaredRouteAccess } from '../../server/http/route-access';
import { isSystemAdmin, ROLE } from '../../server/identity/roles';
import { addedByCommands, engineResources, type ResourceDef } from '../../server/resources/registry';
import { roleAccounts } from '../../server/seed/employees.seed';
import { startTestApp, type TestApp } from './harness';

/**
 * The standing authorization suite (ARCHITECTURE.md §10), generated from the catalogue and the role
 * menus: every demo role against every endpoint of every generic resource, each action either
 * answered past the permission check or refused with 403. Allowed writes are probed with bodies the
 * later checks refuse (an unknown field, an unknown record), so no case writes anything either way.
 */
const ACCOUNTS = roleAccounts.map(({ username, password }): [string, string] => [username, password]);
const AGENTS = ['rsp', 'ccp', 'gd'];
const ACTIONS = ['search', 'getOne', 'create', 'update', 'delete', 'export'] as const;
type Action = (typeof ACTIONS)[number];

const RESOURCES = engineResources();
const engineNames = new Set(RESOURCES.map((def) => def.name));
const EXPORTS = exportConfigCodes().map(exportConfig);
const everyPage = new Set(permissionPageIds());
const pagesOf = (resource: string) => pages.filter((p) => p.resource === resource).map((p) => p.id);

/** What an answer tells: the permission check let the request through, or refused it. */
const ALLOWED: Record<Action, number> = {
  search: 200,
  getOne: 404,
  create: 400,
  update: 400,
  delete: 404,
  export: 400,
};

interface Role {
  login: string;
  token: string;
  roleCode: string;
  menu: Set<string>;
}

/** What the rule says: reading needs a page of the resource; a write or export, a page offering it. */
function expected(role: Role, def: ResourceDef, action: Action): boolean {
  const admin = isSystemAdmin(role.roleCode);
  const canRead = admin || pagesOf(def.name).some((id) => role.menu.has(id));
  if (action === 'search' || action === 'getOne') return canRead;
  if (!canRead) return false;
  const open = admin ? everyPage : pagesOpenedBy(role.menu);
  return resourceActions(def.name, (id) => open.has(id), role.roleCode).has(action as PageAction);
}

// Started while the file is collected: the declared routes name the route matrix below.
const t: TestApp = await startTestApp();
const roles = new Map<string, Role>();
let before: string;

/** Every row count and version sum of the resources' tables: any write changes it. */
async function fingerprint() {
  const tables = [...new Set(RESOURCES.map((def) => def.storage.table)), 'export_job', 'workflow_stream'];
  const parts = await Promise.all(
    tables.map(async (table) => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
        t.database.db,
      );
      const versioned = RESOURCES.some((def) => def.storage.table === table)
        ? (
            await sql<{
              v: string;
            }>`select coalesce(sum(version), 0)::text as v from ${sql.table(table)}`.execute(t.database.db)
          ).rows[0].v
        : '';
      return `${table}:${rows[0].n}:${versioned}`;
    }),
  );
  return parts.join(' ');
}

beforeAll(async () => {
  for (const [login, password] of ACCOUNTS) {
    const { body } = await t.post('/user/login', { username: login, password });
    const { token, employee } = body.results;
    const menus = await t.post('/roleToMenu/searchOne', { code: employee.ExtRoleCode_SDK }, token);
    const paths: string[] = menus.body.results.RoleToMenuMenuList.map((m: { Path: string }) => m.Path);
    roles.set(login, {
      login,
      token,
      roleCode: employee.ExtRoleCode_SDK,
      menu: new Set(paths.filter((id) => !placeholderPageIds.has(id))),
    });
  }
  before = await fingerprint();
});
afterAll(() => t.close());

function probe(role: Role, def: ResourceDef, action: Exclude<Action, 'export'>) {
  const base = `/${def.name}/${action}`;
  const id = randomUUID();
  const body = {
    search: { pageSize: 1 },
    getOne: { ObjectID: id },
    create: { NoSuchField: 'x' },
    update: { ObjectID: id, Version: 1, NoSuchField: 'x' },
    delete: { ObjectID: id },
  }[action];
  return t.post(base, body, role.token);
}

/**
 * The generic actions the engine serves for a resource: all of them, but create and delete of lines
 * their area adds and removes by its own commands (in the declared-routes matrix below).
 */
const actionsOf = (def: ResourceDef) =>
  ACTIONS.filter((action) => !(addedByCommands(def.name) && (action === 'create' || action === 'delete')));

const cases = ACCOUNTS.length * RESOURCES.reduce((n, def) => n + actionsOf(def).length, 0);

describe(`authorization matrix: ${ACCOUNTS.length} roles × ${RESOURCES.length} resources × their generic actions = ${cases.toLocaleString('en-US')} cases`, () => {
  it.each(ACCOUNTS.map(([login]) => login))('%s', async (login) => {
    const role = roles.get(login)!;
    const answers = await Promise.all(
      RESOURCES.flatMap((def) =>
        actionsOf(def).map(async (action) => {
          const allowed = expected(role, def, action);
          if (action !== 'export') {
            const { status } = await probe(role, def, action);
            return { def, action, allowed, statuses: [status] };
          }
          // A resource's exports are its pages' export configs; each needs its page in the menu.
          const configs = EXPORTS.filter((c) => c.def.name === def.name);
          const statuses = await Promise.all(
            configs.map(
              async (c) =>
                (
                  await t.post(
                    '/excelExport/doExport',
                    { configCode: c.configCode, NoSuchField: 'x' },
                    role.token,
                  )
                ).status,
            ),
          );
          const each = configs.map((c) => isSystemAdmin(role.roleCode) || role.menu.has(c.page.id));
          return { def, action, allowed: each, statuses };
        }),
      ),
    );
    const wrong: string[] = [];
    for (const { def, action, allowed, statuses } of answers) {
      const wants = Array.isArray(allowed) ? allowed : [allowed];
      statuses.forEach((status, i) => {
        const want = wants[i] ? ALLOWED[action] : 403;
        if (status !== want) wrong.push(`${def.name} ${action}: ${status}, expected ${want}`);
      });
      // No export config: the catalogue offers no export of it, so no role may export it.
      if (action === 'export' && !statuses.length) {
        const every = resourceActions(def.name, (id) => everyPage.has(id), ROLE.systemAdmin);
        if (every.has('export')) wrong.push(`${def.name} export: offered but no config`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * Every other POST route the server declares, with the access it names (server/http/access.ts), read
 * from the app under test: the same catalogue rule holds for each, so a route added later
 * is in the matrix without editing this file.
 */
const OWN_ROUTES = [...declaredRouteAccess(t.app)].filter(
  ([path, access]) =>
    // Logging out would end the session the rest of the matrix runs on.
    path !== '/user/logout' &&
    !(
      typeof access === 'object' &&
      engineNames.has(access.resource) &&
      path.startsWith(`/${access.resource}/`)
    ),
);

const routeAccess = new Map(declaredRouteAccess(t.app));

/** What the catalogue grants a route: a session route anyone, a resource route its pages and action. */
function expectedOfRoute(role: Role, access: Access | undefined): boolean {
  if (access === undefined) return false;
  if (access === 'session' || access.lookup) return true;
  const admin = isSystemAdmin(role.roleCode);
  if (!admin && !pagesOf(access.resource).some((id) => role.menu.has(id))) return false;
  if (!access.action) return true;
  const open = admin ? everyPage : pagesOpenedBy(role.menu);
  return resourceActions(access.resource, (id) => open.has(id), role.roleCode).has(access.action);
}

describe(`declared routes: ${ACCOUNTS.length} roles × ${OWN_ROUTES.length} endpoints = ${ACCOUNTS.length * OWN_ROUTES.length} cases`, () => {
  it.each(ACCOUNTS.map(([login]) => login))('%s', async (login) => {
    const role = roles.get(login)!;
    // A list is no body any of these routes takes: past permission it is a 4xx, and nothing is done.
    const answers = await Promise.all(
      OWN_ROUTES.map(async ([path, access]) => ({
        path,
        allowed: expectedOfRoute(role, access),
        status: (await t.post(path, [], role.token)).status,
      })),
    );
    expect(
      answers
        .filter((a) => (a.status === 403) === a.allowed || a.status >= 500)
        .map((a) => `${a.path}: ${a.status}, expected ${a.allowed ? 'past the permission check' : 403}`),
    ).toEqual([]);
  });
});

describe("an agent's staff against another company's records", () => {
  it.each(AGENTS)('%s: getOne, update and delete answer 404 on every resource', async (login) => {
    const role = roles.get(login)!;
    const employee = await t.database.db
      .selectFrom('employee')
      .select('company_id')
      .where('username', '=', login)
      .executeTakeFirstOrThrow();
    const company = employee.company_id;
    const wrong: string[] = [];
    let tried = 0;
    await Promise.all(
      RESOURCES.map(async (def) => {
        const own = def.storage.shared ? sql`t.resource = ${def.name} and` : sql``;
        const { rows } = await sql<{ id: string; version: number }>`select t.object_id::text as id, t.version
          from ${sql.table(def.storage.table)} t
          where ${own} (t.company_id is null or t.company_id not in
            (select c.object_id from customer c where c.object_id = ${company} or c.parent_id = ${company}))
            -- Every agent of its tier is among the readers of a published policy (docs/rebates.md).
            and not (${def.name} = 'rebateAnnouncement' and t.data->>'AnnouncementStatus' in ('121', '131', '141', '161'))
          limit 1`.execute(t.database.db);
        const other = rows[0];
        if (!other) return;
        tried++;
        const calls: [Action, unknown][] = [
          ['getOne', { ObjectID: other.id }],
          ['update', { ObjectID: other.id, Version: other.version }],
          ['delete', { ObjectID: other.id }],
        ];
        for (const [action, body] of calls) {
          const { status } = await t.post(`/${def.name}/${action}`, body, role.token);
          // Out of scope is "not found"; a role that may not do it at all is refused first. Lines an
          // area removes by its own command are checked there against the record they belong to: 404.
          const allowed =
            addedByCommands(def.name) && action === 'delete'
              ? expectedOfRoute(role, routeAccess.get(`/${def.name}/delete`))
              : expected(role, def, action);
          const want = allowed ? 404 : 403;
          if (status !== want) wrong.push(`${def.name} ${action}: ${status}, expected ${want}`);
        }
      }),
    );
    expect(tried).toBeGreaterThan(RESOURCES.length / 2);
    expect(wrong).toEqual([]);
  });

  it('wrote nothing: every table holds the rows and versions it held before', async () => {
    expect(await fingerprint()).toBe(before);
  });
});
