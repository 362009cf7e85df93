import { type Kysely, sql } from 'kysely';

/**
 * Deliveries (DOMAIN.md Orders, notes §4.5): a shipment (FH number) sends part or all of an effective
 * order's lines; each shipped line is a row, so the line shipment list reads one row per line and the
 * receipt of a shipment moves all of its rows together. Serial numbers have a table of their own whose
 * unique key keeps a serial from being shipped twice, whatever the code above it does.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table shipment (
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
    shipment_no text not null,
    order_id uuid not null references sales_order (object_id) on delete cascade,
    order_no text not null,
    order_channel text not null,
    agent_name text,
    order_item_id uuid not null references order_item (object_id) on delete cascade,
    line_no integer,
    product_code text,
    quantity integer not null,
    logistics_company text,
    tracking_no text,
    ship_date date not null,
    dispatched_at timestamptz not null,
    shipment_status text not null,
    signed_on timestamptz,
    auto_confirmed boolean not null default false,
    constraint shipment_quantity_positive check (quantity > 0)
  )`.execute(db);
  await sql`create unique index shipment_no_line_uq on shipment (shipment_no, order_item_id)`.execute(db);
  await sql`create index shipment_order_idx on shipment (order_id)`.execute(db);
  await sql`create index shipment_item_idx on shipment (order_item_id)`.execute(db);
  await sql`create index shipment_created_idx on shipment (created_at desc, object_id desc)`.execute(db);
  await sql`create index shipment_company_idx on shipment (company_id)`.execute(db);
  // The auto-confirm job looks for dispatched shipments still awaiting receipt.
  await sql`create index shipment_open_idx on shipment (dispatched_at) where signed_on is null`.execute(db);

  await sql`create table shipment_serial (
    serial_no text primary key,
    shipment_id uuid not null references shipment (object_id) on delete cascade
  )`.execute(db);
  await sql`create index shipment_serial_shipment_idx on shipment_serial (shipment_id)`.execute(db);

  // The generic filler kept made-up shipments in the shared table; shipments now live in their own.
  await sql`delete from record where resource = 'shipment'`.execute(db);
  // The auto-confirm job is reference data: the reference step adds it.
}
