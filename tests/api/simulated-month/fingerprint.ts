import { sql } from 'kysely';
import type { Db } from '../../../server/db/database';

/** The tables a business command writes: rows counted, and versions summed where rows carry one. */
const BUSINESS_TABLES = [
  'sales_order',
  'order_item',
  'order_change',
  'payment_receipt',
  'payment_allocation',
  'invoice_application',
  'invoice_line',
  'shipment',
  'shipment_serial',
  'loan_order',
  'loan_line',
  'loan_return',
  'loan_conversion',
  'execution_order_line',
  'special_price_line',
  'rebate_account',
  'rebate_flow',
  'opportunity_claim',
  'report_modification',
  'workflow_stream',
  'workflow_event',
  'record',
];

/**
 * Records a refused command may still write by design: the upload history keeps a refused file, with
 * its rejected rows, so the uploader can download them and correct the file.
 */
const KEPT_ON_REFUSAL = ['importHistory'];

/**
 * A query whose answer changes whenever a business row is added, removed or updated (updates bump a
 * version; execution-order draws are summed as the figure they are): the proof that a refused command
 * wrote nothing.
 */
export async function fingerprintQuery(db: Db): Promise<() => Promise<string>> {
  const columns = await sql<{ table: string; version: boolean }>`select table_name as table,
      bool_or(column_name = 'version') as version from information_schema.columns
    where table_schema = current_schema() and table_name in (${sql.join(BUSINESS_TABLES)})
    group by table_name order by table_name`.execute(db);
  const parts = columns.rows.map(({ table, version }) => {
    const where = table === 'record' ? sql` where resource not in (${sql.join(KEPT_ON_REFUSAL)})` : sql``;
    const figures =
      table === 'execution_order_line'
        ? sql`count(*) || '/' || coalesce(sum(drawn_quantity), 0)`
        : version
          ? sql`count(*) || '/' || coalesce(sum(version), 0)`
          : sql`count(*)::text`;
    return sql`(select ${sql.lit(`${table} `)} || ${figures} from ${sql.table(table)}${where})`;
  });
  const query = sql<{ print: string }>`select concat_ws(', ', ${sql.join(parts)}) as print`;
  return async () => (await query.execute(db)).rows[0].print;
}
