import { type Kysely, sql } from 'kysely';

/**
 * Orders entered with lines (DOMAIN.md Orders, notes §4.1): each line keeps the standard price it was
 * checked against and its amount in numeric(18, 2) computed by the server; a line below the standard
 * price names the execution-order line whose approved price allowed it. An execution order's approved
 * lines (product, approved price, approved quantity) carry the quantity drawn down so far, which the
 * database keeps within the approved quantity whatever the code does.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table execution_order_line (
    object_id uuid primary key default gen_random_uuid(),
    execution_order_id uuid not null references record (object_id) on delete cascade,
    line_no integer not null,
    product_code text not null,
    approved_price numeric(18, 2) not null check (approved_price >= 0),
    approved_quantity integer not null check (approved_quantity > 0),
    drawn_quantity integer not null default 0,
    constraint execution_order_line_drawn_ck check (drawn_quantity between 0 and approved_quantity)
  )`.execute(db);
  await sql`create unique index execution_order_line_no_uq on execution_order_line (execution_order_id, line_no)`.execute(
    db,
  );

  await sql`alter table order_item
    add column line_no integer,
    add column standard_price numeric(18, 2),
    add column line_amount numeric(18, 2),
    add column execution_order_line_id uuid references execution_order_line (object_id)`.execute(db);
  // "The lines of an order" in their order: the detail page and the change, invoice and delivery screens.
  await sql`create index order_item_order_line_idx on order_item (order_id, line_no)`.execute(db);
  await sql`drop index if exists order_item_order_idx`.execute(db);
  // The orders that drew on an execution-order line (its drawdown history).
  await sql`create index order_item_execution_line_idx on order_item (execution_order_line_id)
    where execution_order_line_id is not null`.execute(db);
}
