import { sql } from 'kysely';
import type { JobHandler } from '../jobs/job-handlers';

/**
 * The control-date list's Locked flag follows its date (notes/domain.md §7.3): once the control date has
 * passed the period is locked. Imports and edits read the date itself, so they never wait for this run;
 * the flag is what the list shows and filters by.
 */
export const controlDateLock: JobHandler = {
  descriptionKey: 'server.jobs.handlers.controlDateLock',
  schedule: { code: 'reportControlDateLock', cron: '*/10 * * * *', timeoutSeconds: 60 },
  async run(db, { now }) {
    const at = now.toISOString();
    await sql`update record set data = data || jsonb_build_object('Locked',
        (data->>'ControlDate')::timestamptz <= ${at}::timestamptz), updated_at = now()
      where resource = 'reportControlDate' and data->>'ControlDate' is not null
        and (data->>'Locked')::boolean is distinct from ((data->>'ControlDate')::timestamptz <= ${at}::timestamptz)`.execute(
      db,
    );
    const counts = await sql<{ locked: number; opened: number }>`select
        count(*) filter (where (data->>'ControlDate')::timestamptz <= ${at}::timestamptz)::int as locked,
        count(*) filter (where (data->>'ControlDate')::timestamptz > ${at}::timestamptz)::int as opened
      from record where resource = 'reportControlDate' and data->>'ControlDate' is not null`.execute(db);
    return { key: 'server.jobs.messages.controlDateLock', params: { ...counts.rows[0] } };
  },
};
