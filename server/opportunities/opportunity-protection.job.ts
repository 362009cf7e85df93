import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { opportunityRegistrationDeclaration as declaration } from '../../machines/workflows/opportunity-registration.workflow';
import { inTransaction } from '../db/database';
import { PortalError } from '../http/envelope';
import type { JobHandler } from '../jobs/job-handlers';
import { systemCommand } from './opportunity-registration.hooks';
import { protectionSettings } from './opportunity-settings';

/**
 * The daily protection job (DOMAIN.md "Opportunities"): a protection whose end date has passed expires
 * (the customer and line are open again), and a protection without a progress record for the
 * configured days is marked at risk. Both are events of the registration's stream, on the business
 * day of the run, never decided when a list is read.
 */
export const opportunityProtection: JobHandler = {
  descriptionKey: 'server.jobs.handlers.opportunityProtection',
  schedule: { code: 'opportunityProtection', cron: '30 1 * * *', timeoutSeconds: 300 },
  async run(db, { now, signal }) {
    const today = businessDay(now);
    const { atRiskDays } = await protectionSettings(db);
    const quietSince = addDays(today, -atRiskDays);
    const { rows } = await sql<{ id: string; status: string; until: string | null; last: string | null }>`
      select subject_id::text as id, status, state->'context'->>'protectedUntil' as until,
        coalesce(state->'context'->>'lastProgressOn', state->'context'->>'protectedFrom') as last
      from workflow_stream
      where workflow = ${declaration.name} and status in ('protected', 'atRisk')
      order by subject_id`.execute(db);
    let expired = 0;
    let atRisk = 0;
    for (const row of rows) {
      if (signal.aborted) break;
      const command =
        row.until && row.until < today
          ? 'expire'
          : row.status === 'protected' && row.last && row.last <= quietSince
            ? 'markAtRisk'
            : null;
      if (!command) continue;
      try {
        await inTransaction(db, (trx) => systemCommand(trx, row.id, command, {}, now));
        if (command === 'expire') expired += 1;
        else atRisk += 1;
      } catch (error) {
        // Someone acted on it since the list was read (won, closed): it is no longer the job's.
        if (!(error instanceof PortalError)) throw error;
      }
    }
    return { key: 'server.jobs.messages.opportunityProtection', params: { today, expired, atRisk } };
  },
};
