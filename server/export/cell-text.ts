import type { ColumnDef } from '../../catalogue/types';
import { commitmentLetterCell } from '../../domain/cell-rules';
import { awaitingTextOf, cellValueText, discountTextOf, letterLinkText } from '../../domain/value-text';
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
  if (column.kind === 'commitmentLetter') {
    const cell = commitmentLetterCell(row);
    if (cell.kind === 'link') return letterLinkText(row, cell);
    return cell.kind === 'none' ? '--' : '';
  }
  return cellValueText(column, row, {
    dictionaryText: (keyword) => dictionaries.get(column.dict ?? '')?.get(keyword),
    yesNo: (yes) => translate(lang, yes ? 'app.kit.yes' : 'app.kit.no'),
    awaitingText: awaitingTextOf((key, params) => translate(lang, key, params)),
    discountText: discountTextOf((key, params) => translate(lang, key, params)),
    // A sheet cell holds text, so a structure is written out whole.
    objectText: (value) => JSON.stringify(value),
  });
}
