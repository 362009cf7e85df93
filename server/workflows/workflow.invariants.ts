import { sql } from 'kysely';
import { REACHED } from '../../machines/workflows/recorded-outcome';
import type { Invariant } from '../books/invariant';
import { STARTED } from './replay';

/** Each stream's events: how many, and the last one. */
const eventCounts = sql`(select stream_id, count(*)::int as events, max(seq) as last_seq
  from workflow_event group by stream_id)`;

/**
 * A stream's row (`workflow_stream`: the state lists filter on, how far it has gone) is a projection of
 * its events and must say what they say. Checked in SQL over the event log, so it stays quick at a
 * million streams; `npm run verify-events` replays each stream through today's machine as well.
 */
export const workflowInvariants = {
  // As many steps as events, and no events without a row (nor a row without events).
  stepsFollowEvents: {
    query: sql`select coalesce(s.stream_id, e.stream_id) as object_id,
        coalesce(s.stream_id, e.stream_id) as label,
        coalesce(s.version, 0) as steps, coalesce(e.events, 0) as events
      from workflow_stream s full join ${eventCounts} e on e.stream_id = s.stream_id
      where s.stream_id is null or e.stream_id is null or s.version <> e.events`,
  },
  // Every appended event records the state its decision reached: the row must be in that state.
  stateIsLastReached: {
    query: sql`select s.stream_id as object_id, s.stream_id as label, e.last_seq as step
      from workflow_stream s
      join ${eventCounts} e on e.stream_id = s.stream_id
      join workflow_event l on l.stream_id = e.stream_id and l.seq = e.last_seq
      where l.type <> ${STARTED} and l.payload ? ${REACHED} and not (
        case jsonb_typeof(l.payload -> ${REACHED})
          when 'string' then l.payload ->> ${REACHED} = s.status
          else l.payload -> ${REACHED} ? s.status end)`,
  },
} satisfies Record<string, Invariant>;
