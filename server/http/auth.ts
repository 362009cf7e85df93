import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { judgeSession, type SessionRow, tokenHashOf } from '../auth/tokens';
import { readThrough } from '../cache/portal-caches';
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

/** What a caller is made of: the employee's columns with their role's data scope (view `caller_employee`). */
interface CallerRow {
  object_id: string;
  username: string;
  last_name: string;
  role_code: string;
  province_code: string | null;
  city_code: string | null;
  company_id: string | null;
  enabled: boolean;
  first_time: boolean;
  data_scope: string;
}

/** Resolves the X-Token header to the calling employee, or refuses with the 401 envelope. */
export async function authenticate(db: Db, request: FastifyRequest): Promise<Caller> {
  const header = request.headers['x-token'];
  const presented = tokenHashOf(Array.isArray(header) ? header[0] : header);
  if (!presented.ok) throw unauthorized(REASON_KEYS[presented.reason]);
  const row = await readThrough(db, 'session', presented.tokenHash, () =>
    sessionCallerOf(db, presented.tokenHash),
  );
  const check = await judgeSession(db, presented.tokenHash, row);
  if (!check.ok) throw unauthorized(REASON_KEYS[check.reason]);
  const caller = row && (await callerFromRow(db, row, check.tokenHash));
  if (!caller) throw unauthorized('server.invalidToken');
  return caller;
}

type SessionCallerRow = CallerRow & SessionRow;

/**
 * The session of a token hash with its employee, in one call of a function that keeps its plan
 * (migration 126). Every request needs it, so it is read through the `session` cache, which every
 * write of the session, its employee or a role takes out (docs/cache.md).
 */
async function sessionCallerOf(db: Db, tokenHash: string): Promise<SessionCallerRow | undefined> {
  const { rows } = await sql<
    CallerRow & Omit<SessionRow, 'employee_id'>
  >`select * from session_caller(${tokenHash})`.execute(db);
  return rows[0] && { ...rows[0], employee_id: rows[0].object_id };
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
  const { rows } =
    await sql<CallerRow>`select * from caller_employee where object_id = ${employeeId}`.execute(db);
  return rows[0] && callerFromRow(db, rows[0], tokenHash, now);
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
