import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { resourceScope } from '../resources/scope';

/**
 * The lines page of one report is asked for by the report's number (the link from the reports list)
 * or its id: a report that exists but lies outside the caller's scope — another company's, another
 * province's — is refused as not found, as its own page refuses it, rather than shown as a report
 * without lines. A number typed in part is a plain filter.
 */
export async function refuseUnseenReport(db: Db, caller: Caller, body: Record<string, unknown>) {
  const id = typeof body.ReportID === 'string' ? body.ReportID.trim() : '';
  const no = typeof body.ReportNo === 'string' ? body.ReportNo.trim() : '';
  if (!id && !no) return;
  const named = id ? sql<boolean>`t.object_id::text = ${id}` : sql<boolean>`t.report_no = ${no}`;
  const found = await sql<{ seen: boolean }>`select ${resourceScope('agentReport', caller)} as seen
    from agent_report t where ${named}`.execute(db);
  const report = found.rows[0];
  if (id ? !report?.seen : report && !report.seen)
    throw new PortalError(404, 'reportStates.errors.reportUnseen', { no: no || id.slice(0, 36) });
}
