import { sql } from 'kysely';
import { businessTimeZone } from '../../domain/business-clock';
import { opportunityRegistrationDeclaration } from '../../machines/workflows/opportunity-registration.workflow';
import type { Db } from '../db/database';
import { STARTED } from '../workflows/engine';

const SUBMIT = opportunityRegistrationDeclaration.commands.submit.event;

export interface DaySummary {
  VisitCount: number;
  NewOpportunityCount: number;
  OpportunityChangeCount: number;
  /** The day's visits: number and customer of each. */
  SummaryVisits: string;
  /** The opportunities registered or moved on that day, by number. */
  SummaryOpportunities: string;
}

/**
 * What a person did on a business day, from the records (notes §9.3): the visits checked in that day,
 * the opportunity registrations submitted and the other moves of registrations (progress, win, close,
 * extension …) the person made — never typed by the reporter.
 */
export async function daySummary(db: Db, personId: string, day: string): Promise<DaySummary> {
  const zone = businessTimeZone();
  const visits = await sql<{
    no: string;
    customer: string | null;
  }>`select visit_no as no, customer_name as customer
    from visit where visitor_id = ${personId}
      and (check_in_time at time zone ${zone})::date = ${day}::date
    order by check_in_time, visit_no`.execute(db);
  const moves = await sql<{
    type: string;
    no: string | null;
  }>`select e.type, r.data->>'ExtOpportunityNOText_SDK' as no
    from workflow_event e
      join workflow_stream s on s.stream_id = e.stream_id and s.workflow = ${opportunityRegistrationDeclaration.name}
      left join record r on r.resource = 'opportunity' and r.object_id = s.subject_id::uuid
    where e.actor_id = ${personId} and e.type <> ${STARTED}
      and (e.at at time zone ${zone})::date = ${day}::date
    order by e.at, e.stream_id`.execute(db);
  const submitted = moves.rows.filter((m) => m.type === SUBMIT);
  const changed = moves.rows.filter((m) => m.type !== SUBMIT);
  const numbers = [...new Set(moves.rows.map((m) => m.no).filter(Boolean))];
  return {
    VisitCount: visits.rows.length,
    NewOpportunityCount: submitted.length,
    OpportunityChangeCount: changed.length,
    SummaryVisits: visits.rows.map((v) => `${v.no} ${v.customer ?? ''}`.trim()).join('; '),
    SummaryOpportunities: numbers.join(', '),
  };
}

/** Writes a report's summary of its day onto it (no new version: the server's figures, not an edit). */
export async function refreshSummary(db: Db, reportId: string) {
  const rows = await sql<{ reporter: string | null; day: string }>`select reporter_id::text as reporter,
      to_char(report_date, 'YYYY-MM-DD') as day from daily_report where object_id = ${reportId}`.execute(db);
  const row = rows.rows[0];
  if (!row?.reporter) return;
  const s = await daySummary(db, row.reporter, row.day);
  await sql`update daily_report set visit_count = ${s.VisitCount}, new_opportunity_count = ${s.NewOpportunityCount},
      opportunity_change_count = ${s.OpportunityChangeCount},
      data = data || ${JSON.stringify({ SummaryVisits: s.SummaryVisits, SummaryOpportunities: s.SummaryOpportunities })}::jsonb
    where object_id = ${reportId}`.execute(db);
}
