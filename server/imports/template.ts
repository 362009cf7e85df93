import ExcelJS from 'exceljs';
import type { FieldDef } from '../../catalogue/types';
import type { Db } from '../db/database';
import { headerOf } from '../export/cell-text';
import { PortalError } from '../http/envelope';
import { type Lang, translate } from '../http/i18n';
import type { CellValue } from './cell-values';
import type { ImportSpec } from './import-spec';
import { MAX_ROWS } from './read-rows';

/** A required column's header carries a star, as the forms mark required fields. */
const REQUIRED_MARK = '*';

export const templateHeader = (lang: Lang, spec: ImportSpec, field: FieldDef) =>
  `${headerOf(lang, spec.def.name, field.field)}${field.required ? REQUIRED_MARK : ''}`;

/** The template's file name: the list's title and the word for template, in the caller's language. */
export function templateFileName(lang: Lang, spec: ImportSpec) {
  const title = translate(lang, spec.page.titleKey).replace(/[\\/:*?"<>|]/g, '_');
  return `${title}_${translate(lang, 'imports.templateSuffix')}.xlsx`;
}

/** Rows of the data sheet that carry the dropdowns: the most an import takes. */
const VALIDATED_ROWS = MAX_ROWS + 1;

/** The words of each dictionary the template's columns use, enabled ones only (the import refuses the rest). */
async function dictionaryWords(db: Db, lang: Lang, spec: ImportSpec): Promise<Map<string, string[]>> {
  const codes = [
    ...new Set(spec.declared.fields.flatMap((f) => (f.kind === 'dict' && f.dict ? [f.dict] : []))),
  ];
  const words = new Map<string, string[]>();
  if (!codes.length) return words;
  const rows = await db
    .selectFrom('dictionary_entry')
    .select(['code', 'content_zh', 'content_en'])
    .where('code', 'in', codes)
    .where('enabled', '=', true)
    .orderBy('code')
    .orderBy('sort')
    .execute();
  for (const row of rows)
    words.set(row.code, [...(words.get(row.code) ?? []), lang === 'en' ? row.content_en : row.content_zh]);
  return words;
}

const sheetName = (text: string) => text.replace(/[[\]:*?/\\]/g, '_').slice(0, 31);
const columnLetter = (index: number) => {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
};

/** The hidden sheet the dropdowns read their words from. */
const LISTS_SHEET = 'lists';
/** exceljs writes a sheet's data validations, but its typings leave them out. */
const validationsOf = (sheet: ExcelJS.Worksheet) =>
  (sheet as unknown as { dataValidations: { add(address: string, rule: ExcelJS.DataValidation): void } })
    .dataValidations;

/** The words a column accepts, for its dropdown and its note: a dictionary's words, or yes and no. */
function choicesOf(lang: Lang, field: FieldDef, words: Map<string, string[]>): string[] | undefined {
  if (field.kind === 'dict') return words.get(field.dict ?? '');
  if (field.kind === 'boolean') return [translate(lang, 'app.kit.yes'), translate(lang, 'app.kit.no')];
  return undefined;
}

/** What a column holds, in words, for the notes sheet. */
const formatOf = (lang: Lang, field: FieldDef) => {
  const kind = ['number', 'price', 'date', 'dict', 'boolean'].includes(field.kind) ? field.kind : 'text';
  return translate(lang, `imports.template.format.${field.field === 'Period' ? 'period' : kind}`);
};

/** A value a person could type in the column, shown on the notes sheet (never on the data sheet). */
function exampleOf(field: FieldDef, choices: string[] | undefined, today: string): string | number {
  if (choices?.length) return choices[0];
  if (field.field === 'Period') return today.slice(0, 7);
  if (field.kind === 'date') return today;
  if (field.kind === 'number') return 1;
  if (field.kind === 'price') return '1.00';
  return '';
}

/**
 * The import template of a list (issue "Import"): a data sheet whose one header row is built from the
 * catalogue's columns in the caller's language and stays in view (frozen), text cells, a dropdown of
 * the accepted words on dictionary and yes/no columns; then a notes sheet — each column, whether it is
 * required, its format, its words and an example. The example stays on the notes sheet, so nothing the
 * import reads is an example; the import reads the first sheet that holds a row, the data sheet.
 */
export async function buildTemplate(db: Db, lang: Lang, spec: ImportSpec, today: string): Promise<Buffer> {
  const words = await dictionaryWords(db, lang, spec);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(translate(lang, spec.page.titleKey)), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const fields = spec.declared.fields;
  sheet.columns = fields.map((field) => ({
    header: templateHeader(lang, spec, field),
    width: field.kind === 'longText' ? 30 : 18,
    // Text format keeps codes and periods as typed ('2026-05' would otherwise become a date).
    style: field.kind === 'number' || field.kind === 'price' ? {} : { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };

  // The dropdowns read their words from a hidden sheet: a list typed into the rule is limited to 255 characters.
  const lists = workbook.addWorksheet(LISTS_SHEET, { state: 'veryHidden' });
  const notes = workbook.addWorksheet(sheetName(translate(lang, 'imports.template.notesSheet')));
  notes.columns = ['column', 'required', 'format', 'choices', 'example'].map((key) => ({
    header: translate(lang, `imports.template.notes.${key}`),
    width: key === 'choices' ? 40 : 20,
  }));
  notes.getRow(1).font = { bold: true };
  fields.forEach((field, index) => {
    const choices = choicesOf(lang, field, words);
    if (choices?.length) {
      // The column's words sit in the same column of the hidden sheet.
      const column = columnLetter(index);
      choices.forEach((word, at) => {
        lists.getCell(`${column}${at + 1}`).value = word;
      });
      validationsOf(sheet).add(`${column}2:${column}${VALIDATED_ROWS}`, {
        type: 'list',
        allowBlank: !field.required,
        formulae: [`${LISTS_SHEET}!$${column}$1:$${column}$${choices.length}`],
        showErrorMessage: true,
        errorTitle: templateHeader(lang, spec, field),
        error: translate(lang, 'imports.template.pickFromList'),
      });
    }
    notes.addRow([
      templateHeader(lang, spec, field),
      translate(lang, field.required ? 'app.kit.yes' : 'app.kit.no'),
      formatOf(lang, field),
      choices?.join(', ') ?? '',
      exampleOf(field, choices, today),
    ]);
  });
  notes.addRow([]);
  notes.addRow([translate(lang, 'imports.template.notes.rules')]);
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
