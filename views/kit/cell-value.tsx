import type { ColumnDef, ValueKind } from '../../catalogue/types';
import { commitmentLetterCell } from '../../domain/cell-rules';
import type { DictionaryOption } from '../../domain/dictionary';
import {
  formatDate,
  formatDateTime,
  formatFileSize,
  formatNumber,
  formatPersonWithLogin,
  formatPrice,
} from '../../domain/format';
import type { Translate } from '../app-context';

interface CellProps {
  column: Pick<ColumnDef, 'field' | 'kind' | 'dict' | 'loginField'>;
  row: Record<string, unknown>;
  dictionaries: Record<string, DictionaryOption[]>;
  t: Translate;
  /** Opens the commitment-letter picker for this row; without it the picker cell is inert. */
  onChooseLetter?: () => void;
}

/** Text of a value by its kind (SPEC §9: dates 10 characters, prices 2 decimals, numbers floored). */
export function formatValue(
  kind: ValueKind,
  value: unknown,
  dictionary?: DictionaryOption[],
  t?: Translate,
): string {
  if (value === undefined || value === null || value === '') return '';
  switch (kind) {
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
      return t ? t(value === true || value === 'true' ? 'app.kit.yes' : 'app.kit.no') : String(value);
    case 'dict':
      return dictionary?.find((o) => o.keyword === String(value))?.content ?? String(value);
    case 'file':
      return Array.isArray(value)
        ? value.map((f) => (f as { FileName?: string }).FileName ?? '').join(', ')
        : String(value);
    default:
      return String(value);
  }
}

/** One table cell: formatted value, person with login, or the commitment-letter rule of SPEC §4. */
export function CellValue({ column, row, dictionaries, t, onChooseLetter }: CellProps) {
  const value = row[column.field];
  if (column.kind === 'commitmentLetter') {
    const cell = commitmentLetterCell(row);
    if (cell.kind === 'link') {
      return (
        <a href={cell.url} target="_blank" rel="noreferrer">
          {String(row.commitmentLetterNo ?? row.commitmentLetter ?? cell.url)}
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
  if (column.kind === 'person') {
    return (
      <span>
        {formatPersonWithLogin(
          value as string,
          column.loginField ? (row[column.loginField] as string) : undefined,
        )}
      </span>
    );
  }
  const text = formatValue(column.kind, value, column.dict ? dictionaries[column.dict] : undefined, t);
  const numeric = column.kind === 'price' || column.kind === 'number' || column.kind === 'percent';
  return <span className={numeric ? 'portal-number' : undefined}>{text}</span>;
}
