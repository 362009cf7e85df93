import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import { daysBetween } from '../../domain/calendar-days';
import {
  dailyReportDeclaration as declaration,
  LATE_DAYS,
} from '../../machines/workflows/daily-report.workflow';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError, fieldMissing } from '../http/validate';
import { isNameOffered } from '../lookups/employee.lookup';
import type { ResourceDef } from '../resources/registry';
import { resourceDef } from '../resources/registry';
import { scopeOfNewRecord } from '../resources/scope';
import { checkValues } from '../resources/values';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import { startStream } from '../workflows/engine';
import { isWorkingDay } from './activity-days';
import { refreshSummary } from './daily-summary';

export const REPORT_FORM = 'salesActivity.dailyWorkForm';
export const reportDef = () => resourceDef('dailyReport')!;
// The decision layer's one-stream-per-record id, spelt out: the decision layer reads these rules' hooks.
export const reportStreamOf = (reportId: string) => `${declaration.name}-${reportId}`;

const problem = (key: string, params: Record<string, unknown> = {}) =>
  fieldError('dailyReport', 'ReportDate', { key: `activity.problems.${key}`, params });

/**
 * A report's day on a given today: a working day, not ahead of today, and not so long ago that it is
 * locked (notes §9.3: accepted up to three days late).
 */
export function checkReportDay(day: string, today: string) {
  if (!isWorkingDay(day)) throw problem('notWorkingDay', { day });
  const late = daysBetween(day, today);
  if (late < 0) throw problem('future', { day });
  if (late > LATE_DAYS) throw new PortalError(409, 'activity.errors.reportLocked', { day, days: LATE_DAYS });
}

/** Reporter, team and place of a new report: the person who writes it, in their province and city. */
async function reportStarted(trx: Db, caller: Caller, id: string, clock?: Clock) {
  await sql`update daily_report set reporter_id = ${caller.employeeId}, reporter_name = ${caller.lastName},
      reporter_code = ${caller.username},
      province_name = (select name_zh from region where code = ${caller.provinceCode}),
      city_name = (select name_zh from region where code = ${caller.cityCode})
    where object_id = ${id}`.execute(trx);
  const actor = { id: caller.employeeId, name: caller.lastName, role: caller.roleCode };
  await startStream(trx, {
    streamId: reportStreamOf(id),
    workflow: declaration.name,
    subject: ['dailyReport', id],
    input: { reporter: actor },
    actor,
    at: clock?.at,
  });
}

/** One report per person per day: a second one for the same day is refused by its date. */
async function refuseSecond(trx: Db, personId: string, day: string, id: string) {
  const rows = await sql<{ n: number }>`select count(*)::int as n from daily_report
    where reporter_id = ${personId} and report_date = ${day}::date and object_id <> ${id}`.execute(trx);
  if (rows.rows[0]?.n) throw problem('secondReport');
}

/**
 * A report goes up to one of the writer's managers: the recipient named is checked against the list the
 * form's picker offers (the same query), so a free name or a colleague is refused by the field.
 */
async function checkReceiver(trx: Db, caller: Caller, record: Record<string, unknown>) {
  const name = typeof record.ReceiverName === 'string' ? record.ReceiverName.trim() : '';
  if (!name) throw fieldMissing('dailyReport', 'ReceiverName');
  if (await isNameOffered(trx, caller, 'managers', name)) return;
  throw fieldError('dailyReport', 'ReceiverName', {
    key: 'activity.problems.notAManager',
    params: { name: name.slice(0, 40) },
  });
}

/** The names a copy field holds: the picker joins several with commas; typed ones may use Chinese ones. */
const namesOf = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(/[,，、;；]/)
        .map((name) => name.trim())
        .filter(Boolean)
    : [];

/**
 * A report is copied to people its copy picker offers the writer (the writer's managers and the people
 * of the writer's own reach). Each name is checked with that picker's own query, so a free name or
 * someone out of reach is refused by the field instead of being stored as if the report went to them.
 */
async function checkCopies(trx: Db, caller: Caller, record: Record<string, unknown>) {
  for (const name of namesOf(record.CcNames)) {
    if (await isNameOffered(trx, caller, 'copyReaders', name)) continue;
    throw fieldError('dailyReport', 'CcNames', {
      key: 'activity.problems.notACopyReader',
      params: { name: name.slice(0, 40) },
    });
  }
}

/**
 * The report's own rule after a write through its form: a new one is the writer's, started as a
 * draft; its day is checked and its summary computed from that day's records after every save; a
 * recipient written (always on create) must be one of the writer's managers, and each copy one the
 * form's copy picker offers.
 */
export async function afterReportWrite(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
  changed?: ReadonlySet<string>,
  clock?: Clock,
) {
  const id = String(record.ObjectID);
  const day = String(record.ReportDate ?? '').slice(0, 10);
  checkReportDay(day, businessDay(clock?.at));
  const started = await sql<{ n: number }>`select count(*)::int as n from workflow_stream
    where stream_id = ${reportStreamOf(id)}`.execute(trx);
  const created = !started.rows[0]?.n;
  if (created || !changed || changed.has('ReceiverName')) await checkReceiver(trx, caller, record);
  if (created || !changed || changed.has('CcNames')) await checkCopies(trx, caller, record);
  // Before the reporter is stamped on it, so the one-a-day index never has to refuse it.
  await refuseSecond(trx, caller.employeeId, day, id);
  if (created) await reportStarted(trx, caller, id, clock);
  await refreshSummary(trx, id);
  Object.assign(record, await getRecord(trx, def, caller, id));
}

/** Before an edit or delete: only the reporter, only a draft, and not once its day is locked. */
export async function refuseReportChange(trx: Db, _def: ResourceDef, caller: Caller, ids: string[]) {
  const rows = await sql<{ reporter: string | null; state: string | null; day: string }>`
    select r.reporter_id::text as reporter, s.status as state, to_char(r.report_date, 'YYYY-MM-DD') as day
    from daily_report r left join workflow_stream s on s.stream_id = ${`${declaration.name}-`} || r.object_id::text
    where r.object_id in (${sql.join(ids)})`.execute(trx);
  for (const row of rows.rows) {
    if (row.reporter && row.reporter !== caller.employeeId)
      throw new PortalError(403, 'activity.errors.notYourReport');
    if (row.state === 'locked' || daysBetween(row.day, businessDay()) > LATE_DAYS)
      throw new PortalError(409, 'activity.errors.reportLocked', { day: row.day, days: LATE_DAYS });
    if (row.state && row.state !== 'draft')
      throw new PortalError(409, 'activity.errors.reportSubmitted', { day: row.day });
  }
}

/** Writes a report on a clock of its own (the demo seed's): the form's checks, then as the form would. */
export async function writeReport(db: Db, caller: Caller, body: Record<string, unknown>, clock: Clock) {
  const def = reportDef();
  const values = await checkValues(db, def, { ...body, PageID: REPORT_FORM }, 'create');
  return inTransaction(db, async (trx) => {
    const id = clock.uuid?.() ?? randomUUID();
    const scope = scopeOfNewRecord(caller);
    const data = Object.fromEntries(Object.entries(values).filter(([field]) => !def.storage.columns[field]));
    await sql`insert into daily_report (object_id, report_date, company_id, province_code, city_code, data,
        created_by, created_by_name, updated_by_name, created_at, updated_at)
      values (${id}, ${values.ReportDate}, ${scope.company_id}, ${scope.province_code}, ${scope.city_code},
        ${JSON.stringify(data)}::jsonb, ${caller.employeeId}, ${caller.lastName}, ${caller.lastName}, ${clock.at},
        ${clock.at})`.execute(trx);
    const record = await getRecord(trx, def, caller, id);
    await afterReportWrite(trx, def, caller, record, undefined, clock);
    return record;
  });
}
