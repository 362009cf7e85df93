import { sql } from 'kysely';
import { TaskApprovalStatus } from '../../domain/codes/sales-tasks.codes';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import type { ResourceDef } from '../resources/registry';
import { baseConditions } from '../resources/search';
import { taskLabel } from './task-label';
import { refuseOutsideDuty } from './task-references.rules';

/**
 * TaskApprovalStatus values under which a task is frozen: 111 in approval, 121 approved, 151 voided
 * (a voided target keeps the record it had when voided; the right one is entered anew).
 */
const LOCKED_STATUS: Record<string, string> = {
  [TaskApprovalStatus.inApproval]: 'salesTasks.problems.lockedInApproval',
  [TaskApprovalStatus.approved]: 'salesTasks.problems.lockedApproved',
  [TaskApprovalStatus.voided]: 'salesTasks.problems.lockedVoided',
};

/**
 * A task in approval or approved is not edited or deleted by any route (notes/domain.md §6.2): it
 * changes only through an adjustment request. Only records the caller may see are looked at, so an
 * out-of-scope id stays a 404 and does not reveal its status. Whose duty the record is comes first: a
 * role that may not write it at all is told so, not that it is locked and should be adjusted; on a
 * record its agent answers (an RSP line's objection) the agent's staff go on to the write's own check.
 */
export async function refuseLockedTasks(trx: Db, def: ResourceDef, caller: Caller, ids: string[]) {
  if (!ids.length) return;
  if (!(def.fields.has('ObjectionAmount') && caller.companyId)) refuseOutsideDuty(caller);
  const where = sql.join(
    [
      ...baseConditions(def, caller),
      sql<boolean>`t.object_id in (${sql.join(ids)})`,
      sql<boolean>`t.data->>'TaskApprovalStatus' in (${sql.join(Object.keys(LOCKED_STATUS))})`,
    ],
    sql` and `,
  );
  const locked = await sql<{ status: string; data: Record<string, unknown> }>`select
      t.data->>'TaskApprovalStatus' as status, t.data
    from ${sql.table(def.storage.table)} t where ${where} limit 1`.execute(trx);
  const row = locked.rows[0];
  if (row) throw new PortalError(409, LOCKED_STATUS[row.status], { task: taskLabel(row.data) });
}
