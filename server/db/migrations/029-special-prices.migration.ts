import { type Kysely, sql } from 'kysely';

/** Pages of the special prices that now have a screen, granted to every role holding their list. */
const NEW_PAGES: [page: string, parent: string][] = [
  ['business.specialPriceApprovalInfo', 'business.specialPriceApproval'],
  ['business.specialPriceApply', 'business.specialPriceApproval'],
  ['business.createExecutionOrder', 'business.specialPriceApproval'],
];

/**
 * Special prices (DOMAIN.md "Special prices", notes §2): the depth bands that choose the approval
 * chain (configuration, not code), the validity and bid-result deadline settings, the priced lines of
 * a request with the vendor-only cost, and the link from an execution order's line to the special-price
 * line it draws, so execution orders never take more than was approved.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table special_price_band (
    band_no integer primary key,
    min_depth_bp integer not null check (min_depth_bp between 0 and 10000),
    min_margin_bp integer check (min_margin_bp between -10000 and 10000),
    chain jsonb not null,
    enabled boolean not null default true
  )`.execute(db);
  await sql`insert into special_price_band (band_no, min_depth_bp, min_margin_bp, chain) values
    (1, 9500, null, '["JS011"]'),
    (2, 9000, null, '["JS011", "JS013"]'),
    (3, 8500, 1000, '["JS011", "JS013", "JS013"]'),
    (4, 0, null, '["JS011", "JS013", "JS013", "JS017"]')`.execute(db);

  await sql`create table special_price_setting (
    id integer primary key check (id = 1),
    validity_days integer not null check (validity_days > 0),
    bid_result_working_days integer not null check (bid_result_working_days > 0),
    default_cost_bp integer not null check (default_cost_bp between 0 and 10000)
  )`.execute(db);
  // A product without its own cost is costed at 78 % of its standard price.
  await sql`insert into special_price_setting values (1, 90, 10, 7800)`.execute(db);

  await sql`alter table product add column cost_price numeric(18, 2) check (cost_price >= 0)`.execute(db);

  await sql`create table special_price_line (
    object_id uuid primary key default gen_random_uuid(),
    special_price_id uuid not null references record (object_id) on delete cascade,
    line_no integer not null,
    product_code text not null,
    product_name text not null,
    quantity integer not null check (quantity > 0),
    standard_price numeric(18, 2) not null check (standard_price >= 0),
    requested_price numeric(18, 2) not null check (requested_price >= 0),
    approved_price numeric(18, 2) check (approved_price >= 0),
    cost_price numeric(18, 2) not null check (cost_price >= 0),
    executed_quantity integer not null default 0,
    constraint special_price_line_executed_ck check (executed_quantity between 0 and quantity)
  )`.execute(db);
  await sql`create unique index special_price_line_no_uq on special_price_line (special_price_id, line_no)`.execute(
    db,
  );

  await sql`alter table execution_order_line
    add column special_price_line_id uuid references special_price_line (object_id)`.execute(db);
  await sql`create index execution_order_line_special_idx on execution_order_line (special_price_line_id)
    where special_price_line_id is not null`.execute(db);

  // The generic filler kept made-up special prices without a history; they now come through the workflow.
  await sql`delete from record where resource = 'specialApproval'`.execute(db);
  for (const [page, parent] of NEW_PAGES)
    await sql`insert into role_menu (role_code, menu_id, path)
      select role_code, ${page}, ${page} from role_menu where path = ${parent}
      on conflict (role_code, menu_id) do nothing`.execute(db);
}
