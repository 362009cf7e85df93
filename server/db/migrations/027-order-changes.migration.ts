import { type Kysely, sql } from 'kysely';

/**
 * Order changes (DOMAIN.md Orders, notes §4.6): a change (BG number) of one order, with the lines it
 * proposes and the amounts before and after. Its status is the projection of its workflow; a partial
 * unique index keeps an order to one open change (draft, to confirm, to approve) whatever the code
 * above it does. An applied change gives the order its next revision: the order keeps its identity,
 * the old revision is kept as a read-only copy whose approval status reads "superseded".
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table order_change (
    object_id uuid primary key default gen_random_uuid(),
    version integer not null default 1,
    created_at timestamptz not null default now(),
    created_by uuid,
    created_by_name text,
    updated_at timestamptz not null default now(),
    updated_by_name text,
    company_id uuid,
    province_code text,
    city_code text,
    data jsonb not null default '{}'::jsonb,
    change_no text not null,
    order_id uuid not null references sales_order (object_id),
    order_no text not null,
    revision_no text,
    agent_name text,
    change_type text not null,
    change_status text not null default '101',
    amount_before numeric(18, 2) not null,
    amount_after numeric(18, 2) not null,
    amount_difference numeric(18, 2) not null,
    lines jsonb not null default '[]'::jsonb
  )`.execute(db);
  await sql`create unique index order_change_no_uq on order_change (change_no)`.execute(db);
  await sql`create unique index order_change_open_uq on order_change (order_id)
    where change_status in ('101', '111', '121')`.execute(db);
  await sql`create index order_change_created_idx on order_change (created_at desc, object_id desc)`.execute(
    db,
  );
  await sql`create index order_change_company_idx on order_change (company_id)`.execute(db);
  await sql`create index order_change_province_idx on order_change (province_code)`.execute(db);
  // The generic filler kept made-up changes in the shared table; changes now live in their own.
  await sql`delete from record where resource = 'orderChange'`.execute(db);
  // A superseded revision's approval status, for databases whose dictionaries were seeded before.
  await sql`insert into dictionary_entry (code, module, keyword, content_zh, content_en, enabled, sort)
    select 'OrderApprovalStatus', 'Order', '161', '已变更（旧版本）', 'Superseded', true, max(sort) + 1
    from dictionary_entry where code = 'OrderApprovalStatus' having count(*) > 0
    on conflict do nothing`.execute(db);
}
