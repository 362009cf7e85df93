import { type Kysely, sql } from 'kysely';

const base = (t: string) =>
  sql.raw(`${t}.version, ${t}.created_at, ${t}.created_by_name, ${t}.updated_at, ${t}.updated_by_name,
    ${t}.company_id, ${t}.province_code, ${t}.city_code, '{}'::jsonb as data`);
const num = (expr: string) =>
  sql.raw(`(case when ${expr} ~ '^-?\\d+(\\.\\d+)?$' then (${expr})::numeric else 0 end)`);
const year = (t: string) =>
  sql.raw(`(case when ${t}.data->>'Year' ~ '^\\d{4}$' then (${t}.data->>'Year')::int end)`);
/** A figure the calculation froze (yuan or percent text), else the live one. */
const frozen = (field: string, live: string, type: string) =>
  sql.raw(`coalesce(case when w.figures->>'${field}' ~ '^-?\\d+(\\.\\d+)?$'
    then (w.figures->>'${field}')::${type} end, ${live})`);

/**
 * A city manager's STI of a quarter moves through its workflow (machines/workflows/city-manager-sti.workflow.ts),
 * one stream per STI_1/STI_2 row: the row's status is its stream's state — 计算中 while the quarter
 * runs, 待核算 once it is over and not calculated, then 待确认 / 已确认 / 已入账 / 已退回 — and once
 * calculated its figures are the ones the calculation froze, so a posted STI no longer moves with
 * later orders. The STI_2 city report reads the same status.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create or replace view sti_task as
    select md5(t.object_id::text || ':' || q.n)::uuid as object_id, ${base('t')},
      t.data->>'cityManagerName' as city_manager_name, t.data->>'cityManagerCode' as city_manager_code,
      t.data->>'ProvinceName' as province_name, t.data->>'CityName' as city_name, t.data->>'Year' as year,
      'Q' || q.n as quarter, case when t.data->>'TaskType' = '111' then '1' else '2' end as sti_kind,
      ${frozen('TaskAmount', '(f.task_fen / 100.0)', 'numeric')}::numeric(18, 2) as task_amount,
      ${frozen('AchievedAmount', '(f.done_fen / 100.0)', 'numeric')}::numeric(18, 2) as achieved_amount,
      ${frozen('AchievementRate', '(s.bp / 100.0)', 'numeric')} as achievement_rate,
      coalesce(w.figures->>'StiLevel', case when s.bp < 8000 then '101' when s.bp <= 10000 then '111'
        when s.share < 15000 then '121' else '131' end) as sti_level,
      ${frozen('StiBase', '(s.base_fen / 100.0)', 'numeric')}::numeric(18, 2) as sti_base,
      ${frozen('StiAmount', '((s.base_fen * s.share / 10000) / 100.0)', 'numeric')}::numeric(18, 2) as sti_amount,
      case w.status when 'calculated' then '111' when 'reviewed' then '121' when 'posted' then '131'
        when 'returned' then '141' when 'due' then '151'
        else case when make_date(coalesce(${year('t')}, 1), q.n * 3, 1) + interval '1 month'
            <= (now() at time zone 'Asia/Shanghai')::date
          then '151' else '101' end
      end as sti_status,
      t.object_id::text as task_id, w.calculated_by, w.return_reason
    from record t cross join (values (1), (2), (3), (4)) q(n)
    cross join lateral (select
      round(${num("t.data->>('Q' || q.n || 'Task')")} * 100)::bigint as task_fen,
      round(city_manager_achieved(t.data->>'cityManagerName', t.data->>'ProvinceName', t.data->>'CityName',
        t.data->>'Brand', (${num("t.data->>'TaskType'")} - 10)::int::text, ${year('t')}, q.n * 3 - 2, q.n * 3)
        * 100)::bigint as done_fen) f
    cross join lateral (select b.bp, f.task_fen * 100 / 10000 as base_fen,
      case when b.bp < 8000 then 0 when b.bp <= 10000 then 5000 + (b.bp - 8000) * 5 / 2
        else least(10000 + (b.bp - 10000) * 3 / 2, 15000) end as share
      from (select case when f.task_fen > 0 and f.done_fen > 0 then f.done_fen * 10000 / f.task_fen else 0 end
        as bp) b) s
    left join lateral (select ws.status, ws.state->'context'->'figures' as figures,
        ws.state->'context'->'calculatedBy'->>'name' as calculated_by,
        case when ws.status = 'returned' then ws.state->'context'->>'reason' end as return_reason
      from workflow_stream ws
      where ws.stream_id = 'cityManagerStiReview-' || md5(t.object_id::text || ':' || q.n)::uuid::text) w on true
    where t.resource = 'cityManagerTask'`.execute(db);

  await sql`create or replace view sti2_report as
    select r.object_id, r.version, r.created_at, r.created_by_name, r.updated_at, r.updated_by_name,
      r.company_id, r.province_code, r.city_code, '{}'::jsonb as data, r.report_kind, r.agent_name,
      r.agent_code, r.province_name, r.city_name, r.city_manager_name, r.city_manager_code, r.year, r.quarter,
      (r.task_fen / 100.0)::numeric(18, 2) as target_amount, (r.done_fen / 100.0)::numeric(18, 2) as achieved_amount,
      (s.bp / 100.0) as achievement_rate,
      case when s.bp < 8000 then '101' when s.bp <= 10000 then '111' when s.share < 15000 then '121'
        else '131' end as sti_level,
      (s.base_fen / 100.0)::numeric(18, 2) as sti_base,
      ((s.base_fen * s.share / 10000) / 100.0)::numeric(18, 2) as sti_amount,
      coalesce(r.sti_status, case when r.year ~ '^[0-9]{4}$'
        and make_date(r.year::int, r.quarter::int * 3, 1) + interval '1 month' <= current_date
        then '111' else '101' end) as sti_status
    from (
      select md5(a.object_id::text || ':sti2:' || q.n)::uuid as object_id, a.version, a.created_at,
        a.created_by_name, a.updated_at, a.updated_by_name, a.company_id, a.province_code, a.city_code,
        'agent'::text as report_kind, a.data->>'AgentName' as agent_name, c.account_id as agent_code,
        a.data->>'ProvinceName' as province_name, null::text as city_name, null::text as city_manager_name,
        null::text as city_manager_code, a.data->>'Year' as year, q.n::text as quarter,
        f.task_fen, f.done_fen, null::text as sti_status
      from record a left join customer c on c.object_id = a.company_id
      cross join (values (1, 20), (2, 25), (3, 25), (4, 30)) q(n, weight)
      cross join lateral (select
        round((case when a.data->>'LoadBearingAmount' ~ '^[0-9]{1,15}([.][0-9]{1,2})?$'
          then (a.data->>'LoadBearingAmount')::numeric else 0 end) * q.weight)::bigint as task_fen,
        round(sales_task_achieved(a.company_id, a.data->>'AgentName', a.data->>'Brand', a.data->>'IndicatorType',
          case when a.data->>'Year' ~ '^[0-9]{4}$' then (a.data->>'Year')::int end, q.n * 3 - 2, q.n * 3)
          * 100)::bigint as done_fen) f
      where a.resource = 'rspTaskAllocation'
      union all
      select t.object_id, t.version, t.created_at, t.created_by_name, t.updated_at, t.updated_by_name,
        t.company_id, t.province_code, t.city_code, 'city', null, null, t.province_name, t.city_name,
        t.city_manager_name, t.city_manager_code, t.year, substr(t.quarter, 2),
        round(t.task_amount * 100)::bigint, round(t.achieved_amount * 100)::bigint, t.sti_status
      from sti_task t where t.sti_kind = '2'
    ) r
    cross join lateral (select b.bp, r.task_fen / 100 as base_fen,
      case when b.bp < 8000 then 0 when b.bp <= 10000 then 5000 + (b.bp - 8000) * 5 / 2
        else least(10000 + (b.bp - 10000) * 3 / 2, 15000) end as share
      from (select case when r.task_fen > 0 and r.done_fen > 0 then r.done_fen * 10000 / r.task_fen else 0 end
        as bp) b) s`.execute(db);

  // The STI_1/STI_2 detail page, where a row's STI is calculated, reviewed and posted, beside its lists.
  await sql`insert into role_menu (role_code, menu_id, path)
    select distinct role_code, 'salesTask.cityManagerStiDetail', 'salesTask.cityManagerStiDetail'
    from role_menu where path in ('salesTask.cityManagerSti1', 'salesTask.cityManagerSti2')
    on conflict (role_code, menu_id) do nothing`.execute(db);
}
