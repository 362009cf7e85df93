import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
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
  employeeUndo,
  refuseUnknownKeys,
  UNDO_KEYS,
} from '../identity/employee-admin.schema';
import { cancelUpdate, confirmUpdate, createEmployee } from '../identity/employee-admin.service';

const langOfRequest = (request: FastifyRequest) => langOf(request.headers['accept-language']);

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
}
