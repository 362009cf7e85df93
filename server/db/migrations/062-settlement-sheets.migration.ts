import { type Kysely, sql } from 'kysely';

/** The settlement sheets' pages (catalogue/rebates.pages.ts). */
const SHEET_PAGES = ['rebates.settlementSheets', 'rebates.settlementSheetDetail'];
const UPLOAD_PAGE = 'rebates.settlementAnnouncementUpload';

/**
 * Settlement sheets (docs/rebates.md "Settlement sheets"): a database seeded before gets the sheets'
 * list and detail page in the menus of the roles that hold the upload page, and every settlement line
 * uploaded before sheets existed reads as published, as it was on upload (agents read published lines).
 */
export async function up(db: Kysely<unknown>) {
  for (const page of SHEET_PAGES)
    await sql`insert into role_menu (role_code, menu_id, path)
      select role_code, ${page}, ${page} from role_menu where path = ${UPLOAD_PAGE}
      on conflict (role_code, menu_id) do nothing`.execute(db);

  await sql`update record set data = data || '{"SheetStatus": "111"}'::jsonb
    where resource = 'rebateSettlementLine' and not data ? 'SheetID'`.execute(db);
}
