import { sql } from 'kysely';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { withdrawOrderFigures } from '../reports/order-month-figures';
import type { BeforeChange } from '../resources/rules';
import { giveBackDraws, ordersHoldingDraws } from './pricing-execution-orders';

/**
 * Payments, invoices and loan conversions name an order by id without a foreign key (their tables'
 * migrations say why); an order they name is refused like a record a foreign key holds.
 */
async function refuseReferenced(trx: Db, ids: string[]) {
  const named = await sql<{ n: number }>`select
      (select count(*) from payment_allocation where order_id in (${sql.join(ids)}))
      + (select count(*) from invoice_line where order_id in (${sql.join(ids)}))
      + (select count(*) from loan_conversion where order_id in (${sql.join(ids)})) as n`.execute(trx);
  if (Number(named.rows[0]?.n ?? 0) > 0) throw new PortalError(409, 'server.input.inUse');
}

/**
 * Before orders are deleted (the batch delete of ordersSetup.ownLineOrders or selfBuiltOrders, the
 * generic delete): an order money or a loan still points at is refused, and the others give back what
 * their lines drew from execution orders and leave the dashboard's month figures, in the delete's
 * transaction. Orders are edited only through order entry, never the generic update, so this runs
 * before a delete alone.
 */
export const beforeOrderChange: BeforeChange = async (trx, _def, _caller, ids) => {
  await refuseReferenced(trx, ids);
  await giveBackDraws(trx, await ordersHoldingDraws(trx, ids));
  await withdrawOrderFigures(trx, ids);
};
