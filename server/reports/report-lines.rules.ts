import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldError } from '../http/validate';
import { REPORT_TYPE_OF } from '../imports/control-dates';
import { checkAsImported } from '../imports/form-row-check';
import type { ResourceDef } from '../resources/registry';
import { scopeCondition } from '../resources/scope';
import { actorOf } from '../workflows/decisions';
import { LINE_KEYS } from './line-keys';
import { momentOf, type ReportKey, refusalOf, reportWriteVerdict, requireReporter } from './report-lock';
import { linesChanged } from './report-states';

interface LineOwner {
  agentId: string | null;
  province: string | null;
  period: string | null;
}

/** The reports a line left by an edit (its period before the edit), to follow it in the same transaction. */
const leftBehind = new WeakMap<Db, ReportKey[]>();

async function ownersOf(trx: Db, def: ResourceDef, ids: string[]) {
  const rows = await sql<LineOwner>`select company_id::text as "agentId", province_code as province,
      data->>'Period' as period from ${sql.table(def.storage.table)}
    where object_id in (${sql.join(ids)})`.execute(trx);
  return rows.rows;
}

/**
 * A line belongs to the agent it names, as far as the caller's scope reaches, like an imported one:
 * its scope columns are the agent's. The name is the owner field, never a label: agent staff report for
 * their own company and the CCPs it supplies (as the import does), so a line naming another company is
 * refused, not stored under the caller's company with that company's name on it.
 */
async function claimAgent(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  id: string,
  agentName: unknown,
  holder: string | null,
) {
  const scope =
    caller.dataScope === 'company'
      ? sql<boolean>`(t.object_id = ${caller.companyId} or t.parent_id = ${caller.companyId})`
      : scopeCondition(caller);
  const found = await sql<{ id: string; province: string | null; city: string | null }>`select
      t.object_id::text as id, t.province_code as province, t.city_code as city
    from customer t where t.name = ${String(agentName ?? '')} and ${scope} limit 1`.execute(trx);
  const agent = found.rows[0];
  if (!agent) throw fieldError(def.name, 'AgentName', 'reportStates.problems.agent');
  if (agent.id !== holder)
    await sql`update ${sql.table(def.storage.table)} set company_id = ${agent.id}::uuid,
      province_code = ${agent.province}, city_code = ${agent.city} where object_id = ${id}`.execute(trx);
  return agent;
}

/**
 * A line entered or edited on a form that names the key of another line of its agent is refused,
 * naming the key's last field: an agent holds one line per key, and that line is the one to correct.
 */
async function refuseSecondLine(trx: Db, def: ResourceDef, id: string, agentId: string) {
  const keys = LINE_KEYS[def.name];
  if (!keys) return;
  const same = keys.map((k) => sql`btrim(coalesce(o.data->>${k}, '')) = btrim(coalesce(l.data->>${k}, ''))`);
  const found = await sql<{ key: string }>`select concat_ws(' / ', ${sql.join(
    keys.map((k) => sql`o.data->>${k}`),
  )}) as key from ${sql.table(def.storage.table)} l join ${sql.table(def.storage.table)} o
      on o.resource = l.resource and o.company_id = ${agentId}::uuid and o.object_id <> l.object_id
    where l.object_id = ${id} and ${sql.join(same, sql` and `)} limit 1`.execute(trx);
  if (found.rows[0])
    throw fieldError(def.name, keys.at(-1)!, {
      key: 'reportStates.problems.lineExists',
      params: { line: found.rows[0].key },
    });
}

/**
 * Before an edit of report lines: the report they belong to now must be open to the caller (not
 * submitted, not approved, its period not locked unless a late window opens it). An edit that moves
 * a line to another period leaves its old report behind; that report follows after the write.
 */
export async function refuseLockedLineChange(trx: Db, def: ResourceDef, caller: Caller, ids: string[]) {
  const reportType = REPORT_TYPE_OF[def.name];
  if (!reportType) return;
  requireReporter(caller.roleCode);
  const keys: ReportKey[] = [];
  for (const line of await ownersOf(trx, def, ids)) {
    if (!line.agentId || !line.period) continue;
    const key = { agentId: line.agentId, period: line.period, reportType };
    const verdict = await reportWriteVerdict(trx, key, line.province, new Date());
    if (!verdict.open) throw refusalOf(verdict, line.period);
    keys.push(key);
  }
  leftBehind.set(trx, keys);
}

/**
 * After a report line is created or edited, in its transaction: the line's report must be open (a
 * line of a locked period, or of a report under review or approved, is refused, which undoes the
 * write); written through a late window it is flagged late; its report becomes a draft and counts it.
 */
export async function refuseLockedReportEdit(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
  changed?: ReadonlySet<string>,
) {
  const reportType = REPORT_TYPE_OF[def.name];
  if (!reportType) return;
  requireReporter(caller.roleCode);
  // A line entered by hand passes the checks its import's rows pass, and is stored as they are.
  await checkAsImported(trx, def, caller, record);
  const period = typeof record.Period === 'string' ? record.Period : undefined;
  if (!period) return;
  const id = String(record.ObjectID);
  let [line] = await ownersOf(trx, def, [id]);
  // A new line, or one whose agent the write names again, belongs to the agent named (in scope).
  if (!line?.agentId || !changed || changed.has('AgentName')) {
    const agent = await claimAgent(trx, def, caller, id, record.AgentName, line?.agentId ?? null);
    line = { agentId: agent.id, province: agent.province, period };
  }
  const key = { agentId: line.agentId!, period, reportType };
  await refuseSecondLine(trx, def, id, key.agentId);
  // The moment of the write: the server's now, or the demo seed's clock it was written on.
  const at = momentOf(record.ModifiedOn);
  const verdict = await reportWriteVerdict(trx, key, line.province, at);
  if (!verdict.open) throw refusalOf(verdict, period);
  if (verdict.late) {
    await sql`update ${sql.table(def.storage.table)} set data = data || '{"LateReport": true}'::jsonb
      where object_id = ${id}`.execute(trx);
    record.LateReport = true;
  }
  const actor = actorOf(caller);
  const clock = { at, uuid: () => randomUUID() };
  await linesChanged(trx, key, actor, clock);
  for (const old of leftBehind.get(trx) ?? [])
    if (old.period !== period || old.agentId !== key.agentId) await linesChanged(trx, old, actor, clock);
  leftBehind.delete(trx);
}
