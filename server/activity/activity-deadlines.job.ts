import { sql } from 'kysely';
import { businessDay, businessTimeZone } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { SYSTEM_ACTOR } from '../../machines/workflows/actor';
import { dailyReportDeclaration, LATE_DAYS } from '../../machines/workflows/daily-report.workflow';
import { visitDeclaration } from '../../machines/workflows/visit.workflow';
import { type Db, inTransaction } from '../db/database';
import { PortalError } from '../http/envelope';
import type { JobHandler } from '../jobs/job-handlers';
import { dispatch } from '../workflows/engine';

/** Sends the system's command on a stream; one someone acted on since the list was read is left alone. */
async function systemEvent(db: Db, streamId: string, event: string, at: Date) {
  try {
    await inTransaction(db, (trx) =>
      dispatch(trx, { streamId, event: { type: event }, actor: SYSTEM_ACTOR, at }),
    );
    return 1;
  } catch (error) {
    if (!(error instanceof PortalError)) throw error;
    return 0;
  }
}

/**
 * The daily activity job (notes §10): a planned visit whose day has passed without a check-in is
 * missed, and a daily report still in draft three days after its day is locked as not submitted.
 * Both are events of their streams on the business day of the run.
 */
export const activityDeadlines: JobHandler = {
  descriptionKey: 'server.jobs.handlers.activityDeadlines',
  schedule: { code: 'activityDeadlines', cron: '10 0 * * *', timeoutSeconds: 300 },
  async run(db, { now, signal }) {
    const today = businessDay(now);
    const lockBefore = addDays(today, -LATE_DAYS);
    const visits = await sql<{ id: string }>`select s.stream_id as id from workflow_stream s
      join visit v on v.object_id = s.subject_id
      where s.workflow = ${visitDeclaration.name} and s.status = 'planned'
        and (v.planned_start at time zone ${businessTimeZone()})::date < ${today}::date
      order by s.stream_id`.execute(db);
    const reports = await sql<{ id: string }>`select s.stream_id as id from workflow_stream s
      join daily_report r on r.object_id = s.subject_id
      where s.workflow = ${dailyReportDeclaration.name} and s.status = 'draft' and r.report_date < ${lockBefore}::date
      order by s.stream_id`.execute(db);
    let missed = 0;
    let locked = 0;
    for (const row of visits.rows) {
      if (signal.aborted) break;
      missed += await systemEvent(db, row.id, visitDeclaration.commands.miss.event, now);
    }
    for (const row of reports.rows) {
      if (signal.aborted) break;
      locked += await systemEvent(db, row.id, dailyReportDeclaration.commands.lock.event, now);
    }
    return { key: 'server.jobs.messages.activityDeadlines', params: { today, missed, locked } };
  },
};
