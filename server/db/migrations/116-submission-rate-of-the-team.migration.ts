import { type Kysely, sql } from 'kysely';

/** The submission rate of migration 033, counting the reports of `members` only. */
function rateView(members: string) {
  return sql.raw(`create or replace view daily_report_rate as
    with days as (
      select d::date as day from generate_series(current_date - 30, current_date - 1, interval '1 day') d
      where extract(isodow from d) < 6
    ), teams as (
      select province_code, count(*)::int as members from employee
      where enabled and role_code in ('JS010', 'JS012') and province_code is not null
      group by province_code
    ), reports as (
      select r.object_id, r.province_code, r.report_date, r.submitted_on, r.late_submission
      from daily_report r ${members}
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
      left join reports r on r.province_code = t.province_code and r.report_date = d.day
    group by t.province_code, p.name_zh, t.members, d.day`);
}

/**
 * A team's submission rate (docs/activity.md) is its members' reports over the team's size: the team
 * is the province's enabled city and channel managers, so only their reports count. Until now every
 * report of the province counted — a province manager's own daily report made the rate 125 % of a team
 * of four and its missing count −1 — while the team's size counted the members alone.
 */
export async function up(db: Kysely<unknown>) {
  await rateView(`join employee e on e.object_id = r.reporter_id and e.enabled
    and e.role_code in ('JS010', 'JS012') and e.province_code = r.province_code`).execute(db);
}

export async function down(db: Kysely<unknown>) {
  await rateView('').execute(db);
}
