import { type Kysely, sql } from 'kysely';

/** The forms that set a province target, and the province office that alone holds them (admin, province manager). */
const TARGET_FORMS = ['salesTask.provinceTaskDistributionEdit', 'salesTask.taskSplit'];
const TASK_OFFICE = ['JS001', 'JS011'];

/**
 * Sales tasks by duty (docs/decisions.md "Sales tasks: who does what"):
 * - a database seeded before keeps the province target forms in the province office's menus only: the
 *   city managers, channel managers, the channel department and the executive read targets from the list
 *   and the distribution page, and the server refuses their writes whatever their menus say;
 * - an RSP carries its share of a province target on one line: the database holds it as the save does,
 *   checked at commit so the save's refusal naming the RSP answers first.
 */
export async function up(db: Kysely<unknown>) {
  await sql`delete from role_menu where path in (${sql.join(TARGET_FORMS)})
    and role_code not in (${sql.join(TASK_OFFICE)})`.execute(db);
  await sql`alter table record add constraint rsp_task_line_uq exclude using btree (
      (data->>'Year') with =, (data->>'ProvinceName') with =, (data->>'Brand') with =,
      (data->>'IndicatorType') with =, (data->>'AgentName') with =)
    where (resource = 'rspTaskAllocation') deferrable initially deferred`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`alter table record drop constraint rsp_task_line_uq`.execute(db);
}
