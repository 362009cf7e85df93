import { sql } from 'kysely';
import { CustomerType } from '../../domain/codes/customers.codes';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import { ROLE } from '../../domain/roles';
import {
  reportOpinionDeclaration as declaration,
  OPINION_STATUS,
} from '../../machines/workflows/report-opinion.workflow';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import type { ResourceDef } from '../resources/registry';
import type { AfterWrite, RecordWrite } from '../resources/rules';
import { scopeCondition } from '../resources/scope';
import { getRecord } from '../resources/write';
import { startStream } from '../workflows/engine';
import { logReportLineWrite } from './modification-log';
import { isReportLine, reportResourcesOf } from './report-fields';

/** The staff role of an agent company, by its customer type (dictionary CustomerType): who replies. */
const AGENT_ROLE_OF: Record<string, string> = {
  [CustomerType.generalDistributor]: ROLE.distributor,
  [CustomerType.rsp]: ROLE.rspAgent,
  [CustomerType.ccp]: ROLE.ccpAgent,
};

/** What names the report an opinion is about; fixed once it is raised (a wrong one is withdrawn). */
const REPORT_REFERENCE = ['ReportType', 'AgentName', 'Period', 'ReportNo', 'ProductModel'];

export const opinionStreamOf = (opinionId: string) => `${declaration.name}-${opinionId}`;

const problem = (field: string, key: string, params: Record<string, unknown> = {}) =>
  fieldError('reportOpinion', field, { key: `reportReview.problems.${key}`, params });

interface Agent {
  id: string;
  type: string;
  province_code: string | null;
  city_code: string | null;
}

/** The agent an opinion names, among the companies the reviewer sees. */
async function agentInScope(trx: Db, caller: Caller, name: string): Promise<Agent> {
  const rows = await sql<Agent>`select t.object_id::text as id, t.customer_type as type, t.province_code,
      t.city_code from customer t where t.name = ${name} and ${scopeCondition(caller)} limit 1`.execute(trx);
  if (!rows.rows[0]) throw problem('AgentName', 'noAgent', { agent: name });
  return rows.rows[0];
}

interface Line {
  id: string | null;
  resource: string | null;
  no: string | null;
  model: string | null;
}

/**
 * The report an opinion names, in the reviewer's scope: the agent's lines of the period and type
 * (those of the report number, when it gives one). An opinion naming a model is about that model's
 * line, which must be the only one; the others are about the whole report, whose number they keep
 * when its lines share one.
 */
async function reportLine(
  trx: Db,
  caller: Caller,
  agent: Agent,
  record: Record<string, unknown>,
): Promise<Line> {
  const no = String(record.ReportNo ?? '').trim();
  const model = String(record.ProductModel ?? '').trim();
  const lineNo = sql`coalesce(t.data->>'ReportNo', t.data->>'ShipmentNo')`;
  const rows = await sql<Line & { n: number; nos: number }>`select count(*)::int as n,
      count(distinct ${lineNo})::int as nos, min(t.object_id::text) as id, min(t.resource) as resource,
      min(${lineNo}) as no, min(t.data->>'ProductModel') as model
    from record t
    where t.resource in (${sql.join(reportResourcesOf(String(record.ReportType)))})
      and t.company_id = ${agent.id} and t.data->>'Period' = ${String(record.Period)}
      and ${scopeCondition(caller)}
      ${no ? sql`and (t.data->>'ReportNo' = ${no} or t.data->>'ShipmentNo' = ${no})` : sql``}
      ${model ? sql`and t.data->>'ProductModel' = ${model}` : sql``}`.execute(trx);
  const found = rows.rows[0];
  const params = { agent: record.AgentName, period: record.Period, line: model || no };
  if (!found?.n)
    throw problem(model ? 'ProductModel' : no ? 'ReportNo' : 'Period', model ? 'noLine' : 'noReport', params);
  if (!model) return { id: null, resource: null, no: found.nos === 1 ? found.no : no || null, model: null };
  if (found.n > 1) throw problem('ProductModel', 'severalLines', params);
  return found;
}

/**
 * A new opinion (notes/domain.md §7.3 反馈意见) is vendor staff's: it names a report of an agent they
 * see, or one of its lines; it belongs to that agent (whose staff read and answer it) and starts its
 * workflow. Edited while still open by the one who raised it, its report stays the one it named.
 */
async function afterOpinionWrite(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
  changed: ReadonlySet<string>,
  write?: RecordWrite,
) {
  const id = String(record.ObjectID);
  if (write?.before) {
    const moved = REPORT_REFERENCE.find((field) => changed.has(field));
    if (moved) throw problem(moved, 'reportFixed');
    return;
  }
  if (caller.dataScope === 'company') throw new PortalError(403, 'reportReview.errors.vendorRaises');
  const agent = await agentInScope(trx, caller, String(record.AgentName ?? ''));
  const line = await reportLine(trx, caller, agent, record);
  const reviewer = { ReviewerName: caller.lastName, ReviewerUserName: caller.username };
  await sql`update report_opinion set company_id = ${agent.id}, province_code = ${agent.province_code},
      city_code = ${agent.city_code}, report_resource = ${line.resource}, line_id = ${line.id},
      report_no = ${line.no}, product_model = ${line.model},
      opinion_status = ${OPINION_STATUS.open}, data = data || ${JSON.stringify(reviewer)}::jsonb
    where object_id = ${id}`.execute(trx);
  const actor = { id: caller.employeeId, name: caller.lastName, role: caller.roleCode };
  await startStream(trx, {
    streamId: opinionStreamOf(id),
    workflow: declaration.name,
    subject: [declaration.subject.resource, id],
    input: { reviewer: actor, agentRole: AGENT_ROLE_OF[agent.type] ?? ROLE.rspAgent },
    actor,
    at: write?.clock?.at,
  });
  Object.assign(record, await getRecord(trx, def, caller, id));
}

/**
 * A line's amount is quantity × unit price in fen, as its import computes it: a form that changes
 * either changes the amount too (and the log shows both).
 */
async function keepAmount(
  trx: Db,
  def: ResourceDef,
  record: Record<string, unknown>,
  changed: ReadonlySet<string>,
) {
  if (!def.fields.has('Amount') || !(changed.has('Quantity') || changed.has('UnitPrice'))) return;
  const quantity = Number(record.Quantity);
  const price = record.UnitPrice;
  if (!Number.isInteger(quantity) || (typeof price !== 'string' && typeof price !== 'number')) return;
  const fen = yuanToFen(price) * quantity;
  if (!Number.isSafeInteger(fen)) return;
  record.Amount = fenToYuanString(fen);
  await sql`update ${sql.table(def.storage.table)} set data = data || ${JSON.stringify({ Amount: record.Amount })}::jsonb
    where object_id = ${String(record.ObjectID)}`.execute(trx);
}

/** The resource engine's rule after every write of report lines and opinions. */
export const afterReportReviewWrite: AfterWrite = async (trx, def, caller, record, changed, write) => {
  if (isReportLine(def.name)) {
    await keepAmount(trx, def, record, changed);
    await logReportLineWrite(trx, def, caller, record, changed, write);
  } else if (def.name === declaration.subject.resource)
    await afterOpinionWrite(trx, def, caller, record, changed, write);
};

/** An opinion is edited only by the one who raised it, and only while it waits for the agent's reply. */
export async function refuseOpinionChange(trx: Db, _def: ResourceDef, caller: Caller, ids: string[]) {
  const rows = await sql<{ no: string; state: string | null; reviewer: string | null }>`
    select o.opinion_no as no, s.status as state, s.state->'context'->'reviewer'->>'id' as reviewer
    from report_opinion o left join workflow_stream s on s.stream_id = ${`${declaration.name}-`} || o.object_id::text
    where o.object_id in (${sql.join(ids)})`.execute(trx);
  for (const row of rows.rows) {
    if (row.reviewer !== caller.employeeId)
      throw new PortalError(403, 'reportReview.errors.notYourOpinion', { no: row.no });
    if (row.state !== 'open')
      throw new PortalError(409, 'reportReview.errors.opinionAnswered', { no: row.no });
  }
}
