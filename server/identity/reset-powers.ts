import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { OWN_COMPANY_PAGES } from '../reference/agent-menus.data';
import { ROLE } from './roles';

/** An agent's own-company page is held by whoever holds a vendor page showing any such company. */
const COVERS = sql.join(
  Object.entries(OWN_COMPANY_PAGES).flatMap(([own, vendor]) => vendor.map((page) => sql`(${own}, ${page})`)),
);

/**
 * Whoever resets a password can then log in as that account, so a resetter may reset only accounts
 * whose role's menus are all in their own role's: a reset never hands out more than one holds. The
 * system administrator holds everything. `targetRole` is a SQL expression (a column or a value).
 */
export function withinPowers(callerRole: string, targetRole: RawBuilder<unknown>) {
  if (callerRole === ROLE.systemAdmin) return sql<boolean>`true`;
  return sql<boolean>`(${targetRole} = ${callerRole} or not exists (
    select 1 from role_menu theirs where theirs.role_code = ${targetRole} and not exists (
      select 1 from role_menu mine where mine.role_code = ${callerRole}
        and (mine.path = theirs.path or (theirs.path, mine.path) in (${COVERS})))))`;
}

export async function checkWithinPowers(db: Db, callerRole: string, targetRole: string) {
  const answer = await sql<{
    ok: boolean;
  }>`select ${withinPowers(callerRole, sql`${targetRole}`)} as ok`.execute(db);
  if (!answer.rows[0]?.ok) throw new PortalError(403, 'server.employee.resetBeyondRole');
}
