import { sql } from 'kysely';
import { RebateSettlementStatus } from '../../domain/codes/rebates.codes';
import { fenToYuanString } from '../../domain/money';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError, fieldMissing, MAX_INT } from '../http/validate';
import { resourceDef } from '../resources/registry';
import { scopeCondition } from '../resources/scope';
import { baseConditions } from '../resources/search';
import { checkValues } from '../resources/values';
import { getRecord } from '../resources/write';
import { REBATE_TASK_FORM } from './rebate-desk';
import { refreshTask, refuseOutsideDesk, setTask, targetFen } from './rebate-task.service';

const taskDef = () => resourceDef('rebateTask')!;
const CALCULATING = RebateSettlementStatus.calculating;
/** What the form names once and never changes: a different policy, agent or period is a new task. */
const SET_ONCE = ['PolicyNo', 'AgentName', 'Period'] as const;

/** A published policy by its announcement number, read through the caller's scope. */
async function policyByNo(trx: Db, caller: Caller, no: string) {
  const def = resourceDef('rebateAnnouncement')!;
  const where = sql.join(
    [...baseConditions(def, caller), sql<boolean>`t.data->>'AnnouncementNo' = ${no}`],
    sql` and `,
  );
  const found = await sql<{
    id: string;
  }>`select t.object_id::text as id from record t where ${where}`.execute(trx);
  if (!found.rows[0]) throw fieldError('rebateTask', 'PolicyNo', 'rebateSettlement.problems.noSuchPolicy');
  return getRecord(trx, def, caller, found.rows[0].id);
}

/** An agent by its full name, read through the caller's scope (the customer picker fills the name). */
async function agentByName(trx: Db, caller: Caller, name: string) {
  const found = await sql<{
    id: string;
    tier: string;
  }>`select t.object_id::text as id, t.customer_type as tier
    from customer t where t.name = ${name} and ${scopeCondition(caller)}
    order by t.created_at limit 1`.execute(trx);
  if (!found.rows[0]) throw fieldError('rebateTask', 'AgentName', 'rebate.problems.unknownAgent');
  return found.rows[0];
}

/**
 * The rebate task form's save of a new task (`POST /portal/rebateTask/create`, page 返利任务下达):
 * the policy by its number, the agent by its name, the period and the target, each refused naming its
 * field; the achieved amount, the rate and the estimated rebate are computed, never entered.
 */
export async function createTaskFromForm(db: Db, caller: Caller, body: Record<string, unknown>) {
  refuseOutsideDesk(caller);
  const values = await checkValues(db, taskDef(), { ...body, PageID: REBATE_TASK_FORM }, 'create');
  const amountFen = targetFen(values.TaskAmount);
  return db.transaction().execute(async (trx) => {
    const policy = await policyByNo(trx, caller, String(values.PolicyNo));
    const agent = await agentByName(trx, caller, String(values.AgentName));
    const terms = { policy, agent, amountFen, period: String(values.Period) };
    return setTask(trx, caller, { ...terms, fields: { policy: 'PolicyNo', agent: 'AgentName' } });
  });
}

function versionOf(body: Record<string, unknown>) {
  const version =
    typeof body.Version === 'string' && body.Version.trim() ? Number(body.Version) : body.Version;
  if (body.Version === undefined || body.Version === null || body.Version === '')
    throw fieldMissing(undefined, 'Version');
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1 || version > MAX_INT)
    throw fieldError(undefined, 'Version', {
      key: 'server.input.problems.integerRange',
      params: { min: 1, max: MAX_INT },
    });
  return version;
}

/**
 * The form's save of an existing task (`POST /portal/rebateTask/update`): only the target changes,
 * and only while the settlement has not been calculated — a calculated settlement keeps the target it
 * was computed on. A different policy, agent or period is refused naming the field (void the task and
 * set a new one). The estimate is computed again at once.
 */
export async function updateTaskFromForm(db: Db, caller: Caller, body: Record<string, unknown>) {
  refuseOutsideDesk(caller);
  const version = versionOf(body);
  const values = await checkValues(db, taskDef(), { ...body, PageID: REBATE_TASK_FORM }, 'update');
  return db.transaction().execute(async (trx) => {
    const task = await getRecord(trx, taskDef(), caller, body.ObjectID);
    for (const field of SET_ONCE)
      if (field in values && values[field] !== task[field])
        throw fieldError('rebateTask', field, 'rebateSettlement.problems.setOnce');
    if (!('TaskAmount' in values)) return task;
    const amountFen = targetFen(values.TaskAmount);
    if (task.SettlementStatus !== CALCULATING)
      throw new PortalError(409, 'rebateSettlement.targetFrozen', {
        no: task.RebateTaskNo,
        field: 'TaskAmount',
        resource: 'rebateTask',
      });
    const changed = await sql`update record t set data = t.data || ${JSON.stringify({
      TaskAmount: fenToYuanString(amountFen),
    })}::jsonb, version = t.version + 1, updated_at = now(), updated_by_name = ${caller.lastName}
      where t.resource = 'rebateTask' and t.object_id = ${String(task.ObjectID)} and t.version = ${version}`.execute(
      trx,
    );
    if (Number(changed.numAffectedRows ?? 0) !== 1) throw new PortalError(409, 'server.staleWrite');
    await refreshTask(trx, String(task.ObjectID));
    return getRecord(trx, taskDef(), caller, task.ObjectID);
  });
}

/** The form's writes, in place of the generic engine's (server/routes/resource.routes.ts). */
export const rebateTaskWrites = { create: createTaskFromForm, update: updateTaskFromForm };
