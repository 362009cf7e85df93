import { sql } from 'kysely';
import { mayReportType, REPORTER_ROLES } from '../../domain/reporting';
import { LATE_REQUEST_STATUS } from '../../machines/workflows/late-report.workflow';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { isPeriodLocked, periodLockedError } from '../imports/control-dates';

/** One report: an agent's lines of one period and one report type (dictionary ReportType). */
export interface ReportKey {
  agentId: string;
  period: string;
  reportType: string;
}

/**
 * Whether an agent's lines of a period and type may be written now, and how: open, or open only
 * through an approved late-report request (the lines are then flagged late). Refused when the report
 * waits for its review or is approved, or when the control date has locked the period.
 */
export type WriteVerdict =
  | { open: true; late: boolean }
  | { open: false; why: 'periodLocked' | 'submitted' | 'approved' };

/** The report's state, where the agent has one for the period and type. */
export async function reportStateOf(db: Db, key: ReportKey): Promise<string | undefined> {
  const rows = await sql<{ state: string }>`select s.status as state from agent_report r
    join workflow_stream s on s.stream_id = 'agentReport-' || r.object_id::text
    where r.company_id = ${key.agentId} and r.period = ${key.period} and r.report_type = ${key.reportType}`.execute(
    db,
  );
  return rows.rows[0]?.state;
}

/** Whether an approved late-report request keeps the agent's period of a type open at `at`. */
export async function lateWindowOpen(db: Db, key: ReportKey, at: Date): Promise<boolean> {
  const rows = await sql<{ n: number }>`select count(*)::int as n from late_report_request
    where company_id = ${key.agentId} and period = ${key.period} and report_type = ${key.reportType}
      and request_status = ${LATE_REQUEST_STATUS.approved} and window_end > ${at.toISOString()}::timestamptz`.execute(
    db,
  );
  return (rows.rows[0]?.n ?? 0) > 0;
}

/** The verdict on writing a report's lines at `at` (see WriteVerdict); the agent's province picks its control dates. */
export async function reportWriteVerdict(
  db: Db,
  key: ReportKey,
  provinceCode: string | null,
  at: Date,
): Promise<WriteVerdict> {
  const state = await reportStateOf(db, key);
  if (state === 'submitted' || state === 'approved') return { open: false, why: state };
  if (!(await isPeriodLocked(db, key.period, key.reportType, provinceCode, at)))
    return { open: true, late: false };
  if (await lateWindowOpen(db, key, at)) return { open: true, late: true };
  return { open: false, why: 'periodLocked' };
}

/** The refusal of a verdict, naming the period: a 409 the person can act on. */
export function refusalOf(verdict: Extract<WriteVerdict, { open: false }>, period: string) {
  if (verdict.why === 'periodLocked') return periodLockedError(period);
  return new PortalError(409, `reportStates.errors.${verdict.why}`, { period });
}

/**
 * Report lines are the agent's: written by its staff, or by the sales operations desk for it; of a
 * given type, only by an agent whose type owes it (OWED_REPORTS).
 */
export function requireReporter(roleCode: string, reportType?: string) {
  if (!REPORTER_ROLES.includes(roleCode)) throw new PortalError(403, 'reportStates.errors.notReporter');
  if (reportType && !mayReportType(roleCode, reportType))
    throw new PortalError(403, 'reportStates.errors.notOwed');
}

/** A record's stamp as a moment; now when it has none. */
export const momentOf = (stamp: unknown) => {
  const at = new Date(String(stamp ?? ''));
  return Number.isNaN(at.getTime()) ? new Date() : at;
};
