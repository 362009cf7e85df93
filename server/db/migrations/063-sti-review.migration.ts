import { type Kysely, sql } from 'kysely';

/** The RSP STI pages, granted to whoever already holds the RSP task lines they are calculated from. */
const NEW_PAGES: [page: string, grantedWith: string][] = [
  ['salesTask.rspSti', 'salesTask.rspTaskAllocation'],
  ['salesTask.rspStiDetail', 'salesTask.rspTaskAllocation'],
];

/**
 * An RSP's STI is calculated, reviewed and posted through its workflow (docs/sales-tasks.md "STI"):
 * its records live in the shared record table, so only the roles that work with RSP lines need the
 * list and the detail page where it is reviewed and posted.
 */
export async function up(db: Kysely<unknown>) {
  for (const [page, beside] of NEW_PAGES)
    await sql`insert into role_menu (role_code, menu_id, path)
      select role_code, ${page}, ${page} from role_menu where path = ${beside}
      on conflict (role_code, menu_id) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`delete from role_menu where path in ('salesTask.rspSti', 'salesTask.rspStiDetail')`.execute(db);
}
