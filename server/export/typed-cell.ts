import type { Worksheet } from 'exceljs';
import type { ColumnDef } from '../../catalogue/types';
import { formatDate, formatDateTime } from '../../domain/format';
import type { Lang } from '../http/i18n';
import { cellText, type DictionaryTexts } from './cell-text';

/** Excel number formats of the typed cells: yuan with two decimals, whole numbers, days, instants. */
export const CELL_FORMATS = {
  money: '#,##0.00',
  number: '0',
  percent: '0.00%',
  date: 'yyyy-mm-dd',
  dateTime: 'yyyy-mm-dd hh:mm:ss',
} as const;

export type CellValue = string | number | Date | null;

/** The number format of a column's cells by the column's kind; text columns have none. */
export function formatOf(kind: ColumnDef['kind']): string | undefined {
  switch (kind) {
    case 'price':
      return CELL_FORMATS.money;
    case 'number':
    case 'percent':
    case 'date':
    case 'dateTime':
      return CELL_FORMATS[kind];
    default:
      return undefined;
  }
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;
const TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

// Excel has no time zones: a cell holds a wall-clock reading, so the day or the business-clock time
// is written as that reading in UTC, which is how the xlsx writer turns a Date into a serial number.
function dayCell(text: string): Date | undefined {
  const m = DAY.exec(text);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : undefined;
}

function timeCell(text: string): Date | undefined {
  const m = TIME.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

const finite = (value: unknown) => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
};

/**
 * A cell as Excel should hold it: amounts, numbers and percentages as numbers and dates as dates, so
 * sums and filters work in Excel; every other value as the table's text (dictionary texts, people,
 * files). A value that cannot be typed is written as the table's text.
 */
export function typedValue(
  column: ColumnDef,
  row: Record<string, unknown>,
  dictionaries: DictionaryTexts,
  lang: Lang,
): CellValue {
  const value = row[column.field];
  const blank = value === undefined || value === null || value === '';
  if (blank && column.kind !== 'person' && column.kind !== 'commitmentLetter') return null;
  const text = () => cellText(column, row, dictionaries, lang);
  switch (column.kind) {
    case 'price':
      return finite(value) ?? text();
    case 'number': {
      const n = finite(value);
      return n === undefined ? text() : Math.floor(n) + 0;
    }
    case 'percent': {
      // A ratio read as a discount is the table's words, not a number a reader would take for the discount.
      if (column.asDiscount) return text();
      const n = finite(value);
      return n === undefined ? text() : n / 100;
    }
    case 'date':
      return dayCell(formatDate(value as string | number)) ?? text();
    case 'dateTime':
      return timeCell(formatDateTime(value as string | number)) ?? text();
    default:
      return text();
  }
}

/**
 * Gives each column of a (streamed) sheet the format of its kind: every cell written to it takes the
 * column's format, which costs far less than a style per cell over 100,000 rows.
 */
export function formatColumns(sheet: Worksheet, columns: ColumnDef[]) {
  sheet.columns = columns.map((column) => {
    const numFmt = formatOf(column.kind);
    return numFmt ? { style: { numFmt } } : {};
  });
}
