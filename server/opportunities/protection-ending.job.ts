import { sql } from 'kysely';
import { z } from 'zod';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { opportunityRegistrationDeclaration as declaration } from '../../machines/workflows/opportunity-registration.workflow';
import { inTransaction } from '../db/database';
import type { JobHandler } from '../jobs/job-handlers';
import { notifyOnce } from '../notices/notices';

const params = z.object({
  // How many days ahead of its end a protection's owner is told (a week by default).
  days: z.number().int().min(1).max(90).default(7),
});

/**
 * The owner of each protected (or at-risk) opportunity whose protection ends within the next `days`
 * business days is told, once per opportunity and end date: running again, or two runs at once, tell
 * nobody twice; an extension is a new end date and is told again when it nears.
 */
export const protectionEndingNotices: JobHandler = {
  descriptionKey: 'server.jobs.handlers.protectionEndingNotices',
  params,
  schedule: { code: 'protectionEndingNotices', cron: '0 8 * * *', timeoutSeconds: 300, params: { days: 7 } },
  async run(db, { params: given, now, signal }) {
    const { days } = params.parse(given);
    const today = businessDay(now);
    const last = addDays(today, days);
    const { rows } = await sql<{ id: string; until: string; owner: string | null; no: string; name: string }>`
      select s.subject_id::text as id, s.state->'context'->>'protectedUntil' as until,
        r.company_id::text as owner, coalesce(r.data->>'ExtOpportunityNOText_SDK', '') as no,
        coalesce(r.data->>'Name', '') as name
      from workflow_stream s join record r on r.resource = 'opportunity' and r.object_id::text = s.subject_id::text
      where s.workflow = ${declaration.name} and s.status in ('protected', 'atRisk')
        and s.state->'context'->>'protectedUntil' between ${today} and ${last}
      order by s.subject_id`.execute(db);
    let told = 0;
    for (const row of rows) {
      if (signal.aborted) break;
      const notice = {
        kind: 'protectionEnding',
        params: { no: row.no, name: row.name, until: row.until },
        pageId: 'business.opportunityInfo',
        recordId: row.id,
      };
      const once = { recordId: row.id, key: row.until };
      if (await inTransaction(db, (trx) => notifyOnce(trx, once, { companies: [row.owner] }, notice)))
        told += 1;
    }
    return {
      key: 'server.jobs.messages.protectionEndingNotices',
      params: { today, days, ending: rows.length, told },
    };
  },
};
