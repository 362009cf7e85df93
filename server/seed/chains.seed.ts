import { sql } from 'kysely';
import { workflowDeclarations } from '../../machines/workflows/registry';
import type { Db } from '../db/database';
import { ROLE_FIELDS } from '../workflows/chains';

/**
 * The approval chain of every declared workflow's process types as configuration rows (national,
 * every channel, roles only), so a fresh portal decides its applications; an administrator then names
 * people or narrows them by province on the agent approval process configuration page.
 */
export async function seedChains(db: Db, at = new Date()) {
  for (const { name: workflow, chains } of workflowDeclarations)
    for (const { processType, defaultRoles } of chains) {
      const roles = Object.fromEntries(defaultRoles.map((role, i) => [ROLE_FIELDS[i], role]));
      const data = { ExtProcessType_SDK: processType, Enabled: true, Remark: workflow, ...roles };
      // Named by their process type, so two seeds of the demo give the same rows and a process type two
      // workflows share keeps the first one's chain.
      await sql`insert into record (object_id, resource, data, created_by_name, updated_by_name, created_at, updated_at)
        values (md5(${`chain:${processType}`})::uuid, 'customerProcessConfig', ${JSON.stringify(data)}::jsonb,
                '系统', '系统', ${at}, ${at}) on conflict (object_id) do nothing`.execute(db);
    }
}
