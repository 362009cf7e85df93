import { type Kysely, sql } from 'kysely';

/** The channel management department, which publishes, puts into effect, ends and voids rebate policies. */
const CHANNEL_DEPARTMENT = 'JS018';
/** The policy pages: the entry form, the list and the detail page the policy's commands are given on. */
const POLICY_PAGES = ['rebates.announcementEntry', 'rebates.announcementView', 'rebates.announcementDetail'];

/**
 * The rebate policy's chart lets the channel management department publish, put into effect, end and
 * void a policy, but a database seeded before held none of the policy pages in its menus, so the server
 * refused those commands (docs/rebates.md "Policy announcements"): its menu list gets them. A database
 * without the role yet gets it, with these pages, from the role seed.
 */
export async function up(db: Kysely<unknown>) {
  for (const page of POLICY_PAGES)
    await sql`insert into role_menu (role_code, menu_id, path)
      select code, ${page}, ${page} from role where code = ${CHANNEL_DEPARTMENT}
      on conflict (role_code, menu_id) do nothing`.execute(db);
}
