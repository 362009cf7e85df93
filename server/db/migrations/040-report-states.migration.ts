import { type Kysely, sql } from 'kysely';

const baseColumns = sql.raw(`object_id uuid primary key default gen_random_uuid(),
    version integer not null default 1,
    created_at timestamptz not null default now(),
    created_by uuid,
    created_by_name text,
    updated_at timestamptz not null default now(),
    updated_by_name text,
    company_id uuid,
    province_code text,
    city_code text,
    data jsonb not null default '{}'::jsonb`);

/** The pages added with the report states, each granted to whoever holds the page beside it. */
const NEW_PAGES: [page: string, grantedWith: string][] = [
  ['report.reportStates', 'report.distributorSalesReport'],
  ['report.reportStates', 'report.rspShipmentReports'],
  ['report.reportStateDetail', 'report.distributorSalesReport'],
  ['report.reportStateDetail', 'report.rspShipmentReports'],
  ['report.lateReportRequests', 'report.distributorSalesReport'],
  ['report.lateReportRequests', 'report.rspShipmentReports'],
  ['report.lateReportRequestEdit', 'report.distributorSalesReport'],
  ['report.lateReportRequestEdit', 'report.rspShipmentReports'],
];

/**
 * The agents' reports and late-report requests (docs/imports.md "Report states"): one report per
 * agent × period × report type, its state the projection of its workflow, its lines the agent's
 * report lines of that period and type; a late-report request opens a locked period for one agent
 * until its window ends. The scheduled job that marks the reports not submitted by their control date
 * and the late-report statuses are reference data: the reference step adds them.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table agent_report (
    ${baseColumns},
    report_no text not null,
    agent_name text not null,
    province_name text,
    period text not null,
    report_type text not null,
    report_status text not null default '101',
    line_count integer not null default 0,
    total_quantity numeric(20, 0) not null default 0,
    submitted_on timestamptz,
    submitted_by_name text,
    reviewed_on timestamptz,
    reviewer_name text,
    review_opinion text,
    late_report boolean not null default false,
    late_until timestamptz
  )`.execute(db);
  // One report per agent, period and type: the import and the job meet on it, never beside it.
  await sql`create unique index agent_report_key_uq on agent_report (company_id, period, report_type)`.execute(
    db,
  );
  await sql`create unique index agent_report_no_uq on agent_report (report_no)`.execute(db);
  await sql`create index agent_report_period_idx on agent_report (period desc, object_id desc)`.execute(db);
  await sql`create index agent_report_province_idx on agent_report (province_code, period desc)`.execute(db);

  await sql`create table late_report_request (
    ${baseColumns},
    request_no text not null,
    agent_name text not null,
    province_name text,
    period text not null,
    report_type text not null,
    reason text not null,
    request_status text not null default '101',
    applicant_name text,
    window_end timestamptz,
    decider_name text,
    decision_reason text
  )`.execute(db);
  await sql`create unique index late_report_request_no_uq on late_report_request (request_no)`.execute(db);
  await sql`create index late_report_request_key_idx on late_report_request (company_id, period, report_type)`.execute(
    db,
  );
  await sql`create index late_report_request_created_idx on late_report_request (created_at desc, object_id desc)`.execute(
    db,
  );

  // Menus of a database seeded before: whoever lists an agent's report lines follows its reports.
  for (const [page, beside] of NEW_PAGES)
    await sql`insert into role_menu (role_code, menu_id, path)
      select role_code, ${page}, ${page} from role_menu where path = ${beside}
      on conflict (role_code, menu_id) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table late_report_request`.execute(db);
  await sql`drop table agent_report`.execute(db);
}
