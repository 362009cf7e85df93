import { sql } from 'kysely';
import { ROLE } from '../../domain/roles';
import type { Db } from '../db/database';

/** Why a form's person field names nobody of its role, by the roles forms name people of. */
const UNKNOWN_OF_ROLE = {
  [ROLE.cityManager]: 'server.problems.unknownCityManager',
  [ROLE.channelManager]: 'server.problems.unknownChannelManager',
} as const;

/**
 * The login of the one enabled employee of a role a form's person field names (the field carries the
 * name the employee picker put there). Nobody of that name and role, or several, is refused through
 * `refuse` with the problem's key, so each caller names its own field.
 */
export async function loginOfNamed(
  db: Db,
  role: keyof typeof UNKNOWN_OF_ROLE,
  name: unknown,
  refuse: (problem: string) => Error,
): Promise<string> {
  const found = await sql<{ username: string }>`select username from employee
    where enabled and role_code = ${role} and last_name = ${String(name ?? '').trim()} limit 2`.execute(db);
  if (found.rows.length !== 1)
    throw refuse(found.rows.length ? 'server.problems.ambiguousPerson' : UNKNOWN_OF_ROLE[role]);
  return found.rows[0].username;
}
