import ExcelJS from 'exceljs';
import type { FieldDef } from '../../catalogue/types';
import { headerOf } from '../export/cell-text';
import { PortalError } from '../http/envelope';
import { type Lang, translate } from '../http/i18n';
import type { CellValue } from './cell-values';
import type { ImportSpec } from './import-spec';

/** A required column's header carries a star, as the forms mark required fields. */
const REQUIRED_MARK = '*';

export const templateHeader = (lang: Lang, spec: ImportSpec, field: FieldDef) =>
  `${headerOf(lang, spec.def.name, field.field)}${field.required ? REQUIRED_MARK : ''}`;

/** The template's file name: the list's title and the word for template, in the caller's language. */
export function templateFileName(lang: Lang, spec: ImportSpec) {
  const title = translate(lang, spec.page.titleKey).replace(/[\\/:*?"<>|]/g, '_');
  return `${title}_${translate(lang, 'imports.templateSuffix')}.xlsx`;
}

/**
 * The import template of a list (issue "Import"): one header row built from the catalogue's columns
 * in the caller's language, text cells, dates as the portal writes them.
 */
export async function buildTemplate(lang: Lang, spec: ImportSpec): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(
    translate(lang, spec.page.titleKey)
      .replace(/[[\]:*?/\\]/g, '_')
      .slice(0, 31),
  );
  sheet.columns = spec.declared.fields.map((field) => ({
    header: templateHeader(lang, spec, field),
    width: field.kind === 'longText' ? 30 : 18,
    // Text format keeps codes and periods as typed ('2026-05' would otherwise become a date).
    style: field.kind === 'number' || field.kind === 'price' ? {} : { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Where each declared field sits in an uploaded sheet, read from its header row: a header is the
 * field's label in either language (with or without the star) or its wire name. A required column
 * the file lacks is a 400 naming it.
 */
export function columnsOfHeader(spec: ImportSpec, header: CellValue[]): number[] {
  const names = header.map((cell) =>
    String(cell ?? '')
      .trim()
      .replace(/\*$/, '')
      .trim()
      .toLowerCase(),
  );
  return spec.declared.fields.map((field) => {
    const accepted = [
      headerOf('zh', spec.def.name, field.field),
      headerOf('en', spec.def.name, field.field),
      field.field,
    ].map((name) => name.toLowerCase());
    const at = names.findIndex((name) => accepted.includes(name));
    if (at < 0 && field.required)
      throw new PortalError(400, 'imports.server.missingColumn', {
        field: field.field,
        resource: spec.def.name,
      });
    return at;
  });
}
