import { type Kysely, sql } from 'kysely';

/**
 * The line resources of each report type (the distributors' and the RSPs' shipments make one type), with
 * the ReportType codes as they stood when this migration was written (a migration imports no live code).
 */
const LINES: [resource: string, reportType: string][] = [
  ['purchaseReport', '101'],
  ['salesReport', '111'],
  ['stockReport', '121'],
  ['shipmentReport', '131'],
  ['rspShipmentReport', '131'],
];

/** A whole number, an amount or a day kept in a line's `data`; empty when the line holds something else. */
const count = (field: string) =>
  sql.raw(`case when l.data->>'${field}' ~ '^-?[0-9]{1,9}$' then (l.data->>'${field}')::integer end`);
const money = (field: string) =>
  sql.raw(
    `case when l.data->>'${field}' ~ '^-?[0-9]{1,15}([.][0-9]{1,2})?$' then (l.data->>'${field}')::numeric end`,
  );
const day = (field: string) =>
  `case when l.data->>'${field}' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' then left(l.data->>'${field}', 10)::date end`;

/**
 * The lines of each agent's report (docs/imports.md "Report states"): a report keeps no line of its own,
 * its lines are the agent's rows of the line lists of its period and type. The view puts them beside
 * their report — its number, type and status — with what every type has (model, counterparty,
 * quantity, price, amount, day) and a stock line's figures, and the report's scope columns, so the
 * report's lines page reads exactly the lines the report counts, seen by whoever sees the report.
 * Holders of the reports page get the lines page beside it.
 */
export async function up(db: Kysely<unknown>) {
  const typeOf = sql.raw(
    `case l.resource ${LINES.map(([resource, type]) => `when '${resource}' then '${type}'`).join(' ')} end`,
  );
  await sql`create view agent_report_line as
    select l.object_id, l.version, l.created_at, l.created_by_name, l.updated_at, l.updated_by_name,
      r.company_id, r.province_code, r.city_code, '{}'::jsonb as data,
      r.object_id as report_id, r.report_no, r.report_type, r.report_status, r.agent_name, r.period,
      l.data->>'ProductModel' as product_model,
      coalesce(l.data->>'CustomerName', l.data->>'SupplierName', l.data->>'ConsigneeName') as counterparty_name,
      case when l.resource = 'stockReport' then ${count('ClosingQuantity')} else ${count('Quantity')} end
        as quantity,
      ${money('UnitPrice')} as unit_price,
      coalesce(${money('Amount')}, ${money('StockAmount')}) as amount,
      coalesce(${sql.raw(day('OutboundDate'))}, ${sql.raw(day('InboundDate'))}, ${sql.raw(day('ShipmentDate'))})
        as line_date,
      ${count('OpeningQuantity')} as opening_quantity, ${count('PurchaseQuantity')} as purchase_quantity,
      ${count('SalesQuantity')} as sales_quantity, ${count('ClosingQuantity')} as closing_quantity,
      coalesce(l.data->>'LateReport' = 'true', false) as late_report
    from record l join agent_report r on r.company_id = l.company_id and r.period = l.data->>'Period'
      and r.report_type = ${typeOf}
    where l.resource in (${sql.join(LINES.map(([resource]) => sql.lit(resource)))})`.execute(db);
  await grantReportLinesPage(db);
}

/** The lines page goes to every role that reads the report states (and so to the agents who file them). */
export async function grantReportLinesPage(db: Kysely<unknown>) {
  await sql`insert into role_menu (role_code, menu_id, path)
    select role_code, 'report.reportLines', 'report.reportLines' from role_menu where path = 'report.reportStates'
    on conflict (role_code, menu_id) do nothing`.execute(db);
}
