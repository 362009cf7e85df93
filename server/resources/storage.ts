import type { NumberPrefix } from '../../domain/numbering';
import { areaResource } from '../areas/areas';
import { col } from './column';

/**
 * Where a resource's records live. Most resources share the `record` table (keyed by resource); the
 * core entities that are filtered and sorted at volume have typed tables with indexed columns. In
 * both, a wire field without a column of its own is kept in the row's `data` jsonb, so the engine
 * that reads and writes them is one and the same.
 */
export type ColumnType = 'text' | 'numeric' | 'integer' | 'date' | 'timestamptz' | 'boolean' | 'uuid';

export interface ColumnMap {
  column: string;
  type: ColumnType;
}

export interface Storage {
  table: string;
  /** Shared-table storage: the rows of this resource carry its name in the `resource` column. */
  shared: boolean;
  /** Wire field → column, for the fields that have a column. */
  columns: Record<string, ColumnMap>;
  /**
   * The business number the server assigns on create (DOMAIN.md numbering), e.g. OrderNo ← DD.
   * `yearIndexed`: the table indexes the number's year (its prefix and four digits, `DD2025`) in
   * creation order, so a number typed to its year but not its month is searched through that index.
   */
  number?: { field: string; prefix: NumberPrefix; yearIndexed?: true };
  /** Default sort when the page asks for none. */
  defaultSort: string;
  /** Wire fields a general keyword search looks in. */
  keywordFields?: string[];
  /** Wire fields a new row cannot do without (its table's NOT NULL columns that the server does not fill). */
  createRequires?: string[];
  /**
   * Values a new row starts with that no form writes (a new agent's cooperation status): set by the
   * server on create, never taken from the body.
   */
  startingValues?: Record<string, string>;
  /**
   * The table keeps who its record's workflow waits for (`awaiting_role`, `awaiting_person`, written
   * by the projection; one stream per record), so the to-do lens reads the row instead of the streams.
   */
  awaiting?: true;
  /**
   * The rows a group of this resource's rows holds, kept by the group (a ledger account keeps its
   * flows numbered 1, 2, 3…, so its last number is how many it has). A search that filters by nothing
   * but `fields` — the group's own, whose rows all share them — adds up `count` over the groups in
   * `table` instead of counting rows: exactly, and in the time of reading one row per group. `table`
   * has a row per group with the list's columns for those fields and for the scope (the conditions
   * apply to it as written), and `count`. `byNumberYear`: the groups are the business number's years,
   * in the number's column, so a number filter typed no further than the year is answered too.
   */
  keptCount?: { table: string; count: string; fields: readonly string[]; byNumberYear?: true };
}

/** Every record has these, whatever its storage. */
export const baseColumns: Record<string, ColumnMap> = {
  ObjectID: col('object_id', 'uuid'),
  Version: col('version', 'integer'),
  CreationOn: col('created_at', 'timestamptz'),
  CreatedBy: col('created_by_name'),
  ModifiedOn: col('updated_at', 'timestamptz'),
  ModifiedBy: col('updated_by_name'),
};

/** A resource kept in a table of its own, as its area declares it (server/areas). */
export type TableStorage = Omit<Storage, 'shared'>;

/**
 * A field → column map without a prototype: a request naming `constructor` or `toString` finds no
 * column instead of an inherited function.
 */
const columnsOf = (...maps: Record<string, ColumnMap>[]): Record<string, ColumnMap> =>
  Object.assign(Object.create(null), ...maps);

export function storageOf(resource: string): Storage {
  const entry = areaResource(resource);
  const own = entry?.storage;
  if (own) return { ...own, shared: false, columns: columnsOf(baseColumns, own.columns) };
  return {
    table: 'record',
    shared: true,
    columns: columnsOf(baseColumns),
    number: entry?.number,
    defaultSort: '-CreationOn',
  };
}
