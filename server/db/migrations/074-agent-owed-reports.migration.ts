import { type Kysely, sql } from 'kysely';

const RSP = 'JS002';

/**
 * The pages an RSP files the reports it owes on (docs/reports.md "Who reports what"): purchases, sales
 * and stock, besides its shipment reports. A copy of the declaration as it stood, not an import of it:
 * a migration keeps meaning what it meant when it ran.
 */
const NEW_PAGES = [
  'report.distributorPurchaseReport',
  'report.distributorSalesReport',
  'report.distributorSalesReportCreate',
  'report.distributorStockReport',
  'report.distributorStockReportOld',
];

/**
 * RSPs owe purchase, sales and stock reports and the deadline job opens them, yet their menu lacked the
 * pages to file them. A fresh database gets the pages with the agents' menus from the reference step;
 * one seeded before gets them here, once, when it has the role.
 */
export async function up(db: Kysely<unknown>) {
  for (const page of NEW_PAGES)
    await sql`insert into role_menu (role_code, menu_id, path)
      select code, ${page}, ${page} from role where code = ${RSP}
      on conflict (role_code, menu_id) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`delete from role_menu where role_code = ${RSP} and path in (${sql.join(NEW_PAGES)})`.execute(db);
}
