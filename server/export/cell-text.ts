import type { ColumnDef } from '../../catalogue/types';
import { commitmentLetterCell } from '../../domain/cell-rules';
import {
  formatDate,
  formatDateTime,
  formatFileSize,
  formatNumber,
  formatPersonWithLogin,
  formatPrice,
} from '../../domain/format';
import type { Db } from '../db/database';
import { type Lang, translate } from '../http/i18n';

/** Dictionary texts by code, then keyword, in one language. */
export type DictionaryTexts = Map<string, Map<string, string>>;

/** The header of a column: the resource's own label, else the shared one, else the field name. */
export function headerOf(lang: Lang, resource: string, field: string): string {
  for (const key of [`field.${resource}.${field}`, `field.common.${field}`]) {
    const text = translate(lang, key);
    if (text && text !== key) return text;
  }
  return field;
}

/** The texts of the dictionaries the columns show, loaded once per export. */
export async function dictionaryTexts(db: Db, codes: string[], lang: Lang): Promise<DictionaryTexts> {
  const texts: DictionaryTexts = new Map();
  if (codes.length === 0) return texts;
  const rows = await db
    .selectFrom('dictionary_entry')
    .select(['code', 'keyword', 'content_zh', 'content_en'])
    .where('code', 'in', codes)
    .execute();
  for (const row of rows) {
    if (!texts.has(row.code)) texts.set(row.code, new Map());
    texts.get(row.code)!.set(row.keyword, lang === 'en' ? row.content_en : row.content_zh);
  }
  return texts;
}

/**
 * A cell as the table shows it (SPEC §9): dates cut to 10 characters, prices with 2 decimals, numbers
 * floored, dictionary values as their text, people as name(login).
 */
export function cellText(
  column: ColumnDef,
  row: Record<string, unknown>,
  dictionaries: DictionaryTexts,
  lang: Lang,
): string {
  const value = row[column.field];
  if (column.kind === 'commitmentLetter') {
    const cell = commitmentLetterCell(row);
    if (cell.kind === 'link') return String(row.commitmentLetterNo ?? row.commitmentLetter ?? cell.url);
    return cell.kind === 'none' ? '--' : '';
  }
  if (column.kind === 'person') {
    return formatPersonWithLogin(
      value as string | null,
      column.loginField ? (row[column.loginField] as string | null) : undefined,
    );
  }
  if (value === undefined || value === null || value === '') return '';
  switch (column.kind) {
    case 'date':
      return formatDate(value as string);
    case 'dateTime':
      return formatDateTime(value as string | number);
    case 'price':
      return formatPrice(value);
    case 'number':
      return formatNumber(value);
    case 'percent':
      return `${value}%`;
    case 'fileSize':
      return formatFileSize(value);
    case 'boolean':
      return translate(lang, value === true || value === 'true' ? 'app.kit.yes' : 'app.kit.no');
    case 'dict':
      return dictionaries.get(column.dict ?? '')?.get(String(value)) ?? String(value);
    case 'file':
      return Array.isArray(value)
        ? value.map((f) => (f as { FileName?: string }).FileName ?? '').join(', ')
        : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
