import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

/** The base columns every record of the resource engine has (migration 003), so lists and scope work alike. */
function baseColumns(table: CreateTableBuilder<string, string>) {
  return table
    .addColumn('object_id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid')
    .addColumn('created_by_name', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by_name', 'text')
    .addColumn('company_id', 'uuid')
    .addColumn('province_code', 'text')
    .addColumn('city_code', 'text')
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`));
}

/** Pages added with the activity lifecycle, granted to every role that holds the list beside them. */
const NEW_PAGES: [page: string, grantedWith: string][] = [
  ['salesActivity.visitForm', 'salesActivity.visitDetails'],
  ['salesActivity.dailyReportRate', 'salesActivity.dailyWorkReport'],
];

/**
 * Sales activity (DOMAIN.md Activity, notes §9): visits and daily reports in tables of their own,
 * their states written by their workflows; the team submission rate is a view over the reports, so
 * it is always computed from them. The generic filler's made-up rows go: they had no history.
 */
export async function up(db: Kysely<unknown>) {
  await baseColumns(
    db.schema
      .createTable('visit')
      .addColumn('visit_no', 'text', (c) => c.notNull())
      .addColumn('visit_target_type', 'text')
      .addColumn('customer_name', 'text')
      .addColumn('contact_name', 'text')
      .addColumn('visit_type', 'text')
      .addColumn('visitor_id', 'uuid')
      .addColumn('visitor_name', 'text')
      .addColumn('visitor_code', 'text')
      .addColumn('planned_start', 'timestamptz')
      .addColumn('planned_end', 'timestamptz')
      .addColumn('visit_status', 'text', (c) => c.notNull().defaultTo('101'))
      .addColumn('check_in_time', 'timestamptz')
      .addColumn('check_in_distance', 'integer')
      .addColumn('location_abnormal', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('check_out_time', 'timestamptz')
      .addColumn('duration_minutes', 'integer')
      .addColumn('duration_abnormal', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('opportunity_nos', 'text'),
  ).execute();
  await sql`create unique index visit_no_uq on visit (visit_no)`.execute(db);
  await sql`create index visit_planned_idx on visit (planned_start desc, object_id desc)`.execute(db);
  await sql`create index visit_visitor_idx on visit (visitor_id, check_in_time)`.execute(db);

  await baseColumns(
    db.schema
      .createTable('daily_report')
      .addColumn('report_date', 'date', (c) => c.notNull())
      .addColumn('reporter_id', 'uuid')
      .addColumn('reporter_name', 'text')
      .addColumn('reporter_code', 'text')
      .addColumn('province_name', 'text')
      .addColumn('city_name', 'text')
      .addColumn('visit_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('new_opportunity_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('opportunity_change_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('submit_status', 'text', (c) => c.notNull().defaultTo('101'))
      .addColumn('submitted_on', 'timestamptz')
      .addColumn('late_submission', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('reviewer_name', 'text'),
  ).execute();
  // One report per person per day; the server says so by the field before this ever fires.
  await sql`create unique index daily_report_person_day_uq on daily_report (reporter_id, report_date)`.execute(
    db,
  );
  await sql`create index daily_report_date_idx on daily_report (report_date desc, object_id desc)`.execute(
    db,
  );

  // Submission rate per team (the province's city and channel managers) and working day of the last
  // 30 days before today: reports submitted (on time or late) over the team's size.
  await sql`create view daily_report_rate as
    with days as (
      select d::date as day from generate_series(current_date - 30, current_date - 1, interval '1 day') d
      where extract(isodow from d) < 6
    ), teams as (
      select province_code, count(*)::int as members from employee
      where enabled and role_code in ('JS010', 'JS012') and province_code is not null
      group by province_code
    )
    select md5(t.province_code || '/' || d.day::text)::uuid as object_id, 1 as version,
      d.day::timestamptz as created_at, null::text as created_by_name, d.day::timestamptz as updated_at,
      null::text as updated_by_name, null::uuid as company_id, t.province_code, null::text as city_code,
      '{}'::jsonb as data, d.day as report_date, coalesce(p.name_zh, t.province_code) as province_name,
      t.members as team_size,
      count(r.object_id) filter (where r.submitted_on is not null and not r.late_submission)::int as on_time_count,
      count(r.object_id) filter (where r.late_submission)::int as late_count,
      (t.members - count(r.object_id) filter (where r.submitted_on is not null))::int as missing_count,
      round(100.0 * count(r.object_id) filter (where r.submitted_on is not null) / t.members, 1)
        as submission_rate
    from teams t cross join days d
      left join region p on p.code = t.province_code
      left join daily_report r on r.province_code = t.province_code and r.report_date = d.day
    group by t.province_code, p.name_zh, t.members, d.day`.execute(db);

  // The STI_2 reports (notes §6.4), per agent and per city manager and quarter, computed from the
  // targets and what the sales task views say was achieved: an agent's quarter target is its annual
  // load bearing split 20/25/25/30 %; a city manager's is the STI_2 task's own quarter (sti_task).
  // Attainment in basis points: < 80 % nothing; 80–100 % 50 → 100 % of the base; above, 1.5 × the
  // excess, capped at 150 %. Base = 1 % of the target. Integer fen throughout.
  await sql`create view sti2_report as
    select r.object_id, r.version, r.created_at, r.created_by_name, r.updated_at, r.updated_by_name,
      r.company_id, r.province_code, r.city_code, '{}'::jsonb as data, r.report_kind, r.agent_name,
      r.agent_code, r.province_name, r.city_name, r.city_manager_name, r.city_manager_code, r.year, r.quarter,
      (r.task_fen / 100.0)::numeric(18, 2) as target_amount, (r.done_fen / 100.0)::numeric(18, 2) as achieved_amount,
      (s.bp / 100.0)::numeric(9, 2) as achievement_rate,
      case when s.bp < 8000 then '101' when s.bp <= 10000 then '111' when s.share < 15000 then '121'
        else '131' end as sti_level,
      (s.base_fen / 100.0)::numeric(18, 2) as sti_base,
      ((s.base_fen * s.share / 10000) / 100.0)::numeric(18, 2) as sti_amount,
      case when r.year ~ '^[0-9]{4}$'
        and make_date(r.year::int, r.quarter::int * 3, 1) + interval '1 month' <= current_date
        then '111' else '101' end as sti_status
    from (
      select md5(a.object_id::text || ':sti2:' || q.n)::uuid as object_id, a.version, a.created_at,
        a.created_by_name, a.updated_at, a.updated_by_name, a.company_id, a.province_code, a.city_code,
        'agent'::text as report_kind, a.data->>'AgentName' as agent_name, c.account_id as agent_code,
        a.data->>'ProvinceName' as province_name, null::text as city_name, null::text as city_manager_name,
        null::text as city_manager_code, a.data->>'Year' as year, q.n::text as quarter,
        f.task_fen, f.done_fen
      from record a left join customer c on c.object_id = a.company_id
      cross join (values (1, 20), (2, 25), (3, 25), (4, 30)) q(n, weight)
      cross join lateral (select
        round((case when a.data->>'LoadBearingAmount' ~ '^[0-9]{1,15}([.][0-9]{1,2})?$'
          then (a.data->>'LoadBearingAmount')::numeric else 0 end) * q.weight)::bigint as task_fen,
        round(sales_task_achieved(a.company_id, a.data->>'AgentName', a.data->>'IndicatorType',
          case when a.data->>'Year' ~ '^[0-9]{4}$' then (a.data->>'Year')::int end, q.n * 3 - 2, q.n * 3)
          * 100)::bigint as done_fen) f
      where a.resource = 'rspTaskAllocation'
      union all
      select t.object_id, t.version, t.created_at, t.created_by_name, t.updated_at, t.updated_by_name,
        t.company_id, t.province_code, t.city_code, 'city', null, null, t.province_name, t.city_name,
        t.city_manager_name, t.city_manager_code, t.year, substr(t.quarter, 2),
        round(t.task_amount * 100)::bigint, round(t.achieved_amount * 100)::bigint
      from sti_task t where t.sti_kind = '2'
    ) r
    cross join lateral (select b.bp, r.task_fen / 100 as base_fen,
      case when b.bp < 8000 then 0 when b.bp <= 10000 then 5000 + (b.bp - 8000) * 5 / 2
        else least(10000 + (b.bp - 10000) * 3 / 2, 15000) end as share
      from (select case when r.task_fen > 0 and r.done_fen > 0 then r.done_fen * 10000 / r.task_fen else 0 end
        as bp) b) s`.execute(db);

  await sql`delete from record where resource in ('visit', 'dailyReport', 'sti2Report')`.execute(db);
  for (const [page, grantedWith] of NEW_PAGES)
    await sql`insert into role_menu (role_code, menu_id, path)
      select role_code, ${page}, ${page} from role_menu where path = ${grantedWith}
      on conflict (role_code, menu_id) do nothing`.execute(db);
  // The activities' daily job is reference data: the reference step adds it.
}
