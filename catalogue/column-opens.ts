import type { ColumnDef } from './types';

/**
 * What a column's value opens for a row: the page, and the record it shows when that is not the row
 * itself but the one the row is about (`opensOther`); nothing when the row names no such record.
 */
export function openedBy(
  column: Pick<ColumnDef, 'opens' | 'opensOther'>,
  row: Record<string, unknown>,
): { pageId: string; objectId?: string } | undefined {
  if (!column.opens) return undefined;
  const other = column.opensOther;
  if (!other) return { pageId: column.opens };
  const id = row[other.id];
  if (typeof id !== 'string' || !id) return undefined;
  const kind = other.kind ? String(row[other.kind] ?? '') : '';
  return { pageId: other.pages?.[kind] ?? column.opens, objectId: id };
}
