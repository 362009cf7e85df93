import { pages } from '../../catalogue/catalogue';
import type { FieldDef } from '../../catalogue/types';
import { headerOf } from '../export/cell-text';
import { translate } from '../http/i18n';
import { REPORT_TYPE_OF } from '../imports/control-dates';

/** The report line resources, with the report type (dictionary ReportType) of each. */
export const REPORT_LINE_TYPES = REPORT_TYPE_OF;

export const isReportLine = (resource: string) => Object.hasOwn(REPORT_LINE_TYPES, resource);

/** The resources whose lines make up a report of one type (shipments: the distributors' and the RSPs'). */
export const reportResourcesOf = (reportType: string) =>
  Object.keys(REPORT_LINE_TYPES).filter((resource) => REPORT_LINE_TYPES[resource] === reportType);

/** What a person never types but the log records when it changes: an imported line's amount is recomputed. */
const COMPUTED = ['Amount'];
/** The reason of an edit travels with it into the log; it is no field of the line. */
export const REASON_FIELD = 'ModifyReason';
/** The log's field of a line an import replaced: one row for the line, whichever of its cells moved. */
export const WHOLE_LINE = 'Line';

/**
 * The fields of a report line a change may touch: those its forms and its imports write (the stamps
 * the server sets — status, submission time — are the report's state, not its content).
 */
function changeableFields(resource: string): string[] {
  const written = new Set<string>();
  const add = (fields: FieldDef[] | undefined) => {
    for (const f of fields ?? []) if (!f.readOnly && f.field !== REASON_FIELD) written.add(f.field);
  };
  for (const page of pages) {
    if (page.resource !== resource) continue;
    if (page.kind === 'edit') add(page.fields);
    add(page.import?.fields);
  }
  for (const field of COMPUTED) written.add(field);
  return [...written];
}

const changeable = new Map(Object.keys(REPORT_LINE_TYPES).map((r) => [r, changeableFields(r)]));

export const loggedFieldsOf = (resource: string) => changeable.get(resource) ?? [];

/**
 * Dictionary ReportField: the modification log stores a field by its name and shows it by the label
 * the report's own screens give it, in the reader's language. A name several reports share is worded
 * as the first of them words it.
 */
export function reportFieldDictionary(): [string, string, string, string, string][] {
  const rows = new Map<string, [string, string, string, string, string]>();
  for (const [resource, fields] of changeable)
    for (const field of fields)
      if (!rows.has(field))
        rows.set(field, [
          'ReportField',
          'Report',
          field,
          headerOf('zh', resource, field),
          headerOf('en', resource, field),
        ]);
  const line = (lang: 'zh' | 'en') => translate(lang, 'reportReview.wholeLine');
  rows.set(WHOLE_LINE, ['ReportField', 'Report', WHOLE_LINE, line('zh'), line('en')]);
  return [...rows.values()];
}
