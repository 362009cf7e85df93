import type { ColumnDef, FieldDef, ValueKind } from '../../catalogue/types';
import { commitmentLetterCell } from '../../domain/cell-rules';
import type { DictionaryOption } from '../../domain/dictionary';
import {
  awaitingTextOf,
  cellValueText,
  discountTextOf,
  letterLinkText,
  type ValueWords,
  valueText,
} from '../../domain/value-text';
import type { Translate } from '../app-context';

interface CellProps {
  column: Pick<ColumnDef, 'field' | 'kind' | 'dict' | 'loginField' | 'awaitingRole' | 'asDiscount'>;
  row: Record<string, unknown>;
  dictionaries: Record<string, DictionaryOption[]>;
  t: Translate;
  /** Opens the commitment-letter picker for this row; without it the picker cell is inert. */
  onChooseLetter?: () => void;
}

/** The reader's words for a value: the texts of its dictionary and, with a translator, yes and no. */
const wordsOf = (dictionary?: DictionaryOption[], t?: Translate): ValueWords => ({
  dictionaryText: (keyword) => dictionary?.find((o) => o.keyword === keyword)?.content,
  yesNo: t && ((yes) => t(yes ? 'app.kit.yes' : 'app.kit.no')),
  awaitingText: t && awaitingTextOf(t),
  discountText: t && discountTextOf(t),
});

/** Text of a value by its kind (SPEC §9: dates 10 characters, prices 2 decimals, numbers floored). */
export function formatValue(
  kind: ValueKind,
  value: unknown,
  dictionary?: DictionaryOption[],
  t?: Translate,
): string {
  return valueText(kind, value, wordsOf(dictionary, t));
}

/**
 * A form field's value as read-only text: by its kind, and a price ratio marked `asDiscount` as its
 * discount — the table cell's rule (cellValueText), so a form and its list read a value alike.
 */
export function formatFieldValue(
  field: Pick<FieldDef, 'field' | 'kind' | 'asDiscount'>,
  values: Record<string, unknown>,
  dictionary?: DictionaryOption[],
  t?: Translate,
): string {
  return cellValueText(field, values, wordsOf(dictionary, t));
}

/** One table cell: formatted value, person with login, or the commitment-letter rule of SPEC §4. */
export function CellValue({ column, row, dictionaries, t, onChooseLetter }: CellProps) {
  if (column.kind === 'commitmentLetter') {
    const cell = commitmentLetterCell(row);
    if (cell.kind === 'link') {
      return (
        <a href={cell.url} target="_blank" rel="noreferrer">
          {letterLinkText(row, cell)}
        </a>
      );
    }
    if (cell.kind === 'picker') {
      // The grid opens the picker for this row; a letter chosen already is shown and can be changed.
      return (
        <button
          type="button"
          className="portal-link-button"
          data-picker="commitmentLetter"
          onClick={onChooseLetter}
          disabled={!onChooseLetter}
        >
          {row.commitmentLetter ? String(row.commitmentLetter) : t('app.kit.chooseLetter')}
        </button>
      );
    }
    return <span>--</span>;
  }
  const text = cellValueText(column, row, wordsOf(column.dict ? dictionaries[column.dict] : undefined, t));
  const numeric =
    column.kind === 'price' || column.kind === 'number' || (column.kind === 'percent' && !column.asDiscount);
  return <span className={numeric ? 'portal-number' : undefined}>{text}</span>;
}
