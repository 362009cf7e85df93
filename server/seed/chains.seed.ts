import { sql } from 'kysely';
import { workflowDeclarations } from '../../machines/workflows/registry';
import type { Db } from '../db/database';
import { ROLE_FIELDS } from '../workflows/chains';

/**
 * The approval chain of every declared workflow's process types as configuration rows (national,
 * every channel, roles only), so a fresh portal decides its applications; an administrator then names
 * people or narrows them by province on the agent approval process configuration page.
 */
export async function seedChains(db: Db, at?: Date) {
  const chains = new Map<string, { workflow: string; roles: string[] }>();
  for (const declaration of workflowDeclarations)
    for (const { processType, defaultRoles } of declaration.chains)
      if (!chains.has(processType))
        chains.set(processType, { workflow: declaration.name, roles: defaultRoles });
  for (const [processType, { workflow, roles }] of chains) {
    const data = {
      ExtProcessType_SDK: processType,
      Enabled: true,
      Remark: workflow,
      ...Object.fromEntries(roles.map((role, i) => [ROLE_FIELDS[i], role])),
    };
    // Named by their process type, so two seeds of the demo give the same rows.
    const when = at ?? new Date();
    await sql`insert into record (object_id, resource, data, created_by_name, updated_by_name, created_at, updated_at)
      values (md5(${`chain:${processType}`})::uuid, 'customerProcessConfig', ${JSON.stringify(data)}::jsonb,
              '系统', '系统', ${when}, ${when})`.execute(db);
  }
}
