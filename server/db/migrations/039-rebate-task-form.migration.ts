import { type Kysely, sql } from 'kysely';

/** The rebate task form and the rebate desk's roles (admin, channel manager, channel department, sales operations). */
const REBATE_TASK_FORM = 'rebates.rebateTaskEdit';
const REBATE_DESK = ['JS001', 'JS010', 'JS018', 'JS013'];

/**
 * The rebate task form and policy versions (docs/rebates.md):
 * - `rebate_settlement_line` (migration 031) goes: settlement announcement lines are records of the
 *   shared table like every import, and nothing ever wrote or read that table;
 * - a database seeded before gets the task form in the menus of the rebate desk's roles that list
 *   rebate tasks, and the policy number on the tasks already set (the form and the lists name a
 *   policy by it); the announcement status of a superseded policy comes from the reference step.
 */
export async function up(db: Kysely<unknown>) {
  await sql`drop table if exists rebate_settlement_line`.execute(db);

  await sql`insert into role_menu (role_code, menu_id, path)
    select role_code, ${REBATE_TASK_FORM}, ${REBATE_TASK_FORM} from role_menu
    where path = 'rebates.rebateTasks' and role_code in (${sql.join(REBATE_DESK)})
    on conflict (role_code, menu_id) do nothing`.execute(db);

  await sql`update record t set data = t.data || jsonb_build_object('PolicyNo', p.data->>'AnnouncementNo')
    from record p
    where t.resource = 'rebateTask' and p.resource = 'rebateAnnouncement'
      and p.object_id::text = t.data->>'PolicyID' and not t.data ? 'PolicyNo'`.execute(db);
}
