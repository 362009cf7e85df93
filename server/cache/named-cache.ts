import { approximateBytes } from './approximate-bytes';

/** What the code says of one cache: its key, what it holds (dictionary CacheType) and its bounds. */
export interface CacheDeclaration {
  key: string;
  /** CacheType keyword: 101 dictionaries, 121 menu permissions, 131 product prices, 151 sessions. */
  type: string;
  /** The most entries it keeps; the least recently read one goes first. */
  maxEntries: number;
  /** How long an entry is trusted when no setting says otherwise (docs/cache.md). */
  defaultTtlSeconds: number;
  /** The tables whose writes empty it (migration 042 puts a trigger on each). */
  tables: readonly string[];
  /**
   * The one of `tables` whose rows are its entries: a write of such a row takes out only the entry
   * it names (migration 127), so the many small writes of that table leave the other entries be.
   */
  entryTable?: string;
}

/** What the administrator may set of a cache (cache_setting). */
export interface CacheSettings {
  ttlSeconds: number;
  enabled: boolean;
}

export interface CacheStats {
  entries: number;
  approxBytes: number;
  hits: number;
  misses: number;
  lastClearedAt: Date | null;
  lastLoadedAt: Date | null;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
  bytes: number;
}

/**
 * One named in-process cache: entries by key, each trusted for the TTL, at most `maxEntries` of them
 * (least recently read out first), with hit and miss counts since the server started.
 *
 * A value loaded while the cache was being cleared is answered but not kept: `clear` moves the
 * generation on, and a load that began under an older generation may have read what the clearing
 * write replaced.
 */
export class NamedCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  #generation = 0;
  #hits = 0;
  #misses = 0;
  #lastClearedAt: Date | null = null;
  #lastLoadedAt: Date | null = null;
  settings: CacheSettings;

  constructor(
    readonly declaration: CacheDeclaration,
    private readonly now: () => number = Date.now,
  ) {
    this.settings = { ttlSeconds: declaration.defaultTtlSeconds, enabled: true };
  }

  /** The value of a key: from the cache while fresh, else loaded (and kept when `mayKeep` agrees). */
  async get(key: string, load: () => Promise<V>, mayKeep: () => Promise<boolean> = keep): Promise<V> {
    // A fresh key (a session, on every request) is answered without the sets and maps of `getMany`.
    const fresh = this.settings.enabled ? this.#hit(key, this.now()) : undefined;
    if (fresh) return fresh.value;
    const found = await this.getMany([key], async () => new Map([[key, await load()]]), mayKeep);
    return found.get(key) as V;
  }

  /**
   * The values of several keys at once: the fresh ones from the cache, the others with one load of
   * the missing keys. A key the load does not answer is answered (and kept) as `absent`, so a lookup
   * of an unknown key does not reach the database every time either.
   */
  async getMany(
    keys: readonly string[],
    loadMissing: (missing: string[]) => Promise<Map<string, V>>,
    mayKeep: () => Promise<boolean> = keep,
    absent?: V,
  ): Promise<Map<string, V>> {
    const answer = new Map<string, V>();
    const missing: string[] = [];
    const now = this.now();
    const enabled = this.settings.enabled;
    for (const key of new Set(keys)) {
      // A disabled cache reads through: it neither answers nor counts.
      if (!enabled) {
        missing.push(key);
        continue;
      }
      const entry = this.#hit(key, now);
      if (entry) answer.set(key, entry.value);
      else {
        this.#misses += 1;
        missing.push(key);
      }
    }
    if (!missing.length) return answer;
    const generation = this.#generation;
    const loaded = await loadMissing(missing);
    const keepIt =
      enabled && generation === this.#generation && (await mayKeep()) && generation === this.#generation;
    for (const key of missing) {
      const value = loaded.has(key) ? (loaded.get(key) as V) : absent;
      if (value === undefined) continue;
      answer.set(key, value);
      if (keepIt) this.#store(key, value);
    }
    return answer;
  }

  /** A key's fresh entry, counted as a hit; an expired one goes. A miss is the caller's to count. */
  #hit(key: string, now: number): Entry<V> | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expiresAt <= now) return undefined;
    this.#hits += 1;
    // Read again, it becomes the most recently used: a Map iterates in insertion order.
    this.#entries.set(key, entry);
    return entry;
  }

  #store(key: string, value: V) {
    const at = this.now();
    this.#entries.set(key, {
      value,
      expiresAt: at + this.settings.ttlSeconds * 1000,
      bytes: approximateBytes(key) + approximateBytes(value),
    });
    this.#lastLoadedAt = new Date(at);
    while (this.#entries.size > this.declaration.maxEntries) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }

  /** Forgets every entry; loads under way when it happens are not kept. */
  clear() {
    this.#entries.clear();
    this.#generation += 1;
    this.#lastClearedAt = new Date(this.now());
  }

  /** Forgets one entry; loads under way when it happens are not kept, whichever key they load. */
  forget(key: string) {
    this.#entries.delete(key);
    this.#generation += 1;
  }

  /** New settings start from an empty cache, so no entry outlives the TTL it was kept under. */
  configure(settings: CacheSettings) {
    const changed =
      settings.ttlSeconds !== this.settings.ttlSeconds || settings.enabled !== this.settings.enabled;
    this.settings = { ...settings };
    if (changed) this.clear();
  }

  stats(): CacheStats {
    const now = this.now();
    let entries = 0;
    let approxBytes = 0;
    for (const entry of this.#entries.values()) {
      if (entry.expiresAt <= now) continue;
      entries += 1;
      approxBytes += entry.bytes;
    }
    return {
      entries,
      approxBytes,
      hits: this.#hits,
      misses: this.#misses,
      lastClearedAt: this.#lastClearedAt,
      lastLoadedAt: this.#lastLoadedAt,
    };
  }
}

const keep = async () => true;
