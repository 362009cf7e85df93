import { type Kysely, sql } from 'kysely';

/** The registration workflow's streams, `opportunityRegistration-<opportunity id>`, as named when this ran. */
const STREAM_PREFIX = 'opportunityRegistration-';

/**
 * An opportunity's creator is the employee who registered it (docs/opportunities.md "Owner"): staff who
 * register a deal for an agent own its products by that id. The registration command of the demo seed
 * stored none, so those deals' registrants could not change their products. Each registration's stream
 * names who started it, in its first event: an opportunity without a creator is given that employee,
 * where the event names one who still exists; any other is left without one, as no truthful value is kept.
 */
export async function up(db: Kysely<unknown>) {
  await sql`update record r set created_by = e.object_id
    from workflow_event ev join employee e on e.object_id::text = ev.actor_id
    where r.resource = 'opportunity' and r.created_by is null
      and ev.stream_id = ${STREAM_PREFIX} || r.object_id::text and ev.seq = 1`.execute(db);
}
