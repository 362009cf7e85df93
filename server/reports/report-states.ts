import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { SYSTEM_ACTOR, type WorkflowActor } from '../../machines/workflows/actor';
import { agentReportDeclaration as declaration } from '../../machines/workflows/agent-report.workflow';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { REPORT_TYPE_OF } from '../imports/control-dates';
import { nextNumber } from '../resources/numbering';
import { resourceDef } from '../resources/registry';
import type { Clock } from '../workflows/clock';
import { actorOf } from '../workflows/decisions';
import { dispatch, startStream } from '../workflows/engine';
import type { ReportKey } from './report-lock';

export const reportStreamOf = (reportId: string) => `${declaration.name}-${reportId}`;

/** The line resources whose rows make up a report of a type (shipments: the distributors' and the RSPs'). */
export const lineResourcesOf = (reportType: string) =>
  Object.keys(REPORT_TYPE_OF).filter((resource) => REPORT_TYPE_OF[resource] === reportType);

/** What a line adds to its report's total quantity: a stock line its closing stock, others their quantity. */
const QUANTITY_FIELD: Record<string, string> = { stockReport: 'ClosingQuantity' };

/** The report of an agent, period and type, with where its workflow stands. */
export async function findReport(db: Db, key: ReportKey) {
  const rows = await sql<{
    id: string;
    state: string | null;
  }>`select r.object_id::text as id, s.status as state
    from agent_report r left join workflow_stream s on s.stream_id = 'agentReport-' || r.object_id::text
    where r.company_id = ${key.agentId} and r.period = ${key.period} and r.report_type = ${key.reportType}`.execute(
    db,
  );
  return rows.rows[0];
}

/**
 * The report of an agent, period and type, created (not reported yet) when there is none: a numbered
 * row in the agent's scope and its workflow's stream. Two writers meeting on a new report get one.
 */
export async function ensureReport(trx: Db, key: ReportKey, actor: WorkflowActor, clock?: Clock) {
  const found = await findReport(trx, key);
  if (found) return found.id;
  const agents = await sql<{
    name: string;
    province: string | null;
    city: string | null;
    provinceName: string | null;
  }>`
    select c.name, c.province_code as province, c.city_code as city, p.name_zh as "provinceName"
    from customer c left join region p on p.code = c.province_code where c.object_id = ${key.agentId}`.execute(
    trx,
  );
  const agent = agents.rows[0];
  if (!agent) throw new Error(`No agent ${key.agentId}`);
  const id = clock?.uuid() ?? randomUUID();
  const at = clock?.at ?? new Date();
  const reportNo = await nextNumber(trx, declaration.numberPrefix ?? NUMBER_PREFIX.agentReport, at);
  const person = actor.id === SYSTEM_ACTOR.id ? null : actor.id;
  const inserted = await sql<{ id: string }>`insert into agent_report (object_id, report_no, agent_name,
      province_name, period, report_type, company_id, province_code, city_code, created_by, created_by_name,
      updated_by_name, created_at, updated_at)
    values (${id}, ${reportNo}, ${agent.name}, ${agent.provinceName}, ${key.period}, ${key.reportType},
      ${key.agentId}, ${agent.province}, ${agent.city}, ${person}, ${actor.name}, ${actor.name}, ${at}, ${at})
    on conflict (company_id, period, report_type) do nothing returning object_id::text as id`.execute(trx);
  if (!inserted.rows[0]) return (await findReport(trx, key))!.id;
  await startStream(trx, {
    streamId: reportStreamOf(id),
    workflow: declaration.name,
    subject: ['agentReport', id],
    input: { agent: { id: key.agentId, name: agent.name }, period: key.period, reportType: key.reportType },
    actor,
    at,
  });
  return id;
}

/** Sends one of the report's commands as `actor` (the server's own ones as the system). */
export async function reportEvent(
  trx: Db,
  reportId: string,
  command: keyof typeof declaration.commands,
  actor: WorkflowActor,
  payload: Record<string, unknown> = {},
  clock?: Clock,
) {
  await dispatch(trx, {
    streamId: reportStreamOf(reportId),
    event: { type: declaration.commands[command].event, ...payload },
    actor,
    at: clock?.at,
  });
}

/**
 * After lines of a report were written (an import, a line entered or edited): the report exists and
 * is a draft — opened when nothing was reported yet, made a draft again when it had been returned —
 * and its lines and figures follow it. The writer must be one who reports (the machine checks).
 */
export async function linesChanged(trx: Db, key: ReportKey, actor: WorkflowActor, clock?: Clock) {
  const id = await ensureReport(trx, key, actor, clock);
  const state = (await findReport(trx, key))?.state;
  if (state === 'notReported') await reportEvent(trx, id, 'start', actor, {}, clock);
  else if (state === 'returned') await reportEvent(trx, id, 'revise', actor, {}, clock);
  await syncReport(trx, id);
  return id;
}

/**
 * A report's lines show its number, status and submission time, and the report counts its lines and
 * their quantity — all read from the lines and the report's projection, in the same transaction.
 */
export async function syncReport(trx: Db, reportId: string) {
  const found = await sql<{
    agent: string;
    period: string;
    type: string;
    no: string;
    status: string;
    submitted: string | null;
  }>`select company_id::text as agent, period, report_type as type, report_no as no, report_status as status,
      to_char(submitted_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as submitted
    from agent_report where object_id = ${reportId}`.execute(trx);
  const report = found.rows[0];
  if (!report) return;
  const stamps: Record<string, unknown> = { ReportStatus: report.status, ReportNo: report.no };
  let count = sql<number>`0`;
  let total = sql<number>`0`;
  for (const resource of lineResourcesOf(report.type)) {
    const withSubmission = resourceDef(resource)?.fields.has('SubmittedOn');
    const values = { ...stamps, ...(withSubmission ? { SubmittedOn: report.submitted } : {}) };
    await sql`update record set data = data || ${JSON.stringify(values)}::jsonb
      where resource = ${resource} and company_id = ${report.agent}::uuid and data->>'Period' = ${report.period}
        and not (data @> ${JSON.stringify(values)}::jsonb)`.execute(trx);
    const field = QUANTITY_FIELD[resource] ?? 'Quantity';
    const lines = sql`from record where resource = ${resource} and company_id = ${report.agent}::uuid
      and data->>'Period' = ${report.period}`;
    count = sql<number>`${count} + (select count(*) ${lines})`;
    total = sql<number>`${total} + (select coalesce(sum(case when data->>${field} ~ '^-?[0-9]{1,15}$'
      then (data->>${field})::numeric else 0 end), 0) ${lines})`;
  }
  await sql`update agent_report set line_count = ${count}, total_quantity = ${total}
    where object_id = ${reportId}`.execute(trx);
}

/**
 * The reports an import writes lines of: each agent's period of the import's report type, noted row
 * by row and followed once the rows are written (docs/imports.md "Report states").
 */
export class ImportedReports {
  readonly #keys = new Map<string, ReportKey>();

  constructor(private readonly reportType: string | undefined) {}

  note(row: { agent?: { id: string }; values: Record<string, unknown> }) {
    const period = row.values.Period;
    if (!this.reportType || !row.agent || typeof period !== 'string') return;
    const key = { agentId: row.agent.id, period, reportType: this.reportType };
    this.#keys.set(`${key.agentId}|${period}`, key);
  }

  /** The agents the import wrote lines of. */
  agents(): string[] {
    return [...new Set([...this.#keys.values()].map((key) => key.agentId))];
  }

  async follow(trx: Db, caller: Caller, clock?: Clock) {
    for (const key of this.#keys.values()) await linesChanged(trx, key, actorOf(caller), clock);
  }
}
