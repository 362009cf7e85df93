import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { resourceDef } from '../resources/registry';
import { resourceScope } from '../resources/scope';
import { getRecord } from '../resources/write';
import { indicatorOfTaskType, keyOf, type TargetKey, targetOfLine, taskTypeOf } from './task-package';

/** The lines an approval page lists under a package: RSP allocations, or city manager tasks. */
export type PackageLineResource = 'rspTaskAllocation' | 'cityManagerTask';

/** The indicator of the target a line counts towards: an RSP line's own, a task type's less 10. */
const indicatorOf = (resource: PackageLineResource, line: Record<string, unknown>) =>
  resource === 'rspTaskAllocation' ? String(line.IndicatorType ?? '') : indicatorOfTaskType(line.TaskType);

/** The package's lines of one kind that the caller's scope shows, as their pages read them. */
async function linesInScope(db: Db, caller: Caller, resource: PackageLineResource, key: TargetKey) {
  const def = resourceDef(resource)!;
  const measures =
    resource === 'rspTaskAllocation'
      ? sql`t.data->>'IndicatorType' = ${key.IndicatorType}`
      : sql`t.data->>'TaskType' = ${taskTypeOf(key.IndicatorType)}`;
  const ids = await sql<{ id: string }>`select t.object_id::text as id from record t
    where t.resource = ${resource} and t.data->>'Year' = ${key.Year}
      and t.data->>'ProvinceName' = ${key.ProvinceName} and t.data->>'Brand' = ${key.Brand}
      and ${measures} and ${resourceScope(resource, caller)}
    order by t.data->>${resource === 'rspTaskAllocation' ? 'AgentName' : 'cityManagerName'}, t.object_id`.execute(
    db,
  );
  const lines = [];
  for (const { id } of ids.rows) lines.push(await getRecord(db, def, caller, id));
  return lines;
}

/**
 * The task package a line belongs to, as its approval page shows it: the province target (whose
 * workflow is decided, the package as a whole) and its lines of the page's kind. The line is read
 * through the caller's scope (another province's is a 404), and so are the target and the lines
 * beside it: a target outside the scope is not shown, nor decided.
 */
export async function packageOfLine(db: Db, caller: Caller, resource: PackageLineResource, body: unknown) {
  // getRecord names a missing or malformed ObjectID (400) and answers another scope's line with a 404.
  const line = await getRecord(
    db,
    resourceDef(resource)!,
    caller,
    (body as { ObjectID?: unknown } | null)?.ObjectID,
  );
  const key = { ...keyOf(line), IndicatorType: indicatorOf(resource, line) };
  const found = await targetOfLine(db, key);
  const target = found ? await targetInScope(db, caller, found.id) : null;
  return { Target: target, Lines: await linesInScope(db, caller, resource, key) };
}

async function targetInScope(db: Db, caller: Caller, id: string) {
  try {
    return await getRecord(db, resourceDef('provinceTask')!, caller, id);
  } catch (error) {
    if (error instanceof PortalError && error.status === 404) return null;
    throw error;
  }
}
