import type { ColumnMap, ColumnType } from './storage';

/**
 * A wire field's column and its SQL type (text unless said), as every storage names them. A module of
 * its own, importing types only: the storages are read by the areas, which the storage registry reads.
 */
export const col = (column: string, type: ColumnType = 'text'): ColumnMap => ({ column, type });
