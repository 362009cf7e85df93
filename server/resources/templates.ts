import { sql } from 'kysely';
import { TemplateStatus } from '../../domain/codes/customers.codes';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { badField } from '../http/envelope';
import type { ResourceDef } from './registry';

/** TemplateStatus keywords (server/reference/dictionaries-customer.data.ts): 121 enabled, 131 disabled. */
export const TEMPLATE_ENABLED = TemplateStatus.enabled;
export const TEMPLATE_DISABLED = TemplateStatus.disabled;

/**
 * Runs inside the write's transaction once an agreement template is saved (docs/templates.md).
 * A period ending before it starts is refused, which undoes the write. A version saved as enabled
 * retires the type's former enabled version (DOMAIN.md: one enabled version per type): a vendor
 * enabling the new version means to replace the old one, not to be told to disable it first.
 */
export async function afterTemplateWrite(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
) {
  const { StartDate: start, EndDate: end } = record;
  if (typeof start === 'string' && typeof end === 'string' && end.slice(0, 10) < start.slice(0, 10))
    throw badField('EndDate', {
      key: 'server.problems.notBeforeStart',
      params: { start: { key: 'field.common.StartDate', params: {} } },
    });
  await keepFileSize(trx, def, record);
  if (String(record.ExtTemplateStatus_SDK ?? '') !== TEMPLATE_ENABLED) return;
  const type = String(record.ExtTemplateType_SDK ?? '');
  // Two versions of one type enabled at the same moment: the later transaction waits here, then
  // sees the earlier one committed and retires it, so one stays enabled.
  await sql`select pg_advisory_xact_lock(hashtext(${`agreementTemplate:enabled:${type}`}))`.execute(trx);
  const disabled = JSON.stringify({ ExtTemplateStatus_SDK: TEMPLATE_DISABLED });
  await sql`update ${sql.table(def.storage.table)} t
    set data = t.data || ${disabled}::jsonb, version = t.version + 1, updated_at = now(),
      updated_by_name = ${caller.lastName}
    where t.resource = ${def.name} and t.object_id <> ${String(record.ObjectID)}
      and t.data->>'ExtTemplateType_SDK' = ${type}
      and t.data->>'ExtTemplateStatus_SDK' = ${TEMPLATE_ENABLED}`.execute(trx);
}

/**
 * The lists show the file's size (`Size`) beside its name; it follows from the attachments in
 * `FileName`, so it is kept here rather than typed by anyone. Derived, it does not count as a revision.
 */
async function keepFileSize(trx: Db, def: ResourceDef, record: Record<string, unknown>) {
  if (!Array.isArray(record.FileName)) return;
  const size = record.FileName.reduce(
    (sum: number, f) => sum + (Number((f as { Size?: unknown })?.Size) || 0),
    0,
  );
  if (record.Size === size) return;
  record.Size = size;
  await sql`update ${sql.table(def.storage.table)} t set data = t.data || ${JSON.stringify({ Size: size })}::jsonb
    where t.object_id = ${String(record.ObjectID)}`.execute(trx);
}
