import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { allowedPageIds } from '../http/access';
import { type Caller, callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { langOf } from '../http/i18n';
import { parseBody } from '../http/validate';
import { employeeForAdmin } from '../identity/employee-admin.repo';
import {
  CHANGE_KEYS,
  CREATE_KEYS,
  employeeById,
  employeeChange,
  employeeCreate,
  employeeReset,
  employeeUndo,
  RESET_KEYS,
  refuseUnknownKeys,
  UNDO_KEYS,
} from '../identity/employee-admin.schema';
import {
  cancelUpdate,
  confirmUpdate,
  createEmployee,
  resetPassword,
} from '../identity/employee-admin.service';
import { isSystemAdmin } from '../identity/roles';

const langOfRequest = (request: FastifyRequest) => langOf(request.headers['accept-language']);

/** An account administrator holds the roles-and-menus page (see access.ts for the same rule on routes). */
const isAccountAdmin = async (db: Db, caller: Caller) =>
  isSystemAdmin(caller.roleCode) || (await allowedPageIds(db, caller.roleCode)).has('system.roleMenus');

/**
 * Employee accounts (SPEC §7 /employee/create, getOne, confirmUpdate, cancelUpdate); /employee/search
 * stays the picker (lookup.routes.ts). Whoever holds the roles-and-menus page administers accounts:
 * that page can already grant any menu, so tying accounts to it gives nobody new power.
 * See docs/employees-and-addresses.md.
 */
export function employeeRoutes(app: FastifyInstance, db: Db) {
  const admin = { config: { access: { resource: 'roleToMenu' } } } as const;

  app.post('/portal/employee/create', admin, async (request) => {
    refuseUnknownKeys(request.body, CREATE_KEYS);
    const id = await createEmployee(db, parseBody(employeeCreate, request.body));
    return ok(await employeeForAdmin(db, id, langOfRequest(request)), { message: 'server.employee.created' });
  });

  app.post('/portal/employee/getOne', admin, async (request) => {
    const { ObjectID } = parseBody(employeeById, request.body);
    return ok(await employeeForAdmin(db, ObjectID, langOfRequest(request)));
  });

  app.post('/portal/employee/confirmUpdate', admin, async (request) => {
    refuseUnknownKeys(request.body, CHANGE_KEYS);
    const body = parseBody(employeeChange, request.body);
    const changed = await confirmUpdate(db, callerOf(request), body);
    return ok(await employeeForAdmin(db, body.ObjectID, langOfRequest(request)), {
      message: changed ? 'server.employee.updated' : 'server.employee.unchanged',
    });
  });

  app.post('/portal/employee/cancelUpdate', admin, async (request) => {
    refuseUnknownKeys(request.body, UNDO_KEYS);
    const body = parseBody(employeeUndo, request.body);
    await cancelUpdate(db, callerOf(request), body);
    return ok(await employeeForAdmin(db, body.ObjectID, langOfRequest(request)), {
      message: 'server.employee.reverted',
    });
  });

  // The reset-password page exists for exactly this, so its holders (not only account administrators)
  // may reset; the service keeps administrators' passwords to account administrators.
  app.post(
    '/portal/employee/resetPassword',
    { config: { access: { resource: 'employee' } } },
    async (request) => {
      refuseUnknownKeys(request.body, RESET_KEYS);
      const caller = callerOf(request);
      const body = parseBody(employeeReset, request.body);
      const result = await resetPassword(db, caller, body, {
        accountAdmin: await isAccountAdmin(db, caller),
      });
      return ok(result, { message: 'server.employee.passwordReset' });
    },
  );
}
