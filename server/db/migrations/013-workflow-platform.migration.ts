import { type Kysely, sql } from 'kysely';

/**
 * Workflows as declared modules (docs/workflows.md):
 * - every event carries the version of its schema, so an older payload is upcast when read;
 * - the event table refuses UPDATE, DELETE and TRUNCATE in the database itself, not only in code;
 * - the stream projection names the person a stream awaits, beside the role, for the to-do inbox;
 * - chains are configuration: a step names a role (and, optionally, one person of it), the generic
 *   application gets a process type, and databases configured before get the default chains as rows
 *   (a fresh database gets them from the seed), because an unconfigured chain is now refused.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table workflow_event add column schema_version smallint not null default 1`.execute(db);
  await sql`create or replace function workflow_event_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'workflow_event is append-only: % refused', tg_op using errcode = '42501';
    end $$`.execute(db);
  await sql`create trigger workflow_event_no_update before update or delete on workflow_event
    for each row execute function workflow_event_append_only()`.execute(db);
  await sql`create trigger workflow_event_no_truncate before truncate on workflow_event
    for each statement execute function workflow_event_append_only()`.execute(db);

  // A stream awaits a decision exactly when it names the role it awaits: no flag of its own.
  await sql`alter table workflow_stream add column pending_person text`.execute(db);
  await sql`create index workflow_stream_waiting_idx on workflow_stream (subject_resource, pending_role, pending_person)
    where pending_role is not null`.execute(db);

  await sql`insert into dictionary_entry (code, module, keyword, content_zh, content_en, enabled, sort)
    select 'CustomerProcessType', 'Customer', '181', '通用申请审批', 'General application', true, max(sort) + 1
    from dictionary_entry where code = 'CustomerProcessType' having count(*) > 0
    on conflict (code, keyword) do nothing`.execute(db);
  await sql`insert into dictionary_entry (code, module, keyword, content_zh, content_en, enabled, sort)
    select 'RoleCode', 'System', code, name_zh, name_en, true, row_number() over (order by code)
    from role on conflict (code, keyword) do nothing`.execute(db);

  // The default chains as they stood in code until now, for every process type without a row.
  const defaults: [string, string[]][] = [
    ['101', ['JS010', 'JS018', 'JS014']],
    ['111', ['JS010', 'JS018', 'JS014']],
    ['121', ['JS010', 'JS018']],
    ['131', ['JS010', 'JS018']],
    ['141', ['JS011', 'JS018']],
    ['151', ['JS018']],
    ['161', ['JS018', 'JS017']],
    ['171', ['JS018']],
    ['181', ['JS013', 'JS014']],
  ];
  const seeded = await sql<{ n: number }>`select count(*)::int as n from employee`.execute(db);
  if (!seeded.rows[0]?.n) return;
  for (const [type, roles] of defaults) {
    const [firstRole, secondRole, thirdRole, fourthRole] = roles;
    const data = { ExtProcessType_SDK: type, Enabled: true, firstRole, secondRole, thirdRole, fourthRole };
    await sql`insert into record (resource, data, created_by_name, updated_by_name)
      select 'customerProcessConfig', ${JSON.stringify(data)}::jsonb, '系统', '系统'
      where not exists (select 1 from record where resource = 'customerProcessConfig'
        and data->>'ExtProcessType_SDK' = ${type} and (data->>'Enabled')::boolean is true
        and coalesce(data->>'ProvinceName', '') = '')`.execute(db);
  }
}
