import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { forbidden, ok, PortalError } from '../http/envelope';
import { parseBody } from '../http/validate';
import { isSystemAdmin } from '../identity/roles';

const byCode = z.object({ code: z.string().trim().min(1).max(40) });

/** The role's menu list (SPEC §6): menus the client turns into routes. */
export function roleToMenuRoutes(app: FastifyInstance, db: Db) {
  app.post('/portal/roleToMenu/searchOne', async (request) => {
    const caller = callerOf(request);
    const { code } = parseBody(byCode, request.body);
    if (code !== caller.roleCode && !isSystemAdmin(caller.roleCode)) throw forbidden();
    const role = await db.selectFrom('role').select(['code']).where('code', '=', code).executeTakeFirst();
    if (!role) throw new PortalError(404, 'server.unknownRole', { code });
    const menus = await db
      .selectFrom('role_menu')
      .select(['menu_id', 'path'])
      .where('role_code', '=', code)
      .orderBy('menu_id')
      .execute();
    return ok({ RoleCode: code, RoleToMenuMenuList: menus.map((m) => ({ ID: m.menu_id, Path: m.path })) });
  });
}
