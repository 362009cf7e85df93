import { hostname } from 'node:os';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { type Lang, translate } from '../http/i18n';
import { echoed, fieldError, fieldMissing } from '../http/validate';
import { businessIso } from '../jobs/job.wire';
import { MAX_PAGE_SIZE } from '../resources/search';
import type { NamedCache } from './named-cache';
import { CACHE_CHANNEL, type CacheKey, isCacheKey, type PortalCaches } from './portal-caches';

const RESOURCE = 'cacheConfig';
export const TTL_RANGE = { min: 10, max: 86_400 } as const;
const MAX_REMARK = 200;

/** The server process whose figures a row shows (each process keeps caches of its own). */
const INSTANCE = `${hostname()}#${process.pid}`;

interface SettingRow {
  cache_key: string;
  ttl_seconds: number;
  enabled: boolean;
  remark: string | null;
  version: number;
  updated_at: Date;
  updated_by_name: string | null;
}

async function settingRows(db: Db): Promise<Map<string, SettingRow>> {
  const { rows } = await sql<SettingRow>`select cache_key, ttl_seconds, enabled, remark, version, updated_at,
      updated_by_name from cache_setting`.execute(db);
  return new Map(rows.map((r) => [r.cache_key, r]));
}

const hitRate = (hits: number, misses: number) =>
  hits + misses === 0 ? null : ((hits * 100) / (hits + misses)).toFixed(2);

/** One cache as the cache configuration page shows it: its settings and this process's figures. */
function toWire(cache: NamedCache<unknown>, setting: SettingRow | undefined, lang: Lang) {
  const { key, type, maxEntries, tables } = cache.declaration;
  const stats = cache.stats();
  return {
    ObjectID: key,
    CacheKey: key,
    Name: translate(lang, `caches.names.${key}`),
    ExtCacheType_SDK: type,
    SourceTables: tables.join(', '),
    TtlSeconds: cache.settings.ttlSeconds,
    Enabled: cache.settings.enabled,
    MaxEntries: maxEntries,
    EntryCount: stats.entries,
    SizeBytes: stats.approxBytes,
    Hits: stats.hits,
    Misses: stats.misses,
    HitRate: hitRate(stats.hits, stats.misses),
    LastRefreshedOn: businessIso(stats.lastLoadedAt),
    LastClearedOn: businessIso(stats.lastClearedAt),
    Instance: INSTANCE,
    Remark: setting?.remark ?? null,
    // A cache nobody has set yet is at version 0: its first save creates its settings.
    Version: setting?.version ?? 0,
    ModifiedBy: setting?.updated_by_name ?? null,
    ModifiedOn: businessIso(setting?.updated_at ?? null),
  };
}
export type CacheRow = ReturnType<typeof toWire>;

const filterText = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.string().trim().max(200).optional(),
);
export const cacheSearch = z.object({
  currentPage: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  sort: filterText,
  keyword: filterText,
  PageID: filterText,
  CacheKey: filterText,
  Name: filterText,
  ExtCacheType_SDK: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.union([z.string().max(20), z.array(z.string().max(20)).max(10)]).optional(),
  ),
  Enabled: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v === 'true' ? true : v === 'false' ? false : v),
    z.boolean().optional(),
  ),
});

const SORTABLE = new Set(['CacheKey', 'LastRefreshedOn', 'HitRate', 'EntryCount']);
const contains = (value: unknown, wanted: string) =>
  String(value ?? '')
    .toLowerCase()
    .includes(wanted.toLowerCase());

/** The server's caches, filtered and sorted as the page asks: there are a handful, so in memory. */
export async function searchCaches(
  db: Db,
  caches: PortalCaches,
  body: z.infer<typeof cacheSearch>,
  lang: Lang,
) {
  const settings = await settingRows(db);
  let rows = caches.all().map((cache) => toWire(cache, settings.get(cache.declaration.key), lang));
  const types = body.ExtCacheType_SDK === undefined ? undefined : [body.ExtCacheType_SDK].flat();
  rows = rows.filter(
    (row) =>
      (!body.CacheKey || contains(row.CacheKey, body.CacheKey)) &&
      (!body.Name || contains(row.Name, body.Name)) &&
      (!body.keyword || contains(row.CacheKey, body.keyword) || contains(row.Name, body.keyword)) &&
      (!types || types.includes(row.ExtCacheType_SDK)) &&
      (body.Enabled === undefined || row.Enabled === body.Enabled),
  );
  const field = (body.sort ?? 'CacheKey').replace(/^-/, '');
  if (!SORTABLE.has(field)) throw new PortalError(400, 'server.unknownSort', { field: echoed(field) });
  const direction = body.sort?.startsWith('-') ? -1 : 1;
  const sortValue = (row: CacheRow) => row[field as keyof CacheRow];
  rows.sort((a, b) => {
    const [x, y] = [sortValue(a), sortValue(b)];
    if (x === y) return a.CacheKey.localeCompare(b.CacheKey);
    if (x === null) return 1;
    if (y === null) return -1;
    const numeric = field === 'HitRate' || field === 'EntryCount';
    return direction * (numeric ? Number(x) - Number(y) : String(x).localeCompare(String(y)));
  });
  const start = (body.currentPage - 1) * body.pageSize;
  return { rows: rows.slice(start, start + body.pageSize), total: rows.length };
}

function cacheOf(caches: PortalCaches, id: unknown): { key: CacheKey; cache: NamedCache<unknown> } {
  if (id === undefined || id === null || id === '') throw fieldMissing(undefined, 'ObjectID');
  if (!isCacheKey(id)) throw new PortalError(404, 'server.recordNotFound');
  return { key: id, cache: caches.cache(id) };
}

const WRITABLE = new Set(['TtlSeconds', 'Enabled', 'Remark']);
const REQUEST_FIELDS = new Set(['ObjectID', 'objectID', 'Version', 'PageID']);

/** The settings an update asks for, each checked and refused by its label. */
function changesOf(
  body: Record<string, unknown>,
  current: SettingRow | undefined,
  cache: NamedCache<unknown>,
) {
  for (const key of Object.keys(body))
    if (!WRITABLE.has(key) && !REQUEST_FIELDS.has(key))
      throw new PortalError(400, 'server.notWritable', { field: echoed(key), resource: RESOURCE });
  let ttl = current?.ttl_seconds ?? cache.declaration.defaultTtlSeconds;
  if (body.TtlSeconds !== undefined) {
    const n = typeof body.TtlSeconds === 'string' ? Number(body.TtlSeconds.trim()) : body.TtlSeconds;
    if (body.TtlSeconds === null || body.TtlSeconds === '') throw fieldMissing(RESOURCE, 'TtlSeconds');
    if (typeof n !== 'number' || !Number.isInteger(n) || n < TTL_RANGE.min || n > TTL_RANGE.max)
      throw fieldError(RESOURCE, 'TtlSeconds', { key: 'caches.problems.ttl', params: TTL_RANGE });
    ttl = n;
  }
  let enabled = current?.enabled ?? true;
  if (body.Enabled !== undefined) {
    const value = body.Enabled === 'true' ? true : body.Enabled === 'false' ? false : body.Enabled;
    if (typeof value !== 'boolean') throw fieldError(RESOURCE, 'Enabled', 'server.problems.invalid');
    enabled = value;
  }
  let remark = current?.remark ?? null;
  if (body.Remark !== undefined) {
    if (body.Remark !== null && typeof body.Remark !== 'string')
      throw fieldError(RESOURCE, 'Remark', 'server.problems.invalid');
    remark = body.Remark?.trim() || null;
    if (remark && remark.length > MAX_REMARK)
      throw fieldError(RESOURCE, 'Remark', {
        key: 'server.problems.tooBig.string',
        params: { limit: MAX_REMARK },
      });
  }
  return { ttl, enabled, remark };
}

/**
 * Saves a cache's settings for every server process (the write notifies them all) and applies them
 * here before answering. The version the editor saw must still be the stored one.
 */
export async function updateCache(
  db: Db,
  caches: PortalCaches,
  body: Record<string, unknown>,
  by: string,
  lang: Lang,
) {
  const { key, cache } = cacheOf(caches, body.ObjectID ?? body.objectID);
  const version = body.Version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0)
    throw fieldMissing(undefined, 'Version');
  const current = (await settingRows(db)).get(key);
  const next = changesOf(body, current, cache);
  const written =
    version === 0
      ? await sql`insert into cache_setting (cache_key, ttl_seconds, enabled, remark, updated_by_name)
          values (${key}, ${next.ttl}, ${next.enabled}, ${next.remark}, ${by})
          on conflict (cache_key) do nothing`.execute(db)
      : await sql`update cache_setting set ttl_seconds = ${next.ttl}, enabled = ${next.enabled},
          remark = ${next.remark}, version = version + 1, updated_at = now(), updated_by_name = ${by}
        where cache_key = ${key} and version = ${version}`.execute(db);
  if (Number(written.numAffectedRows ?? 0) !== 1) throw new PortalError(409, 'server.staleWrite');
  await caches.reloadSettings();
  return toWire(cache, (await settingRows(db)).get(key), lang);
}

/** Empties a cache in this process at once and, through the database, in every other one. */
export async function clearCache(db: Db, caches: PortalCaches, id: unknown, lang: Lang) {
  const { key, cache } = cacheOf(caches, id);
  cache.clear();
  await sql`select pg_notify(${CACHE_CHANNEL}, ${`${caches.schema}:cache:${key}`})`.execute(db);
  return toWire(cache, (await settingRows(db)).get(key), lang);
}
