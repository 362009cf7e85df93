import type { FieldDef, PageEntry } from '../../catalogue/types';

/** The field an order's record page ends on: the form's own fields come before it. */
const LAST = 'Remark';

/**
 * An order's record page as the form that entered it shows it (the order's `EntryPage`): the record
 * page's fields, each coded one read with the dictionary that form uses (an RSP hardware order's
 * "60 days' credit", a service order's "on-site service", not the general order's words for the same codes), then the
 * form's own fields the record page lacks (product line, service type and dates, contact), read-only.
 * Any other order — entered without such a form, or synced from the partner — keeps the record page.
 */
export function orderRecordPage(recordPage: PageEntry, entryForm: PageEntry | undefined): PageEntry {
  const own = entryForm?.fields;
  if (!own || !recordPage.fields || entryForm === recordPage) return recordPage;
  const byName = new Map(own.map((f) => [f.field, f]));
  const fields = recordPage.fields.map((f): FieldDef => {
    const form = byName.get(f.field);
    return f.dict && form?.dict ? { ...f, dict: form.dict } : f;
  });
  const shown = new Set(fields.map((f) => f.field));
  const extra = own
    .filter((f) => !shown.has(f.field))
    .map((f): FieldDef => ({ ...f, readOnly: true, required: false }));
  const last = fields.findIndex((f) => f.field === LAST);
  const at = last < 0 ? fields.length : last;
  return { ...recordPage, fields: [...fields.slice(0, at), ...extra, ...fields.slice(at)] };
}
