import { type Kysely, sql } from 'kysely';

// AnnouncementStatus as it stood when this ran: approved, not yet published (formerly shown as in approval).
const APPROVED = '171';

/**
 * A rebate policy's state and dates are its workflow's: an approved policy reads approved instead of
 * in approval, and a policy published before the publication day was written gets the business day
 * (Asia/Shanghai) of its publish event.
 */
export async function up(db: Kysely<unknown>) {
  await sql`update record r set data = r.data || jsonb_build_object('AnnouncementStatus', ${APPROVED}::text)
    from workflow_stream s
    where s.workflow = 'rebatePolicy' and s.subject_id = r.object_id and s.status = 'approved'
      and r.resource = 'rebateAnnouncement'`.execute(db);
  await sql`update record r set data = r.data || jsonb_build_object('PublishedOn', p.day)
    from (select s.subject_id, to_char(max(e.at) at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day
          from workflow_stream s join workflow_event e on e.stream_id = s.stream_id
          where s.workflow = 'rebatePolicy' and e.type = 'policy.publish'
          group by s.subject_id) p
    where p.subject_id = r.object_id and r.resource = 'rebateAnnouncement'
      and coalesce(r.data->>'PublishedOn', '') = ''`.execute(db);
}
