import { sql } from 'kysely';
import { businessTimeZone } from '../../domain/business-clock';
import { StiStatus } from '../../domain/codes/sales-tasks.codes';
import type { Invariant } from '../books/invariant';
import { standingTarget } from './task-package';

/** A jsonb money text as numeric, null when it is not a number (so a broken figure disagrees). */
const money = (expr: string) =>
  sql.raw(`(case when ${expr} ~ '^-?\\d+(\\.\\d+)?$' then (${expr})::numeric end)`);

const POSTED = sql.lit(StiStatus.posted);

/**
 * An RSP's STI against the ledger and the plan (docs/sales-tasks.md "The books"): a posted STI that
 * earned something is on its RSP's rebate account exactly once, for its amount, and nothing else is
 * (no STI flow without a posted STI); and an STI is posted only for a quarter that began after the
 * target's approval in force when it was (last) calculated — its opening or a recalculation — read
 * from the workflows' own events.
 */
export const stiInvariants = {
  stiPostedOnce: {
    page: 'salesTask.rspStiDetail',
    query: sql`select s.object_id, concat_ws(' ', s.data->>'StiNo', s.data->>'AgentName') as label,
        coalesce(s.data->>'StiAmount', '') as amount, f.count, f.total
      from record s cross join lateral (select count(*)::int as count,
          coalesce(sum(r.amount), 0)::numeric(18, 2)::text as total
        from rebate_flow r where r.source_doc_type = 'sti' and r.source_doc_no = s.data->>'StiNo') f
      where s.resource = 'rspSti' and case
        when s.data->>'StiStatus' = ${POSTED} and ${money("s.data->>'StiAmount'")} > 0
          then f.count <> 1 or f.total::numeric is distinct from ${money("s.data->>'StiAmount'")}
        else f.count <> 0 end
      union all
      select r.object_id, r.source_doc_no, '', 1, r.amount::numeric(18, 2)::text
      from rebate_flow r where r.source_doc_type = 'sti' and not exists (select 1 from record s
        where s.resource = 'rspSti' and s.data->>'StiNo' = r.source_doc_no)`,
  },
  stiOnlyForTargetsSetBefore: {
    page: 'salesTask.rspStiDetail',
    query: sql`select s.object_id, concat_ws(' ', s.data->>'StiNo', s.data->>'AgentName') as label,
        to_char(q.start, 'YYYY-MM-DD') as start,
        coalesce(to_char(a.approved at time zone ${businessTimeZone()}, 'YYYY-MM-DD HH24:MI'), '—') as approved
      from record s
      join record l on l.resource = 'rspTaskAllocation' and l.object_id::text = s.data->>'LineID'
      cross join lateral (select make_date((s.data->>'Year')::int,
          substr(s.data->>'Quarter', 2)::int * 3 - 2, 1) as start) q
      left join lateral (select p.object_id from record p where p.resource = 'provinceTask'
          and p.data->>'Year' = l.data->>'Year' and p.data->>'ProvinceName' = l.data->>'ProvinceName'
          and p.data->>'Brand' = l.data->>'Brand' and p.data->>'IndicatorType' = l.data->>'IndicatorType'
          and ${standingTarget('p')}
        order by p.created_at limit 1) p on true
      cross join lateral (select max(c.at) as calculated from workflow_event c
        where c.stream_id = 'rspStiReview-' || s.object_id::text
          and c.type in ('workflow.started', 'sti.calculate')) c
      cross join lateral (select max(e.at) as approved from workflow_event e
        where e.stream_id = 'salesTask-' || p.object_id::text and e.type = 'approval.agree'
          and e.at <= c.calculated) a
      where s.resource = 'rspSti' and s.data->>'StiStatus' = ${POSTED}
        and s.data->>'Year' ~ '^[0-9]{4}$' and s.data->>'Quarter' ~ '^Q[1-4]$'
        and (a.approved is null
          or a.approved >= q.start::timestamp at time zone ${businessTimeZone()})`,
  },
} satisfies Record<string, Invariant>;
