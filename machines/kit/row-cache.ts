import { rowStore } from '../../services/preferences.service';

type Row = Record<string, unknown>;

/** The session-storage name of a resource's detail row, as the list links give it (sessionRowName). */
export const sessionRowNameOf = (resource: string) => `${resource}Row`;

export const cacheRow = (name: string, row: Row) => rowStore.set(name, row);

/** The cached row under that name, only when it is the record asked for (a link may name another). */
export function cachedRow(name: string | undefined, objectId: string | undefined): Row | undefined {
  if (!name || !objectId) return undefined;
  const row = rowStore.get<Row>(name);
  return row && String(row.ObjectID) === objectId ? row : undefined;
}
