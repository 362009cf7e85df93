import type { CommitmentLetterCell } from './cell-rules';
import { discountWords } from './discount';
import {
  formatDate,
  formatDateTime,
  formatFileSize,
  formatNumber,
  formatPersonWithLogin,
  formatPrice,
} from './format';

/**
 * What the text of a value needs from its reader: the words of their language. The table and the
 * exported sheet read them from different places (the browser's dictionaries and messages, the
 * server's), so they come in as functions and the rules below stay one.
 */
export interface ValueWords {
  /** The word of a dictionary keyword of the column's dictionary; undefined when it has none. */
  dictionaryText?: (keyword: string) => string | undefined;
  /** 'Yes' or 'no'; without it a flag reads as it was sent. */
  yesNo?: (yes: boolean) => string;
  /** A structured value of a kind that has no rule of its own; without it, as String() writes it. */
  objectText?: (value: object) => string;
  /** The words of a step waiting for a role (待财务审批); undefined for a role without a name. */
  awaitingText?: (role: string) => string | undefined;
  /** A price ratio in percent as the words of its discount; without it the ratio shows as a percent. */
  discountText?: (ratioPercent: unknown) => string;
}

/** A translator of the reader's language, the browser's or the server's. */
type Words = (key: string, params?: Record<string, unknown>) => string;

/** `awaitingText` from a translator: the role's name (`decision.roles.<code>`) in `app.kit.awaitingRole`. */
export const awaitingTextOf =
  (t: Words) =>
  (role: string): string | undefined => {
    const key = `decision.roles.${role}`;
    const name = t(key);
    return name === key ? undefined : t('app.kit.awaitingRole', { role: name });
  };

/** `discountText` from a translator: the ratio in the special-price pages' discount words (9.7折（优惠 3.00%）). */
export const discountTextOf =
  (t: Words) =>
  (ratioPercent: unknown): string => {
    const words = discountWords(ratioPercent);
    return words ? t(`specialPrices.page.${words.key}`, words.params) : String(ratioPercent ?? '');
  };

/** The fields of a column its text depends on (a catalogue column has them all). */
export interface TextColumn {
  field: string;
  kind: string;
  /** For people: the field of their login, shown as name(login). */
  loginField?: string;
  /** For a workflow's status: the field of the role it waits for, which names the step. */
  awaitingRole?: string;
  /** A percent read as a discount (catalogue `col.discount`). */
  asDiscount?: boolean;
}

/** The text of a value by its kind (SPEC §9: dates 10 characters, prices 2 decimals, numbers floored). */
export function valueText(kind: string, value: unknown, words: ValueWords = {}): string {
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
      return words.yesNo ? words.yesNo(value === true || value === 'true') : String(value);
    case 'dict':
      return words.dictionaryText?.(String(value)) ?? String(value);
    case 'file':
      return Array.isArray(value)
        ? value.map((f) => (f as { FileName?: string }).FileName ?? '').join(', ')
        : String(value);
    default:
      return typeof value === 'object' && words.objectText ? words.objectText(value) : String(value);
  }
}

/** The text of a row's cell: people as name(login) even without a name, any other value by its kind. */
export function cellValueText(column: TextColumn, row: Record<string, unknown>, words: ValueWords = {}) {
  const value = row[column.field];
  if (column.kind === 'person') {
    return formatPersonWithLogin(
      value as string | null,
      column.loginField ? (row[column.loginField] as string | null) : undefined,
    );
  }
  if (column.asDiscount && words.discountText && value !== undefined && value !== null && value !== '')
    return words.discountText(value);
  const awaited = column.awaitingRole ? row[column.awaitingRole] : undefined;
  if (typeof awaited === 'string' && awaited) {
    const step = words.awaitingText?.(awaited);
    if (step) return step;
  }
  return valueText(column.kind, value, words);
}

/** The words of a commitment letter's link: its number when the row has one, else its address. */
export const letterLinkText = (
  row: Record<string, unknown>,
  cell: Extract<CommitmentLetterCell, { kind: 'link' }>,
) => String(row.commitmentLetterNo ?? row.commitmentLetter ?? cell.url);
