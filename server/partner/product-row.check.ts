import { yuanToFen } from '../../domain/money';

/** A product of the product source's feed, as the portal keeps it. */
export interface SourceProduct {
  pn: string;
  name: string;
  category: string;
  priceFen: number;
  brand: string | null;
  pattern: string | null;
  model: string | null;
  description: string | null;
  enabled: boolean;
}

/** Why a product row cannot be taken: a key under partner.products.reasons and its params. */
export interface ProductRefusal {
  pn: string | null;
  key: string;
  params: Record<string, unknown>;
}

const PART_NUMBER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const MAX_TEXT = 200;

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * One raw feed line checked: JSON, a part number the portal can key by, a name, a category of the
 * ProductCategory dictionary and a standard price in yuan of at most two decimals. Anything else is
 * the source's error, refused with its reason and the part number where there is one.
 */
export function checkProductRow(
  raw: string,
  categories: ReadonlySet<string>,
): SourceProduct | ProductRefusal {
  let row: Record<string, unknown>;
  try {
    row = JSON.parse(raw);
  } catch (error) {
    return { pn: null, key: 'malformed', params: { problem: (error as Error).message } };
  }
  if (!row || typeof row !== 'object' || Array.isArray(row))
    return { pn: null, key: 'notObject', params: {} };
  const pn = text(row.pn);
  if (!pn || !PART_NUMBER.test(pn))
    return { pn, key: 'badPartNumber', params: { value: String(row.pn ?? '') } };
  const refuse = (key: string, params: Record<string, unknown> = {}): ProductRefusal => ({ pn, key, params });
  const name = text(row.name);
  if (!name || name.length > MAX_TEXT) return refuse('badName');
  const category = text(row.category);
  if (!category || !categories.has(category))
    return refuse('badCategory', { value: String(row.category ?? '') });
  let priceFen: number;
  try {
    if (typeof row.standardPrice !== 'string') throw new TypeError('not text');
    priceFen = yuanToFen(row.standardPrice);
  } catch {
    return refuse('badPrice', { value: String(row.standardPrice ?? '') });
  }
  if (priceFen < 0) return refuse('badPrice', { value: String(row.standardPrice) });
  const optional = (value: unknown) => text(value)?.slice(0, MAX_TEXT) ?? null;
  return {
    pn,
    name,
    category,
    priceFen,
    brand: optional(row.brand),
    pattern: optional(row.pattern),
    model: optional(row.model),
    description: optional(row.description),
    enabled: row.enabled !== false,
  };
}

export const isProductRefusal = (value: SourceProduct | ProductRefusal): value is ProductRefusal =>
  'key' in value;
