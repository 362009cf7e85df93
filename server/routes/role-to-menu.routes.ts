import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { permissionPageIds } from '../../catalogue/catalogue';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { forbidden, ok, PortalError } from '../http/envelope';
import { langOf } from '../http/i18n';
import { parseBody } from '../http/validate';
import { deleteRole, findRole, listRoles, type RoleInput, saveRole } from '../identity/role.repo';
import { isSystemAdmin } from '../identity/roles';

const byCode = z.object({ code: z.string().trim().min(1).max(40) });
const byId = z.object({ ObjectID: z.string().trim().min(1).max(40) });
const menuList = z
  .array(z.object({ ID: z.string().min(1).max(120), Path: z.string().min(1).max(120) }))
  .max(1000);
const roleCreate = z.object({
  RoleCode: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}\d{3}$/, 'JS + 3 digits'),
  RoleName: z.string().trim().min(1).max(60),
  RoleNameEn: z.string().trim().min(1).max(60),
  DataScope: z.enum(['all', 'region', 'province', 'city', 'company']),
  RoleToMenuMenuList: menuList.default([]),
});
const roleUpdate = z.object({
  ObjectID: z.string().trim().min(1).max(40),
  Version: z.number().int().positive(),
  RoleName: z.string().trim().min(1).max(60).optional(),
  RoleNameEn: z.string().trim().min(1).max(60).optional(),
  DataScope: z.enum(['all', 'region', 'province', 'city', 'company']).optional(),
  RoleToMenuMenuList: menuList.optional(),
});
const search = z.object({
  currentPage: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
  keyword: z.string().trim().max(60).optional(),
});

/** Menu paths must name pages of the catalogue, so a typo cannot grant a page that does not exist. */
function checkMenus(menus: { ID: string; Path: string }[]) {
  const known = new Set(permissionPageIds());
  const unknown = menus.find((m) => !known.has(m.Path));
  if (unknown) throw new PortalError(400, 'server.unknownMenu', { path: unknown.Path });
}

/** Roles and their menu lists (SPEC §6, §7 /roleToMenu/*): the data menus and permissions come from. */
export function roleToMenuRoutes(app: FastifyInstance, db: Db) {
  app.post('/portal/roleToMenu/searchOne', { config: { access: 'session' } }, async (request) => {
    const caller = callerOf(request);
    const { code } = parseBody(byCode, request.body);
    if (code !== caller.roleCode && !isSystemAdmin(caller.roleCode)) throw forbidden();
    const role = await findRole(db, code, langOf(request.headers['accept-language']));
    if (!role) throw new PortalError(404, 'server.unknownRole', { code });
    return ok({ RoleCode: code, RoleToMenuMenuList: role.RoleToMenuMenuList });
  });

  const admin = { config: { access: { resource: 'roleToMenu' } } } as const;

  app.post('/portal/roleToMenu/search', admin, async (request) => {
    const { currentPage, pageSize, keyword } = parseBody(search, request.body);
    const { rows, total } = await listRoles(db, { currentPage, pageSize, keyword });
    return ok(rows, { totalSize: total });
  });

  app.post('/portal/roleToMenu/getOne', admin, async (request) => {
    const { ObjectID } = parseBody(byId, request.body);
    const role = await findRole(db, ObjectID, langOf(request.headers['accept-language']));
    if (!role) throw new PortalError(404, 'server.unknownRole', { code: ObjectID });
    return ok(role);
  });

  app.post('/portal/roleToMenu/create', admin, async (request) => {
    const input = parseBody(roleCreate, request.body);
    checkMenus(input.RoleToMenuMenuList);
    if (await findRole(db, input.RoleCode, 'zh'))
      throw new PortalError(409, 'server.roleExists', { code: input.RoleCode });
    const role: RoleInput = { ...input, code: input.RoleCode };
    await saveRole(db, role);
    return ok(await findRole(db, input.RoleCode, 'zh'), { message: 'server.saved' });
  });

  app.post('/portal/roleToMenu/update', admin, async (request) => {
    const input = parseBody(roleUpdate, request.body);
    if (input.RoleToMenuMenuList) checkMenus(input.RoleToMenuMenuList);
    const current = await findRole(db, input.ObjectID, 'zh');
    if (!current) throw new PortalError(404, 'server.unknownRole', { code: input.ObjectID });
    if (current.Version !== input.Version) throw new PortalError(409, 'server.staleWrite');
    // The administrator's own role keeps the role page, so nobody locks the door behind them.
    if (
      isSystemAdmin(input.ObjectID) &&
      input.RoleToMenuMenuList &&
      !input.RoleToMenuMenuList.some((m) => m.Path === 'system.roleMenus')
    ) {
      throw new PortalError(400, 'server.adminKeepsRoles');
    }
    await saveRole(db, { ...input, code: input.ObjectID, expectedVersion: input.Version });
    return ok(await findRole(db, input.ObjectID, 'zh'), { message: 'server.saved' });
  });

  app.post('/portal/roleToMenu/delete', admin, async (request) => {
    const { ObjectID } = parseBody(byId, request.body);
    if (isSystemAdmin(ObjectID)) throw new PortalError(400, 'server.adminKeepsRoles');
    await deleteRole(db, ObjectID);
    return ok(null, { message: 'server.deleted' });
  });
}
