import { type Kysely, sql } from 'kysely';

/**
 * The partner line's shipping (docs/partner-pull.md): the partner's shipping instructions are kept, one
 * row per instruction number, and its shipments become shipment rows of the partner order, found again
 * by the partner's shipment number (a unique key, so a feed read twice never ships twice). Every
 * partner feed logs its runs on the one pull log, each with its own cursor (`feed`). A row of either
 * error log opens on a record page with its retry. Synced orders name the general distributor the
 * agent buys through (总代名称), as the order pull now writes it.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table partner_pull_run add column feed text not null default 'orders'`.execute(db);
  await sql`create index partner_pull_run_feed_idx on partner_pull_run (feed, query_end desc)`.execute(db);

  await sql`create table partner_shipping_instruction (
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
    instruction_no text not null unique,
    partner_order_no text not null,
    order_id uuid not null references sales_order (object_id) on delete cascade,
    batch_no text not null,
    pull_time timestamptz not null,
    instruction_date date not null,
    raw_payload text not null
  )`.execute(db);
  await sql`create index partner_shipping_instruction_order_idx on partner_shipping_instruction (order_id)`.execute(
    db,
  );

  await sql`create unique index shipment_partner_no_uq on shipment ((data->>'PartnerShipmentNo'), order_item_id)
    where data ? 'PartnerShipmentNo'`.execute(db);
  await sql`create index partner_shipping_error_no_idx on partner_shipping_error (shipping_instruction_no)`.execute(
    db,
  );

  // A row of either error log opens on a page of its own, with its retry: whoever holds the log holds it.
  for (const [log, detail] of [
    ['baseManage.partnerShippingErrorLog', 'baseManage.partnerShippingErrorDetail'],
    ['baseManage.partnerOrderErrorLog', 'baseManage.partnerOrderErrorDetail'],
  ])
    await sql`insert into role_menu (role_code, menu_id, path)
      select m.role_code, ${detail}, ${detail} from role_menu m where m.path = ${log}
      on conflict (role_code, menu_id) do nothing`.execute(db);

  // The general distributor of the agent: the agent itself when it is one, else the one it buys through.
  await sql`update sales_order o set data = o.data || jsonb_build_object('DistributorName', d.name)
    from customer a
    cross join lateral (
      select case when a.customer_type = '101' then a.name
        else coalesce(
          (select g.name from customer g where g.customer_type = '101'
             and g.data->>'ExtTotalAgent_SDK' = a.data->>'ExtTotalAgent_SDK' order by g.created_at limit 1),
          (select e.content_zh from dictionary_entry e where e.code = 'TotalAgent'
             and e.keyword = a.data->>'ExtTotalAgent_SDK'))
        end as name) d
    where o.order_channel = '111' and a.object_id = o.company_id and d.name is not null
      and o.data->>'DistributorName' is null`.execute(db);
}
