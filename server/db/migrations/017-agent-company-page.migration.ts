import { type Kysely, sql } from 'kysely';

/** The agent roles of the demo role model (RSP, CCP, distributor) and the page of their own company they now hold. */
const AGENT_ROLES = ['JS002', 'JS003', 'JS004'];
const PAGE = 'customers.myCompany';

/**
 * Agents' staff see their own company's record: a database seeded before gets the page in the agent
 * roles' menu lists. Written out here rather than read from the seed's lists, so what this migration
 * does stays what it did. A fresh database has no roles yet at this point and gets it from the reference step.
 */
export async function up(db: Kysely<unknown>) {
  for (const role of AGENT_ROLES) {
    await sql`insert into role_menu (role_code, menu_id, path)
      select code, ${PAGE}, ${PAGE} from role where code = ${role}
      on conflict (role_code, menu_id) do nothing`.execute(db);
  }
}
