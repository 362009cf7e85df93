import { sql } from 'kysely';
import { AnnouncementStatus } from '../../domain/codes/rebates.codes';
import { SYSTEM_ACTOR } from '../../machines/workflows/actor';
import { workflowDeclaration } from '../../machines/workflows/registry';
import type { Db } from '../db/database';
import type { JobHandler } from '../jobs/job-handlers';
import { subjectStreamId } from '../workflows/decisions';
import { dispatch } from '../workflows/engine';
import { businessDay } from './ledger.service';

/** Policies whose dates moved them: published ones whose start date came, effective ones past their end. */
async function duePolicies(db: Db, today: string) {
  const found = await sql<{ id: string; event: string; start: string | null }>`select object_id::text as id,
      data->>'StartDate' as start,
      case when data->>'AnnouncementStatus' = ${AnnouncementStatus.published}
        then 'policy.takeEffect' else 'policy.end' end as event
    from record where resource = 'rebateAnnouncement'
      and ((data->>'AnnouncementStatus' = ${AnnouncementStatus.published} and data->>'StartDate' <= ${today})
        or (data->>'AnnouncementStatus' = ${AnnouncementStatus.inEffect} and data->>'EndDate' < ${today}))
    order by data->>'StartDate', object_id`.execute(db);
  return found.rows;
}

/**
 * The policies' dates, every night (notes §5.2): a published policy takes effect on its start date and
 * an effective one ends after its end date, each by a system-signed event in its own transaction, so
 * one policy whose history cannot be read does not hold up the others.
 */
export async function movePoliciesByDate(db: Db, now: Date) {
  const today = businessDay(now);
  const declaration = workflowDeclaration('rebatePolicy');
  let effective = 0;
  let ended = 0;
  let skipped = 0;
  for (const policy of await duePolicies(db, today)) {
    try {
      await dispatch(db, {
        streamId: subjectStreamId(declaration, policy.id),
        // Its dates go with it, as with a person's command: the machine's guard reads them.
        event:
          policy.event === 'policy.takeEffect'
            ? { type: policy.event, dates: { today, startDate: policy.start ?? '' } }
            : { type: policy.event },
        actor: SYSTEM_ACTOR,
        at: now,
      });
      if (policy.event === 'policy.takeEffect') effective += 1;
      else ended += 1;
    } catch {
      skipped += 1;
    }
  }
  return { today, effective, ended, skipped };
}

export const rebatePolicyDates: JobHandler = {
  descriptionKey: 'server.jobs.handlers.rebatePolicyDates',
  schedule: { code: 'rebatePolicyDates', cron: '10 0 * * *', timeoutSeconds: 600 },
  async run(db, { now }) {
    return { key: 'rebate.policy.job.message', params: await movePoliciesByDate(db, now) };
  },
};
