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

/** The agents' staff read and answer the opinions on their reports. */
const AGENT_ROLES = ['JS002', 'JS003', 'JS004'];

/**
 * Reviewers' opinions on reports and the modification log of report lines (notes/domain.md §7.3,
 * docs/reports.md). An opinion names the report (agent × period × type) and, when it is about one
 * line, that line; its status is the projection of its workflow. A modification row is one field of
 * one line changed by an edit or by a line imported again, written in the change's transaction and
 * never updated. Both carry the agent's scope. The rows the generic demo filler had invented for both
 * lists go: they only ever show what happened.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table report_opinion (
    ${baseColumns},
    opinion_no text not null,
    report_type text not null,
    report_resource text,
    line_id uuid,
    agent_name text not null,
    period text not null,
    report_no text,
    product_model text,
    opinion_type text not null,
    opinion_status text not null default '101'
  )`.execute(db);
  await sql`create unique index report_opinion_no_uq on report_opinion (opinion_no)`.execute(db);
  await sql`create index report_opinion_created_idx on report_opinion (created_at desc, object_id desc)`.execute(
    db,
  );
  await sql`create index report_opinion_company_idx on report_opinion (company_id, created_at desc)`.execute(
    db,
  );
  await sql`create index report_opinion_province_idx on report_opinion (province_code, created_at desc)`.execute(
    db,
  );
  await sql`create index report_opinion_line_idx on report_opinion (line_id) where line_id is not null`.execute(
    db,
  );

  await sql`create table report_modification (
    ${baseColumns},
    report_resource text not null,
    report_type text not null,
    line_id uuid not null,
    report_no text,
    agent_name text,
    period text,
    product_model text,
    field_name text not null,
    old_value text,
    new_value text,
    reason text,
    change_source text not null,
    file_name text,
    line_no integer,
    import_id uuid,
    modified_by_username text
  )`.execute(db);
  await sql`create index report_modification_changed_idx on report_modification (updated_at desc, object_id desc)`.execute(
    db,
  );
  await sql`create index report_modification_company_idx on report_modification (company_id, updated_at desc)`.execute(
    db,
  );
  await sql`create index report_modification_province_idx on report_modification (province_code, updated_at desc)`.execute(
    db,
  );
  await sql`create index report_modification_line_idx on report_modification (line_id)`.execute(db);
  // A re-import finds the stored lines of an agent's period: by company, then period.
  await sql`create index record_report_line_key_idx on record (resource, company_id, (data->>'Period'))
    where resource in ('salesReport', 'stockReport', 'purchaseReport', 'shipmentReport', 'rspShipmentReport')`.execute(
    db,
  );

  await sql`delete from record where resource in ('reportOpinion', 'modificationRecord')`.execute(db);
  // The reason of an edit is the change's, kept in its log: a line keeps none.
  await sql`update record set data = data - 'ModifyReason'
    where resource in ('salesReport', 'rspShipmentReport') and data ? 'ModifyReason'`.execute(db);

  // Menus of a database seeded before: whoever lists opinions raises and follows them on their pages,
  // and every agent's staff read and answer their own company's, and read its lines' changes.
  await sql`insert into role_menu (role_code, menu_id, path)
    select role_code, p.id, p.id from role_menu, (values ('report.opinionCreate'), ('report.opinionDetail')) as p(id)
    where path = 'report.opinionList' and role_code not in (${sql.join(AGENT_ROLES)})
    on conflict (role_code, menu_id) do nothing`.execute(db);
  await sql`insert into role_menu (role_code, menu_id, path)
    select r.code, p.id, p.id from role r, (values ('report.opinionList'), ('report.opinionDetail'),
      ('report.modificationRecords'), ('report.modificationRecordDetail')) as p(id)
    where r.code in (${sql.join(AGENT_ROLES)})
    on conflict (role_code, menu_id) do nothing`.execute(db);

  // The change sources, the report fields and an opinion's replied status are dictionaries: the
  // reference step adds them.
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index record_report_line_key_idx`.execute(db);
  await sql`drop table report_modification`.execute(db);
  await sql`drop table report_opinion`.execute(db);
}
