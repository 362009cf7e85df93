import { sql } from 'kysely';
import type { Db } from '../db/database';
import { numberYearOf } from '../resources/expressions';
import { orderStorages } from './order.storage';

/**
 * The orders of each line, number year (`DD2025`) and scope, counted from the orders themselves: what
 * `sales_order_year_count` keeps (migration 131, whose triggers move it with every order written), for
 * the books to compare and `npm run rebuild` to restore.
 */
export const countedYearGroups = sql<{ n: number }>`select order_channel,
    ${numberYearOf(sql.ref('order_no'), orderStorages.order.number)} as order_no,
    company_id, province_code, city_code, count(*)::int as n
  from sales_order group by 1, 2, 3, 4, 5`;

/** The kept counts of the order lists, counted again from the orders. */
export async function rebuildOrderYearCounts(trx: Db): Promise<number> {
  await sql`delete from sales_order_year_count`.execute(trx);
  const groups = await sql`insert into sales_order_year_count
      (order_channel, order_no, company_id, province_code, city_code, order_count)
    select * from (${countedYearGroups}) c`.execute(trx);
  return Number(groups.numAffectedRows ?? 0);
}
