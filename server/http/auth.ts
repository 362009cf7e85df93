import type { FastifyReply, FastifyRequest } from 'fastify';
import { checkToken } from '../auth/tokens';
import type { Db } from '../db/database';
import { unauthorized } from './envelope';

export interface Caller {
  employeeId: string;
  username: string;
  roleCode: string;
  provinceCode: string | null;
  companyId: string | null;
  tokenHash: string;
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

/** Resolves the X-Token header to the calling employee, or refuses with the 401 envelope. */
export async function authenticate(db: Db, request: FastifyRequest): Promise<Caller> {
  const header = request.headers['x-token'];
  const token = Array.isArray(header) ? header[0] : header;
  const check = await checkToken(db, token);
  if (!check.ok) throw unauthorized(REASON_KEYS[check.reason]);
  const employee = await db
    .selectFrom('employee')
    .select(['object_id', 'username', 'role_code', 'province_code', 'company_id', 'enabled'])
    .where('object_id', '=', check.employeeId)
    .executeTakeFirst();
  if (!employee?.enabled) throw unauthorized('server.invalidToken');
  return {
    employeeId: employee.object_id,
    username: employee.username,
    roleCode: employee.role_code,
    provinceCode: employee.province_code,
    companyId: employee.company_id,
    tokenHash: check.tokenHash,
  };
}

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized('server.missingToken');
  return request.caller;
}

export type PortalHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
