/** Input and upload checks of SPEC §5. Messages live in the locales; these return message keys. */

const POSITIVE_INTEGER = /^[1-9]\d*$/;
// No leading zeros ('01.5'), at most two decimals, no sign: the usual money-input pattern.
const NON_NEGATIVE_MONEY = /^(?:0|[1-9]\d*)(?:\.\d{1,2})?$/;

/** A whole number above zero, as a number or as a digit string without sign or leading zeros. */
export function isPositiveInteger(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0;
  return typeof value === 'string' && POSITIVE_INTEGER.test(value);
}

/** A number ≥ 0 with at most 2 decimals, as a number or a numeric string. */
export function isNonNegativeMoney(value: unknown): boolean {
  // String(number) is the shortest text reading back as the same double, so 0.1 + 0.2 has 17 decimals and fails.
  if (typeof value === 'number') return Number.isFinite(value) && NON_NEGATIVE_MONEY.test(String(value));
  return typeof value === 'string' && NON_NEGATIVE_MONEY.test(value);
}

// A plain decimal as a person types it: digits, at most one point, an optional minus; never 1e3 or 0x10.
const DECIMAL_TEXT = /^-?\d+(?:\.\d+)?$/;

/**
 * The number a numeric text spells, or NaN: Number() would read "1e3" as a thousand, "0x10" as 16 and
 * "Infinity" as a number, none of which anyone typed as a quantity.
 */
export function numberOfText(text: string): number {
  const trimmed = text.trim();
  return DECIMAL_TEXT.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The integer-input rule: every non-digit character goes, on key-up and on blur. */
export function stripNonDigits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

export interface UploadFile {
  name: string;
  size: number;
  type: string;
}

export interface UploadRules {
  /** Extensions ('pdf', '.pdf'), MIME types ('image/png') or MIME families ('image/*'). */
  accept?: string[];
  maxSizeMb?: number;
  forbidDuplicates?: boolean;
  limit?: number;
}

export type UploadError =
  | { code: 'count'; params: { limit: number } }
  | { code: 'format'; params: { types: string } }
  | { code: 'size'; params: { n: number } }
  | { code: 'duplicate'; params: { name: string } };

const BYTES_PER_MB = 1024 * 1024;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

function matchesAccept(file: UploadFile, accept: string[]): boolean {
  const extension = extensionOf(file.name);
  const mime = file.type.toLowerCase();
  return accept.some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (rule.endsWith('/*')) return mime.startsWith(rule.slice(0, -1));
    if (rule.includes('/')) return mime === rule;
    return extension !== '' && extension === rule.replace(/^\./, '');
  });
}

/**
 * First problem with adding `file` next to the `existing` ones, or null. Checked in the order count,
 * format, size, duplicate, so the user sees the most general problem first.
 */
export function checkUploadFile(
  file: UploadFile,
  rules: UploadRules,
  existing: ReadonlyArray<Pick<UploadFile, 'name' | 'size'>> = [],
): UploadError | null {
  const { accept, maxSizeMb, forbidDuplicates, limit } = rules;
  if (limit !== undefined && existing.length + 1 > limit) return { code: 'count', params: { limit } };
  if (accept && accept.length > 0 && !matchesAccept(file, accept)) {
    return { code: 'format', params: { types: accept.join('/') } };
  }
  // The spec says smaller than the limit, so a file of exactly n MB is refused.
  if (maxSizeMb !== undefined && !(file.size < maxSizeMb * BYTES_PER_MB)) {
    return { code: 'size', params: { n: maxSizeMb } };
  }
  if (forbidDuplicates && existing.some((f) => f.name === file.name && f.size === file.size)) {
    return { code: 'duplicate', params: { name: file.name } };
  }
  return null;
}
