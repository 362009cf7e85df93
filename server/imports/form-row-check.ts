import { sql } from 'kysely';
import { pages } from '../../catalogue/catalogue';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import type { ResourceDef } from '../resources/registry';
import { dictCodesOf, type ImportSpec, importSpecOf } from './import-spec';
import { checkRow } from './row-check';
import { RowLookups } from './row-lookups';

/** The import of the list a resource's records are imported on, where it has one. */
function importOf(resource: string): ImportSpec | undefined {
  const list = pages.find(
    (page) =>
      page.kind === 'list' && page.resource === resource && page.import && page.toolbar?.includes('import'),
  );
  return list ? importSpecOf(list.id) : undefined;
}

const specs = new Map<string, ImportSpec | undefined>();

/**
 * A record saved on a form whose list imports its records passes the checks an imported row passes
 * (server/imports/row-check.ts): whole counts, real days and months, a model the vendor sells, a valid
 * credit code, an agent in reach, a day in its period. So a line entered by hand is the line a file
 * would have written, or it is refused with the first reason, naming its field. What the check
 * normalises (the model a product number names, a credit code's letters) is written back, as the
 * import stores it. The report's own verdict (locked, submitted) is the form's rule's, answered as 409.
 */
export async function checkAsImported(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
) {
  if (!specs.has(def.name)) specs.set(def.name, importOf(def.name));
  const spec = specs.get(def.name);
  if (!spec) return;
  const cells = spec.declared.fields.map((f) => {
    const value = record[f.field];
    return value === undefined || value === null || value === ''
      ? null
      : (value as string | number | boolean);
  });
  const lookups = new RowLookups(trx, caller, new Date(), dictCodesOf(spec));
  const checked = await checkRow(spec, cells, lookups, { reportVerdict: false });
  const [reason] = checked.reasons;
  if (reason)
    throw new PortalError(400, `imports.reasons.${reason.key}`, {
      ...reason.params,
      field: reason.field ?? 'body',
      resource: def.name,
    });
  const normalised: Record<string, unknown> = {};
  for (const { field } of spec.declared.fields) {
    const value = checked.values[field];
    const inData = !Object.hasOwn(def.storage.columns, field);
    if (inData && value !== undefined && String(value) !== String(record[field])) normalised[field] = value;
  }
  if (!Object.keys(normalised).length) return;
  await sql`update ${sql.table(def.storage.table)} set data = data || ${JSON.stringify(normalised)}::jsonb
    where object_id = ${String(record.ObjectID)}`.execute(trx);
  Object.assign(record, normalised);
}
