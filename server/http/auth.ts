import type { FastifyReply, FastifyRequest } from 'fastify';
import { judgeSession, tokenHashOf } from '../auth/tokens';
import type { Db } from '../db/database';
import { coveredCityCodes } from '../identity/city-scope';
import { unauthorized } from './envelope';

export interface Caller {
  employeeId: string;
  username: string;
  lastName: string;
  roleCode: string;
  /** all | province | city | company: how far the role's staff see (role.data_scope). */
  dataScope: string;
  provinceCode: string | null;
  cityCode: string | null;
  /** The cities a city-scoped employee covers (the city manager configuration, else their own city). */
  cityCodes?: string[];
  companyId: string | null;
  tokenHash: string;
  /** The initial (or a reset) password is still to be changed: the session may do nothing else. */
  mustChangePassword: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

const REASON_KEYS = {
  missing: 'server.missingToken',
  invalid: 'server.invalidToken',
  idleExpired: 'server.idleExpired',
} as const;

/** The employee's columns a caller is made of, with their role's data scope. */
const callerColumns = (db: Db) =>
  db
    .selectFrom('employee')
    .innerJoin('role', 'role.code', 'employee.role_code')
    .select([
      'employee.object_id',
      'employee.username',
      'employee.last_name',
      'employee.role_code',
      'employee.province_code',
      'employee.city_code',
      'employee.company_id',
      'employee.enabled',
      'employee.first_time',
      'role.data_scope',
    ]);

type CallerRow = NonNullable<Awaited<ReturnType<ReturnType<typeof callerColumns>['executeTakeFirst']>>>;

/** Resolves the X-Token header to the calling employee, or refuses with the 401 envelope. */
export async function authenticate(db: Db, request: FastifyRequest): Promise<Caller> {
  const header = request.headers['x-token'];
  const presented = tokenHashOf(Array.isArray(header) ? header[0] : header);
  if (!presented.ok) throw unauthorized(REASON_KEYS[presented.reason]);
  // Every request pays for this: the session and its employee come in one statement.
  const row = await callerColumns(db)
    .innerJoin('session_token', 'session_token.employee_id', 'employee.object_id')
    .select(['session_token.employee_id', 'session_token.last_seen_at', 'session_token.revoked_at'])
    .where('session_token.token_hash', '=', presented.tokenHash)
    .executeTakeFirst();
  const check = await judgeSession(db, presented.tokenHash, row);
  if (!check.ok) throw unauthorized(REASON_KEYS[check.reason]);
  const caller = row && (await callerFromRow(db, row, check.tokenHash));
  if (!caller) throw unauthorized('server.invalidToken');
  return caller;
}

/**
 * An enabled employee as the commands see them once logged in: their role's data scope and, for a
 * city-scoped one, the cities they cover on `now`'s business day. The demo seed acts through the same
 * loader, so what its people may do is what they could do in the portal.
 */
export async function loadCaller(
  db: Db,
  employeeId: string,
  tokenHash = '',
  now = new Date(),
): Promise<Caller | undefined> {
  const employee = await callerColumns(db).where('employee.object_id', '=', employeeId).executeTakeFirst();
  return employee && callerFromRow(db, employee, tokenHash, now);
}

async function callerFromRow(
  db: Db,
  employee: CallerRow,
  tokenHash: string,
  now = new Date(),
): Promise<Caller | undefined> {
  if (!employee.enabled) return undefined;
  return {
    employeeId: employee.object_id,
    username: employee.username,
    lastName: employee.last_name,
    roleCode: employee.role_code,
    dataScope: employee.data_scope,
    provinceCode: employee.province_code,
    cityCode: employee.city_code,
    ...(employee.data_scope === 'city'
      ? {
          cityCodes: await coveredCityCodes(
            db,
            {
              username: employee.username,
              cityCode: employee.city_code,
            },
            now,
          ),
        }
      : {}),
    companyId: employee.company_id,
    tokenHash,
    mustChangePassword: employee.first_time === true,
  };
}

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized('server.missingToken');
  return request.caller;
}

export type PortalHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
