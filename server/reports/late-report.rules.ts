import { sql } from 'kysely';
import { customerTypeOwes } from '../../domain/reporting';
import { REVIEWER_ROLE } from '../../machines/workflows/agent-report.workflow';
import type { LateReportContext } from '../../machines/workflows/late-report.workflow';
import {
  lateReportDeclaration as declaration,
  LATE_REQUEST_STATUS,
} from '../../machines/workflows/late-report.workflow';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import { isPeriodLocked, PERIOD } from '../imports/control-dates';
import type { ResourceDef } from '../resources/registry';
import { scopeCondition } from '../resources/scope';
import { getRecord } from '../resources/write';
import { actorOf } from '../workflows/decisions';
import { loadStream, startStream } from '../workflows/engine';
import { momentOf, type ReportKey, refusalOf, reportStateOf, requireReporter } from './report-lock';

export const lateStreamOf = (requestId: string) => `${declaration.name}-${requestId}`;

/** What a request is about: fixed once asked; a returned request changes only its reason. */
const FIXED = ['AgentName', 'Period', 'ReportType'];

/** The agent a request names, among the companies the caller may report for. */
async function agentOf(trx: Db, caller: Caller, name: unknown) {
  const scope =
    caller.dataScope === 'company'
      ? sql<boolean>`(t.object_id = ${caller.companyId} or t.parent_id = ${caller.companyId})`
      : scopeCondition(caller);
  const rows = await sql<{
    id: string;
    name: string;
    type: string | null;
    province: string | null;
    city: string | null;
  }>`select t.object_id::text as id, t.name, t.customer_type as type, t.province_code as province,
      t.city_code as city from customer t
    where t.name = ${String(name ?? '').trim()} and ${scope} limit 1`.execute(trx);
  return rows.rows[0];
}

/** Another request for the same report that still stands: waiting, returned, or approved with its window open. */
async function refuseSecondRequest(trx: Db, key: ReportKey, id: string, at: Date) {
  const rows = await sql<{ n: number }>`select count(*)::int as n from late_report_request
    where company_id = ${key.agentId} and period = ${key.period} and report_type = ${key.reportType}
      and object_id <> ${id}
      and (request_status in (${LATE_REQUEST_STATUS.inApproval}, ${LATE_REQUEST_STATUS.returned})
        or (request_status = ${LATE_REQUEST_STATUS.approved} and window_end > ${at.toISOString()}::timestamptz))`.execute(
    trx,
  );
  if (rows.rows[0]?.n) throw new PortalError(409, 'reportStates.errors.requestOpen', { period: key.period });
}

/**
 * A new late-report request (notes §7.3): asked by whoever reports for the agent, for a period its
 * control date has locked and whose report is neither under review nor approved, one at a time per
 * report. It belongs to the agent (its scope) and waits for the channel manager of the province.
 */
async function requestAsked(trx: Db, def: ResourceDef, caller: Caller, record: Record<string, unknown>) {
  requireReporter(caller.roleCode);
  const id = String(record.ObjectID);
  const period = String(record.Period ?? '');
  if (!PERIOD.test(period)) throw fieldError(def.name, 'Period', 'imports.reasons.periodFormat');
  const agent = await agentOf(trx, caller, record.AgentName);
  if (!agent) throw fieldError(def.name, 'AgentName', 'reportStates.problems.agent');
  const key = { agentId: agent.id, period, reportType: String(record.ReportType ?? '') };
  // Only a report the agent's type files can be overdue (the deadline job opens no other): a CCP, or a
  // distributor's report of a type it does not file, has nothing to report late.
  if (!customerTypeOwes(agent.type, key.reportType))
    throw fieldError(def.name, 'ReportType', 'reportStates.problems.notOwed');
  // Asked when it was written: the server's now, or the demo seed's clock.
  const at = momentOf(record.CreationOn);
  if (!(await isPeriodLocked(trx, period, key.reportType, agent.province, at)))
    throw new PortalError(409, 'reportStates.errors.stillOpen', { period });
  const state = await reportStateOf(trx, key);
  if (state === 'submitted' || state === 'approved') throw refusalOf({ open: false, why: state }, period);
  await refuseSecondRequest(trx, key, id, at);
  await sql`update late_report_request set company_id = ${agent.id}, province_code = ${agent.province},
      city_code = ${agent.city}, agent_name = ${agent.name}, applicant_name = ${caller.lastName},
      province_name = (select name_zh from region where code = ${agent.province})
    where object_id = ${id}`.execute(trx);
  const actor = actorOf(caller);
  await startStream(trx, {
    streamId: lateStreamOf(id),
    workflow: declaration.name,
    subject: ['lateReportRequest', id],
    input: {
      chain: [REVIEWER_ROLE],
      applicant: actor,
      agent: { id: agent.id, name: agent.name },
      period,
      reportType: key.reportType,
    },
    actor,
    at,
  });
}

/** After a request is saved: a new one is checked and started; a returned one changes only its reason. */
export async function afterLateRequestWrite(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
  changed: ReadonlySet<string>,
) {
  const id = String(record.ObjectID);
  const started = await sql<{ n: number }>`select count(*)::int as n from workflow_stream
    where stream_id = ${lateStreamOf(id)}`.execute(trx);
  if (!started.rows[0]?.n) await requestAsked(trx, def, caller, record);
  else {
    const fixed = FIXED.find((field) => changed.has(field));
    if (fixed) throw fieldError(def.name, fixed, 'reportStates.problems.fixed');
  }
  Object.assign(record, await getRecord(trx, def, caller, id));
}

/** Before an edit: only the applicant, and only while the request is returned to them. */
export async function refuseLateRequestChange(trx: Db, _def: ResourceDef, caller: Caller, ids: string[]) {
  for (const id of ids) {
    const { snapshot } = await loadStream(trx, lateStreamOf(id));
    const context = snapshot.context as LateReportContext;
    if (snapshot.value !== 'returned' || context.applicant.id !== caller.employeeId)
      throw new PortalError(409, 'reportStates.errors.requestFixed');
  }
}
