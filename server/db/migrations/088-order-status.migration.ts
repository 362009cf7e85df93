import { type Kysely, sql } from 'kysely';

/**
 * An order's execution status (dictionary OrderStatus), shown and filtered on 自有品牌订单查询: it
 * follows the approval and delivery statuses, so the database keeps it with them on every write
 * instead of each service setting it. An order in force (已生效, 变更中) is 执行中 until everything is
 * received, then 已完成; a rejected or cancelled one is 已关闭; a draft, one in approval or returned,
 * and the read-only copy of a replaced revision are not in execution and have none.
 */
const EFFECTIVE = ['121', '151'];
const CLOSED = ['131', '141'];
const RECEIVED = '131';

// biome-ignore lint/suspicious/noExplicitAny: a migration works on any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sales_order add column order_status text`.execute(db);
  await sql
    .raw(`create or replace function sales_order_status() returns trigger language plpgsql as $$
    begin
      new.order_status := case
        when new.approval_status in ('${EFFECTIVE.join("', '")}') then
          case when new.delivery_status = '${RECEIVED}' then '111' else '101' end
        when new.approval_status in ('${CLOSED.join("', '")}') then '121'
        else null end;
      return new;
    end $$`)
    .execute(db);
  await sql`create trigger sales_order_status before insert or update
    on sales_order for each row execute function sales_order_status()`.execute(db);
  // Rows written before: the same rule once.
  await sql
    .raw(`update sales_order set order_status = case
      when approval_status in ('${EFFECTIVE.join("', '")}') then
        case when delivery_status = '${RECEIVED}' then '111' else '101' end
      when approval_status in ('${CLOSED.join("', '")}') then '121'
      else null end`)
    .execute(db);
  await sql`create index sales_order_status_idx on sales_order (order_status)`.execute(db);
}
