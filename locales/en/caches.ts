import type { caches as zh } from '../zh/caches';

/** The cache configuration page (docs/cache.md); field labels are field.cacheConfig.*. */
export const caches: typeof zh = {
  names: {
    dictionary: 'Dictionaries',
    roleMenu: 'Role menu permissions',
    standardPrice: 'Product standard prices',
    session: 'Sessions',
  },
  actions: 'Actions',
  clear: 'Clear',
  clearLabel: 'Clear cache {{name}}',
  cleared: 'Cache “{{name}}” cleared; every server loads it again',
  perServer:
    'Entries, hits and misses are those of the server answering this page since it started; each server keeps its own caches, while clearing and settings apply to every server.',
  problems: {
    ttl: 'must be a whole number from {{min}} to {{max}}',
  },
};
