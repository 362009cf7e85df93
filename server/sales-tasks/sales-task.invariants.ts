import { type RawBuilder, sql } from 'kysely';
import { TaskConfirmStatus, TaskPackageStatus } from '../../domain/codes/sales-tasks.codes';
import { CONFIRM_STATUS } from '../../machines/workflows/rsp-task-confirmation.workflow';
import type { Invariant } from '../books/invariant';
import { indicatorOfTaskTypeSql, standingTarget } from './task-package';

/** A jsonb text as money, null when it is not a number (so a broken figure shows as a disagreement). */
const money = (expr: string) =>
  sql.raw(`(case when ${expr} ~ '^-?\\d+(\\.\\d+)?$' then (${expr})::numeric end)`);

/** Sum of jsonb money fields of one row; null when any of them is not a number. */
const total = (alias: string, fields: string[]) =>
  sql.join(
    fields.map((f) => money(`${alias}.data->>'${f}'`)),
    sql` + `,
  );

const QUARTERS = ['Q1Task', 'Q2Task', 'Q3Task', 'Q4Task'];
const monthsOf = (quarter: number) =>
  [1, 2, 3].map((m) => `Month${String((quarter - 1) * 3 + m).padStart(2, '0')}Task`);

/** What a person knows a target or line by: province, year, brand line and indicator in words. */
const keyWords = (
  alias: string,
  indicator: RawBuilder<unknown> = sql.raw(`${alias}.data->>'IndicatorType'`),
) =>
  sql`concat_ws(' ', ${sql.raw(`${alias}.data->>'ProvinceName'`)}, ${sql.raw(`${alias}.data->>'Year'`)},
    (select d.content_zh from dictionary_entry d where d.code = 'Brand' and d.keyword = ${sql.raw(`${alias}.data->>'Brand'`)}),
    (select d.content_zh from dictionary_entry d where d.code = 'TaskIndicatorType' and d.keyword = ${indicator}))`;

/** The same target: year, province, brand line and indicator. */
const sameKey = (line: string, target: string) =>
  sql.raw(`${line}.data->>'Year' = ${target}.data->>'Year'
    and ${line}.data->>'ProvinceName' = ${target}.data->>'ProvinceName'
    and ${line}.data->>'Brand' = ${target}.data->>'Brand'
    and ${line}.data->>'IndicatorType' = ${target}.data->>'IndicatorType'`);

/** An RSP's answer that stands for a figure: confirmed, confirmed by silence, or ruled on. */
const ANSWERED = [TaskConfirmStatus.confirmed, TaskConfirmStatus.decided, TaskConfirmStatus.autoConfirmed];

/** A confirmation round's number: the digits its stream id ends with. */
const roundOf = (alias: string) => sql.raw(`coalesce(substring(${alias}.stream_id from '-(\\d+)$')::int, 0)`);

/** Where a round stands, in the words of the line's ConfirmStatus (withdrawn: none). */
const roundWords = (alias: string) =>
  sql`(select d.content_zh from dictionary_entry d where d.code = 'TaskConfirmStatus' and d.keyword =
    case ${sql.raw(`${alias}.status`)} ${sql.join(
      Object.entries(CONFIRM_STATUS).map(
        ([state, code]) => sql`when ${sql.lit(state)} then ${sql.lit(code)}`,
      ),
      sql` `,
    )} end)`;

/**
 * Whether a target was ever sent to its RSPs (its package's stream reached `confirming`), and whether it
 * has a package at all: a round that names no target (sent before rounds named theirs) can only be of a
 * target that was sent out at some time.
 */
const everSentOut = (target: string) =>
  sql.raw(`exists (select 1 from workflow_stream ts join workflow_event e on e.stream_id = ts.stream_id
    where ts.workflow = 'salesTask' and ts.subject_id = ${target}.object_id and e.payload->>'reached' = 'confirming')`);
const hasPackage = (target: string) =>
  sql.raw(
    `exists (select 1 from workflow_stream ts where ts.workflow = 'salesTask' and ts.subject_id = ${target}.object_id)`,
  );

/** The figures of a sales target that its parts, its lines and its RSPs' answers decide (docs/sales-tasks.md). */
export const salesTaskInvariants = {
  targetQuartersAddUp: {
    page: 'salesTask.provinceTaskDistribution',
    query: sql`select p.object_id, ${keyWords('p')} as label, p.data->>'AnnualTask' as annual,
        (${total('p', QUARTERS)})::text as quarters
      from record p where p.resource = 'provinceTask' and p.data->>'AnnualTask' is not null
        and ${standingTarget('p')}
        and ${money("p.data->>'AnnualTask'")} is distinct from ${total('p', QUARTERS)}`,
  },
  taskSplitAddsUp: {
    // The year is split into quarters; each quarter, when its months are entered, into its months.
    query: sql.join(
      [
        sql`select t.object_id, t.data->>'TaskNo' as label, t.data->>'Year' as period,
            t.data->>'AnnualTask' as amount, (${total('t', QUARTERS)})::text as parts
          from record t where t.resource = 'salesTask' and t.data->>'AnnualTask' is not null
            and ${money("t.data->>'AnnualTask'")} is distinct from ${total('t', QUARTERS)}`,
        ...QUARTERS.map(
          (
            quarter,
            i,
          ) => sql`select t.object_id, t.data->>'TaskNo', ${sql.lit(`Q${i + 1}`)}, ${sql.raw(`t.data->>'${quarter}'`)},
              (${total('t', monthsOf(i + 1))})::text
            from record t where t.resource = 'salesTask' and ${sql.raw(`t.data->>'${monthsOf(i + 1)[0]}'`)} is not null
              and ${money(`t.data->>'${quarter}'`)} is distinct from ${total('t', monthsOf(i + 1))}`,
        ),
      ],
      sql` union all `,
    ),
  },
  lineQuartersAddUp: {
    query: sql`select l.object_id, concat_ws(' ', l.data->>'AgentName', ${keyWords('l')}) as label,
        l.data->>'LoadBearingAmount' as annual, (${total('l', QUARTERS)})::text as quarters
      from record l where l.resource = 'rspTaskAllocation' and l.data->>'LoadBearingAmount' is not null
        and ${money("l.data->>'LoadBearingAmount'")} is distinct from ${total('l', QUARTERS)}
      union all
      select c.object_id, concat_ws(' ', c.data->>'cityManagerName', c.data->>'CityName', c.data->>'Year'),
        c.data->>'AnnualTask', (${total('c', QUARTERS)})::text
      from record c where c.resource = 'cityManagerTask' and c.data->>'AnnualTask' is not null
        and ${money("c.data->>'AnnualTask'")} is distinct from ${total('c', QUARTERS)}`,
  },
  oneTargetPerKey: {
    page: 'salesTask.provinceTaskDistribution',
    query: sql`select p.object_id, ${keyWords('p')} as label, n.count
      from record p cross join lateral (select count(*)::int as count from record o
        where o.resource = 'provinceTask' and ${sameKey('o', 'p')} and ${standingTarget('o')}) n
      where p.resource = 'provinceTask' and ${standingTarget('p')} and n.count > 1`,
  },
  lineBelongsToTarget: {
    query: sql`select l.object_id, concat_ws(' ', l.data->>'AgentName', ${keyWords('l')}) as label,
        t.count as targets, s.count as lines
      from record l
      cross join lateral (select count(*)::int as count from record p
        where p.resource = 'provinceTask' and ${sameKey('l', 'p')} and ${standingTarget('p')}) t
      cross join lateral (select count(*)::int as count from record o
        where o.resource = 'rspTaskAllocation' and ${sameKey('o', 'l')}
          and o.data->>'AgentName' = l.data->>'AgentName') s
      where l.resource = 'rspTaskAllocation' and (t.count <> 1 or s.count > 1)`,
  },
  confirmationStandsForItsFigure: {
    query: sql`select l.object_id, concat_ws(' ', l.data->>'AgentName', ${keyWords('l')}) as label,
        l.data->>'ConfirmedAmount' as confirmed, l.data->>'LoadBearingAmount' as amount
      from record l where l.resource = 'rspTaskAllocation'
        and l.data->>'ConfirmStatus' in (${sql.join(ANSWERED.map((code) => sql.lit(code)))})
        and ${money("l.data->>'LoadBearingAmount'")} is distinct from ${money("l.data->>'ConfirmedAmount'")}`,
  },
  confirmationIsOfItsTarget: {
    // A line's rounds, newest first; the line's standing target and whether its package is out.
    query: sql`with rounds as (
        select s.subject_id, s.status, s.state->>'status' = 'active' as open, ${roundOf('s')} as round,
          s.state->'context'->>'target' as target,
          row_number() over (partition by s.subject_id order by ${roundOf('s')} desc, s.updated_at desc) as rank
        from workflow_stream s where s.workflow = 'rspTaskConfirmation'
      )
      select l.object_id, concat_ws(' ', l.data->>'AgentName', ${keyWords('l')}) as label, r.round,
        ${roundWords('r')} as status
      from rounds r
      join record l on l.object_id = r.subject_id and l.resource = 'rspTaskAllocation'
      left join lateral (select p.object_id, p.data->>'TaskPackageStatus' as package from record p
        where p.resource = 'provinceTask' and ${sameKey('l', 'p')} and ${standingTarget('p')}
        order by p.created_at limit 1) p on true
      where (r.open and r.rank > 1)
        or (r.rank = 1 and r.open and p.package is distinct from ${TaskPackageStatus.awaitingAgents})
        or (r.rank = 1 and r.status in (${sql.join(Object.keys(CONFIRM_STATUS).map((state) => sql.lit(state)))})
          and (r.target is distinct from p.object_id::text
            and (r.target is not null or (${hasPackage('p')} and not ${everSentOut('p')}))))`,
  },
  targetOutAsksEveryLine: {
    // A target out with the RSPs waits for each of its lines' RSPs: a line no round asks about (none,
    // or only withdrawn ones) would never be answered, and a target with no line waits for nobody.
    page: 'salesTask.provinceTaskDistribution',
    query: sql`select p.object_id, ${keyWords('p')} as label, s.lines, coalesce(s.unasked, '—') as unasked
      from record p cross join lateral (
        select count(*)::int as lines, string_agg(l.data->>'AgentName', ', ' order by l.data->>'AgentName')
          filter (where r.status is null or r.status = 'withdrawn') as unasked
        from record l left join lateral (select s.status from workflow_stream s
          where s.workflow = 'rspTaskConfirmation' and s.subject_id = l.object_id
          order by ${roundOf('s')} desc, s.updated_at desc limit 1) r on true
        where l.resource = 'rspTaskAllocation' and ${sameKey('l', 'p')}) s
      where p.resource = 'provinceTask' and ${standingTarget('p')}
        and p.data->>'TaskPackageStatus' = ${TaskPackageStatus.awaitingAgents}
        and (s.lines = 0 or s.unasked is not null)`,
  },
  loadBearingIsLinesOverTarget: {
    page: 'salesTask.provinceTaskDistribution',
    query: sql`select p.object_id, ${keyWords('p')} as label, p.data->>'RspAllocated' as allocated,
        s.lines::text as lines, p.data->>'LoadBearingRate' as rate,
        round(s.lines * 100 / nullif(${money("p.data->>'AnnualTask'")}, 0), 2)::text as expected
      from record p cross join lateral (select coalesce(sum(${money("l.data->>'LoadBearingAmount'")}), 0) as lines
        from record l where l.resource = 'rspTaskAllocation' and ${sameKey('l', 'p')}) s
      where p.resource = 'provinceTask' and ${standingTarget('p')}
        and (${money("p.data->>'RspAllocated'")} is distinct from s.lines
          or ${money("p.data->>'LoadBearingRate'")}
            is distinct from round(s.lines * 100 / nullif(${money("p.data->>'AnnualTask'")}, 0), 2))`,
  },
  allocatedIsLinesOfKey: {
    // The lines summed once per key, then joined to the tasks (docs/books.md: no sum run row by row).
    query: sql`with lines as (
        select l.data->>'Year' as year, l.data->>'ProvinceName' as province, l.data->>'Brand' as brand,
          l.data->>'IndicatorType' as indicator, sum(${money("l.data->>'LoadBearingAmount'")}) as amount
        from record l where l.resource = 'rspTaskAllocation' group by 1, 2, 3, 4
      ), expected as (
        select m.object_id, m.data, coalesce(s.amount, 0) as lines,
          greatest(coalesce(${money("m.data->>'AnnualTask'")}, 0) - coalesce(s.amount, 0), 0) as unallocated
        from record m left join lines s on s.year = m.data->>'Year' and s.province = m.data->>'ProvinceName'
          and s.brand = m.data->>'Brand' and s.indicator = m.data->>'IndicatorType'
        where m.resource = 'salesTask'
      )
      select e.object_id, e.data->>'TaskNo' as label, e.data->>'AllocatedAmount' as allocated,
        e.lines::numeric(18, 2)::text as lines, e.data->>'UnallocatedAmount' as unallocated,
        e.unallocated::numeric(18, 2)::text as expected
      from expected e
      where ${money("e.data->>'AllocatedAmount'")} is distinct from e.lines
        or ${money("e.data->>'UnallocatedAmount'")} is distinct from e.unallocated`,
  },
  cityManagerAllocatedIsTasks: {
    page: 'salesTask.provinceTaskDistribution',
    query: sql`with tasks as (
        select c.data->>'Year' as year, c.data->>'ProvinceName' as province, c.data->>'Brand' as brand,
          ${indicatorOfTaskTypeSql(sql`c.data->>'TaskType'`)} as indicator,
          sum(${money("c.data->>'AnnualTask'")}) as amount
        from record c where c.resource = 'cityManagerTask' group by 1, 2, 3, 4
      )
      select p.object_id, ${keyWords('p')} as label, p.data->>'CityManagerAllocated' as allocated,
        coalesce(s.amount, 0)::numeric(18, 2)::text as tasks
      from record p left join tasks s on s.year = p.data->>'Year' and s.province = p.data->>'ProvinceName'
        and s.brand = p.data->>'Brand' and s.indicator = p.data->>'IndicatorType'
      where p.resource = 'provinceTask' and ${standingTarget('p')}
        and ${money("p.data->>'CityManagerAllocated'")} is distinct from coalesce(s.amount, 0)`,
  },
} satisfies Record<string, Invariant>;
