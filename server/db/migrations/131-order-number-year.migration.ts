import { type Kysely, sql } from 'kysely';

/**
 * An order number's year — its prefix and year, the first six characters (`DD2025`) — is indexed in
 * creation order, and the orders of each year are counted as they come and go (docs/decisions.md,
 * "Number searches" and "Counting"). A year's numbers are a third of a line's orders, neither few
 * enough to read and sort (the month's way) nor spread among the newest (the creation index's way):
 * newest first, the page walked every newer year's order, and the count read 100,000 entries.
 *
 * - `sales_order_number_year_idx` serves a number typed to its year but not its month, newest first,
 *   from the page's first entry (a month's are read and sorted from the number index, migration 129).
 * - `sales_order_year_count` holds how many orders each line, number year and scope (company, province,
 *   city) has. Its `order_no` column is the year as the list's number filter reads it, so the list's
 *   conditions apply to it as written (`keptCount` of the order's storage). Triggers move it in the
 *   statement that inserts, deletes, renumbers or rescopes orders (or empties the table), and an
 *   invariant holds it to the orders.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create index sales_order_number_year_idx on sales_order
    (order_channel, left(upper(order_no), 6), created_at desc, object_id desc)`.execute(db);

  await sql`create table sales_order_year_count (
    order_channel text not null,
    order_no text not null,
    company_id uuid,
    province_code text,
    city_code text,
    order_count integer not null,
    unique nulls not distinct (order_channel, order_no, company_id, province_code, city_code)
  )`.execute(db);

  // One upsert per statement from its transition table: a bulk insert moves each group once. A deletion
  // upserts its negative count too, so the table cannot refuse a negative row (PostgreSQL checks the row
  // proposed before it finds the conflict); the invariant finds a count that differs from the orders.
  const moved = (rows: string, sign: '+' | '-') => sql`
    insert into sales_order_year_count as k
      (order_channel, order_no, company_id, province_code, city_code, order_count)
    select order_channel, left(upper(order_no), 6), company_id, province_code, city_code, ${sql.raw(sign)}count(*)
    from ${sql.raw(rows)} group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
    on conflict (order_channel, order_no, company_id, province_code, city_code)
      do update set order_count = k.order_count + excluded.order_count`;
  await sql`create function sales_order_year_count_inserted() returns trigger language plpgsql as $$
    begin ${moved('inserted', '+')}; return null; end $$`.execute(db);
  await sql`create function sales_order_year_count_deleted() returns trigger language plpgsql as $$
    begin ${moved('deleted', '-')}; return null; end $$`.execute(db);
  // A row trigger for updates: a statement trigger with transition tables cannot name columns, and
  // would run on every status change of every order instead of on the rare change of these.
  await sql`create function sales_order_year_count_updated() returns trigger language plpgsql as $$
    begin
      insert into sales_order_year_count as k
        (order_channel, order_no, company_id, province_code, city_code, order_count)
      values (old.order_channel, left(upper(old.order_no), 6), old.company_id, old.province_code, old.city_code, -1),
        (new.order_channel, left(upper(new.order_no), 6), new.company_id, new.province_code, new.city_code, 1)
      on conflict (order_channel, order_no, company_id, province_code, city_code)
        do update set order_count = k.order_count + excluded.order_count;
      return null;
    end $$`.execute(db);
  await sql`create function sales_order_year_count_emptied() returns trigger language plpgsql as $$
    begin delete from sales_order_year_count; return null; end $$`.execute(db);
  await sql`create trigger sales_order_year_count_inserted after insert on sales_order
    referencing new table as inserted for each statement
    execute function sales_order_year_count_inserted()`.execute(db);
  await sql`create trigger sales_order_year_count_deleted after delete on sales_order
    referencing old table as deleted for each statement
    execute function sales_order_year_count_deleted()`.execute(db);
  await sql`create trigger sales_order_year_count_updated
    after update of order_no, order_channel, company_id, province_code, city_code on sales_order
    for each row when (left(upper(old.order_no), 6) is distinct from left(upper(new.order_no), 6)
      or old.order_channel is distinct from new.order_channel or old.company_id is distinct from new.company_id
      or old.province_code is distinct from new.province_code or old.city_code is distinct from new.city_code)
    execute function sales_order_year_count_updated()`.execute(db);
  await sql`create trigger sales_order_year_count_emptied after truncate on sales_order
    for each statement execute function sales_order_year_count_emptied()`.execute(db);

  // The orders already here.
  await sql`insert into sales_order_year_count
    select order_channel, left(upper(order_no), 6), company_id, province_code, city_code, count(*)
    from sales_order group by 1, 2, 3, 4, 5`.execute(db);
  // Read by the list's line and number filter, as the orders' own index reads them (migration 129).
  await sql`create index sales_order_year_count_no_idx on sales_order_year_count
    (order_channel, upper(order_no) text_pattern_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const trigger of ['inserted', 'deleted', 'updated', 'emptied']) {
    await sql`drop trigger ${sql.raw(`sales_order_year_count_${trigger}`)} on sales_order`.execute(db);
    await sql`drop function ${sql.raw(`sales_order_year_count_${trigger}`)}()`.execute(db);
  }
  await sql`drop table sales_order_year_count`.execute(db);
  await sql`drop index sales_order_number_year_idx`.execute(db);
}
