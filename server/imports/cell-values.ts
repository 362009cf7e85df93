import { dayOf } from '../http/validate';

/** What a spreadsheet cell holds once exceljs' wrappers are taken off: text, a number, a day or nothing. */
export type CellValue = string | number | boolean | Date | null;

/** exceljs hands rich text, hyperlinks, formulas and errors as objects; a row check wants the value. */
export function plainCell(value: unknown): CellValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    const cell = value as {
      richText?: { text: string }[];
      text?: unknown;
      result?: unknown;
      error?: unknown;
    };
    if (Array.isArray(cell.richText)) return plainCell(cell.richText.map((r) => r.text).join(''));
    if ('result' in cell) return plainCell(cell.result);
    if (typeof cell.text === 'string') return plainCell(cell.text);
    if (cell.error !== undefined) return String(cell.error);
  }
  return String(value);
}

/** A cell as the rejected-rows file repeats it: what the person typed, as text. */
export function cellText(value: CellValue): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

/**
 * A day from a cell: a date cell (exceljs reads it as midnight UTC of the day shown) or text in the
 * portal's form, 'YYYY-MM-DD' (also with slashes, as spreadsheets often write it).
 */
export function dayOfCell(value: CellValue): string | undefined {
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? undefined : dayOf(value.toISOString().slice(0, 10));
  if (typeof value !== 'string') return undefined;
  const text = value.replaceAll('/', '-');
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  return match ? dayOf(`${match[1]}-${match[2].padStart(2, '0')}-${match[3].padStart(2, '0')}`) : undefined;
}

/** A period cell: 'YYYY-MM' as text, or a date cell of any day in the month. */
export function periodOfCell(value: CellValue): string | undefined {
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 7);
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4})[-/.](\d{1,2})$/.exec(value);
  return match ? `${match[1]}-${match[2].padStart(2, '0')}` : undefined;
}
