import { type Kysely, sql } from 'kysely';
import AGENT_MENUS from './016-agent-menus.data.json';

/**
 * Agent roles were seeded with whole modules, vendor configuration pages included. A database seeded
 * before gets the agents' own menu lists (kept beside this migration as they were then): pages
 * outside them leave, pages in them come. A fresh database has no roles yet at this point and gets
 * its lists from the reference step (server/reference/reconcile.ts).
 */
export async function up(db: Kysely<unknown>) {
  for (const [role, pages] of Object.entries(AGENT_MENUS)) {
    const exists = await sql<{ n: number }>`select count(*)::int as n from role where code = ${role}`.execute(
      db,
    );
    if (!exists.rows[0]?.n) continue;
    await sql`delete from role_menu where role_code = ${role} and path not in (${sql.join([...pages])})`.execute(
      db,
    );
    for (const page of pages) {
      await sql`insert into role_menu (role_code, menu_id, path) values (${role}, ${page}, ${page})
        on conflict (role_code, menu_id) do nothing`.execute(db);
    }
  }
}
