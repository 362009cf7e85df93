import { pageById } from '../../catalogue/catalogue';
import { editPageOf } from '../../catalogue/page-actions';
import type { FieldDef, ImportDef, PageEntry } from '../../catalogue/types';
import { PortalError } from '../http/envelope';
import { type ResourceDef, resourceDef } from '../resources/registry';

/** What one list's import is: its page, its resource and the declaration the rows follow. */
export interface ImportSpec {
  page: PageEntry;
  def: ResourceDef;
  declared: ImportDef;
}

/** Fields a template never carries: what the server stamps on every record. */
const SERVER_FIELDS = new Set(['ObjectID', 'Version', 'CreationOn', 'CreatedBy', 'ModifiedOn', 'ModifiedBy']);

/**
 * A list that declares `import` in its toolbar but not what the rows hold imports what its create
 * form writes (the form's own required marks), so every such list gets a template from the catalogue.
 */
function fieldsOfForm(page: PageEntry): FieldDef[] {
  const form = editPageOf(page);
  const fields = form?.fields ?? page.columns?.map((c) => ({ field: c.field, kind: c.kind, dict: c.dict }));
  return (fields ?? []).filter(
    (f) => !SERVER_FIELDS.has(f.field) && !('readOnly' in f && f.readOnly) && f.kind !== 'file',
  );
}

/** The import of a list page, or 404 when the page has no import (an unknown id is no page either). */
export function importSpecOf(pageId: unknown): ImportSpec {
  const page = typeof pageId === 'string' ? pageById(pageId) : undefined;
  if (page?.kind !== 'list' || !page.resource || !page.toolbar?.includes('import'))
    throw new PortalError(404, 'imports.server.noImport');
  const def = resourceDef(page.resource);
  if (!def) throw new PortalError(404, 'imports.server.noImport');
  const declared = page.import ?? { type: '', fields: fieldsOfForm(page) };
  return { page, def, declared };
}

/** The dictionaries an import's columns take their words from. */
export const dictCodesOf = (spec: ImportSpec) => [
  ...new Set(spec.declared.fields.flatMap((f) => (f.kind === 'dict' && f.dict ? [f.dict] : []))),
];
