import { areaResource } from '../areas/areas';
import type { Db } from '../db/database';
import { headerOf } from '../export/cell-text';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { wordsOf } from '../http/errors';
import { type Lang, translate } from '../http/i18n';
import type { ImportSpec } from './import-spec';

/** A written row the list's own save rule refused, with the rule's words naming the column. */
export interface RuleRefusal {
  rowNo: number;
  reason: string;
}

/** Thrown out of the write's transaction (undoing it) when the save rule refused any row. */
export class RowsRefusedByRule extends Error {
  constructor(readonly refused: RuleRefusal[]) {
    super('rows refused by the save rule');
  }
}

/**
 * An imported row is saved as the list's form saves it: the resource's own rule after a write
 * (server/areas, `afterWrite`) runs on every new record in the import's transaction, so the rule's
 * checks and effects (a city manager's scope, a row's region) are the form's, never a copy. A refusal
 * naming a field becomes that row's reason; any other failure stays the whole file's. A resource whose
 * import does the rule's work for the whole file (`afterImport: 'batch'`) is not run row by row.
 */
export async function applySaveRule(
  trx: Db,
  spec: ImportSpec,
  caller: Caller,
  lang: Lang,
  rows: { rowNo: number; id: string; values: Record<string, unknown> }[],
): Promise<RuleRefusal[]> {
  const entry = areaResource(spec.def.name);
  const rule = entry?.afterImport === 'batch' ? undefined : entry?.afterWrite;
  if (!rule) return [];
  const refused: RuleRefusal[] = [];
  for (const row of rows) {
    const record = { ...row.values, ObjectID: row.id };
    try {
      await rule(trx, spec.def, caller, record, new Set(Object.keys(row.values)));
    } catch (error) {
      if (!(error instanceof PortalError) || error.status !== 400) throw error;
      const params = wordsOf(lang, error.params);
      if (typeof error.params.field === 'string')
        params.field = headerOf(lang, spec.def.name, error.params.field);
      refused.push({ rowNo: row.rowNo, reason: translate(lang, error.messageKey, params) });
    }
  }
  return refused;
}
