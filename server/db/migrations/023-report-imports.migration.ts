import { type Kysely, sql } from 'kysely';

/**
 * Spreadsheet imports (server/imports): the rows an import refused, kept with their reasons so the
 * upload history offers them as a file; and the lookup of a period's control dates. Upload-history
 * rows invented by earlier demo seeds go: the history lists only imports that happened. The job that
 * locks a period at its control date is reference data: the reference step adds it.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('import_rejected_row')
    .addColumn('import_id', 'uuid', (c) => c.notNull())
    .addColumn('row_no', 'integer', (c) => c.notNull())
    .addColumn('cells', 'jsonb', (c) => c.notNull())
    .addColumn('reasons', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_rejected_row_pk', ['import_id', 'row_no'])
    .execute();
  await sql`create index record_control_date_idx on record ((data->>'Period'), (data->>'ReportType'))
    where resource = 'reportControlDate'`.execute(db);
  await sql`delete from record where resource = 'importHistory'`.execute(db);
  await sql`insert into role_menu (role_code, menu_id, path)
    select role_code, 'importHistory.detail', 'importHistory.detail' from role_menu where path = 'importHistory.list'
    on conflict (role_code, menu_id) do nothing`.execute(db);
  await sql`insert into role_menu (role_code, menu_id, path)
    select role_code, 'report.rspReportUpload', 'report.rspReportUpload' from role_menu
    where path = 'report.rspShipmentReports'
    on conflict (role_code, menu_id) do nothing`.execute(db);
}
