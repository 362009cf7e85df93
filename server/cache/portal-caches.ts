import { type KyselyPlugin, sql } from 'kysely';
import { CacheType } from '../../domain/codes/base.codes';
import type { Db } from '../db/database';
import { type CacheDeclaration, type CacheSettings, NamedCache } from './named-cache';

/**
 * The server's caches (docs/cache.md): what every request reads and hardly anything writes. Each
 * is emptied by any write of its tables, in every server process, through the database's
 * notifications (migration 042's triggers).
 */
export const CACHE_DECLARATIONS = [
  // The options of every dictionary, by code: every list, form and filter asks for them.
  {
    key: 'dictionary',
    type: CacheType.dictionaries,
    maxEntries: 500,
    defaultTtlSeconds: 3600,
    tables: ['dictionary_entry'],
  },
  // The pages a role's menu list holds and what they grant: every request is checked against them.
  {
    key: 'roleMenu',
    type: CacheType.menuPermissions,
    maxEntries: 200,
    defaultTtlSeconds: 600,
    tables: ['role_menu'],
  },
  // Products with their standard and cost prices, by code: order, loan and special-price lines.
  {
    key: 'standardPrice',
    type: CacheType.productPrices,
    maxEntries: 5000,
    defaultTtlSeconds: 600,
    tables: ['product'],
  },
  // Who holds a token: the session with its employee and role (session_caller), read by every
  // request. A session's own write names its token, so only that entry goes (a logout, an idle
  // revocation, the minute's touch); an employee's or a role's write empties it all. The TTL matches
  // the touch, so a session is read afresh about once a minute whatever else happens.
  {
    key: 'session',
    type: CacheType.sessions,
    maxEntries: 5000,
    defaultTtlSeconds: 60,
    tables: ['session_token', 'employee', 'role'],
    entryTable: 'session_token',
  },
] as const satisfies readonly CacheDeclaration[];

export type CacheKey = (typeof CACHE_DECLARATIONS)[number]['key'];

/**
 * The channel the database announces changes on; a payload is `<schema>:table:<t>`,
 * `<schema>:entry:<t>:<entry>` (a row of a cache's entry table) or `<schema>:cache:<key>`.
 */
export const CACHE_CHANNEL = 'portal_cache';
const SETTINGS_TABLE = 'cache_setting';

export const isCacheKey = (value: unknown): value is CacheKey =>
  typeof value === 'string' && CACHE_DECLARATIONS.some((d) => d.key === value);

const entryTableOf = (cache: NamedCache<unknown>): string | undefined =>
  (cache.declaration as CacheDeclaration).entryTable;

/** The caches of one database handle; every process (and every handle) has its own. */
export class PortalCaches {
  readonly #caches = new Map<CacheKey, NamedCache<unknown>>();
  #db: Db | undefined;
  #settings: Promise<void> | undefined;
  #settingsLoaded = false;

  constructor(
    /** The schema whose tables these caches hold; another schema's changes are not theirs. */
    public schema = 'public',
    now: () => number = Date.now,
  ) {
    for (const declaration of CACHE_DECLARATIONS)
      this.#caches.set(declaration.key, new NamedCache<unknown>(declaration, now));
  }

  /** The handle the caches load their settings through (the one `withCaches` answered). */
  attach(db: Db) {
    this.#db = db;
  }

  cache<V>(key: CacheKey): NamedCache<V> {
    return this.#caches.get(key) as NamedCache<V>;
  }

  all(): NamedCache<unknown>[] {
    return [...this.#caches.values()];
  }

  /** Whether the administrator's settings have been read (else the code's defaults apply). */
  get settingsLoaded() {
    return this.#settingsLoaded;
  }

  /**
   * Reads the settings once, before the first cached read outside a transaction; a transaction keeps
   * to the settings in force (a failed read would abort it on PostgreSQL).
   */
  async ready(db: Db) {
    if (this.#settingsLoaded || db.isTransaction) return;
    await this.reloadSettings();
  }

  reloadSettings(): Promise<void> {
    this.#settings ??= this.#readSettings().finally(() => {
      this.#settings = undefined;
    });
    return this.#settings;
  }

  async #readSettings() {
    if (!this.#db) return;
    try {
      const rows = await sql<{
        cache_key: string;
        ttl_seconds: number;
        enabled: boolean;
      }>`select cache_key, ttl_seconds, enabled from cache_setting`.execute(this.#db);
      this.applySettings(new Map(rows.rows.map((r) => [r.cache_key, r])));
      this.#settingsLoaded = true;
    } catch {
      // Not migrated yet (the first start reads before it migrates): the defaults hold meanwhile.
    }
  }

  applySettings(rows: Map<string, { ttl_seconds: number; enabled: boolean }>) {
    for (const cache of this.all()) {
      const row = rows.get(cache.declaration.key);
      const settings: CacheSettings = row
        ? { ttlSeconds: row.ttl_seconds, enabled: row.enabled }
        : { ttlSeconds: cache.declaration.defaultTtlSeconds, enabled: true };
      cache.configure(settings);
    }
  }

  /** A notification of the database: a table of some caches changed, or a cache was cleared. */
  changed(payload: string) {
    const [schema, kind, name, entry] = payload.split(':');
    if (schema !== this.schema) return;
    if (kind === 'table' && name === SETTINGS_TABLE) void this.reloadSettings();
    else if (kind === 'table')
      for (const cache of this.all()) {
        if ((cache.declaration.tables as readonly string[]).includes(name)) cache.clear();
      }
    else if (kind === 'entry')
      for (const cache of this.all()) {
        if (entryTableOf(cache) === name) cache.forget(entry ?? '');
      }
    else if (kind === 'cache' && isCacheKey(name)) this.cache(name).clear();
  }

  /** After a lost connection to the notifications: whatever was missed, nothing stale is kept. */
  clearAll() {
    for (const cache of this.all()) cache.clear();
    void this.reloadSettings();
  }
}

/**
 * Carries the caches with a database handle into every transaction opened from it (a plugin travels
 * with the handle's executor), so code that holds only a transaction reaches them too. It leaves
 * queries and results as they are.
 */
class CachesPlugin implements KyselyPlugin {
  constructor(readonly caches: PortalCaches) {}
  transformQuery(args: Parameters<KyselyPlugin['transformQuery']>[0]) {
    return args.node;
  }
  async transformResult(args: Parameters<KyselyPlugin['transformResult']>[0]) {
    return args.result;
  }
}

export function withCaches(db: Db, caches: PortalCaches): Db {
  const carried = db.withPlugin(new CachesPlugin(caches));
  caches.attach(carried);
  return carried;
}

export function cachesOf(db: Db): PortalCaches | undefined {
  for (const plugin of db.getExecutor().plugins) if (plugin instanceof CachesPlugin) return plugin.caches;
  return undefined;
}

/**
 * May what a transaction read be kept for everyone? Only while it has written nothing (its reads
 * could otherwise hold its own uncommitted rows) and reads the latest committed rows (read committed).
 */
async function mayKeepReadOf(db: Db): Promise<boolean> {
  if (!db.isTransaction) return true;
  const { rows } = await sql<{ ok: boolean }>`select pg_current_xact_id_if_assigned() is null
    and current_setting('transaction_isolation') = 'read committed' as ok`.execute(db);
  return rows[0]?.ok === true;
}

/**
 * Reads a value through a cache: from it when fresh, else `load`ed (through the same handle or
 * transaction) and kept. A handle without caches reads straight through. A transaction that writes
 * a cached table must not read that table through its cache: it would see the rows before its writes.
 */
export async function readThrough<V>(
  db: Db,
  key: CacheKey,
  entry: string,
  load: () => Promise<V>,
): Promise<V> {
  const caches = cachesOf(db);
  if (!caches) return load();
  await caches.ready(db);
  return caches.cache<V>(key).get(entry, load, () => mayKeepReadOf(db));
}

/** Several entries at once; `absent` stands for a key the load does not answer (kept like a value). */
export async function readManyThrough<V>(
  db: Db,
  key: CacheKey,
  entries: readonly string[],
  loadMissing: (missing: string[]) => Promise<Map<string, V>>,
  absent: V,
): Promise<Map<string, V>> {
  const caches = cachesOf(db);
  if (!caches) {
    const loaded = await loadMissing([...new Set(entries)]);
    return new Map(entries.map((e) => [e, loaded.has(e) ? (loaded.get(e) as V) : absent]));
  }
  await caches.ready(db);
  return caches.cache<V>(key).getMany(entries, loadMissing, () => mayKeepReadOf(db), absent);
}
