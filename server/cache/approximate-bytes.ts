/**
 * About how much memory a cached value takes, for the cache page's size column: two bytes a
 * character, eight a number, a few dozen for each object, array, set or map and each of its slots.
 * An estimate to compare caches by, not a measurement of the heap.
 */
export function approximateBytes(value: unknown, depth = 0): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string') return 16 + value.length * 2;
  if (typeof value === 'number' || typeof value === 'bigint') return 8;
  if (typeof value === 'boolean') return 4;
  if (typeof value !== 'object' || depth > 8) return 8;
  if (value instanceof Date) return 24;
  const items: unknown[] =
    value instanceof Map
      ? [...value.entries()].flat()
      : value instanceof Set || Array.isArray(value)
        ? [...value]
        : Object.entries(value).flat();
  let bytes = 32;
  for (const item of items) bytes += 8 + approximateBytes(item, depth + 1);
  return bytes;
}
