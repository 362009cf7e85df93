import { type Kysely, sql } from 'kysely';

/** Each new form of the configuration pages of 商机管理, with the list it opens from. */
const FORMS: [form: string, list: string][] = [
  ['business.salesAreaEdit', 'business.salesAreaMaintenance'],
  ['business.salesProductConfigEdit', 'business.salesProductConfig'],
  ['business.specialConfigEdit', 'business.specialConfigManagement'],
];

/**
 * Sales areas, sales product configurations and special configurations are added and edited on forms
 * of their own (docs/opportunities.md "The four configuration pages"): every role that holds a list
 * gets its form, so who kept the list keeps the rows. A new database gets them from the role seed.
 */
export async function up(db: Kysely<unknown>) {
  for (const [form, list] of FORMS)
    await sql`insert into role_menu (role_code, menu_id, path)
      select role_code, ${form}, ${form} from role_menu where path = ${list}
      on conflict (role_code, menu_id) do nothing`.execute(db);
}
