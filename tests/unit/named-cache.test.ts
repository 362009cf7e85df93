import { describe, expect, it } from 'vitest';
import { NamedCache } from '../../server/cache/named-cache';

const declaration = { key: 'test', type: '101', maxEntries: 2, defaultTtlSeconds: 60, tables: ['t'] };

/** A cache on a clock the test moves, and a loader that counts its calls. */
function setUp() {
  let now = 1_000_000;
  const cache = new NamedCache<string>(declaration, () => now);
  let loads = 0;
  const load = (value: string) => async () => {
    loads += 1;
    return value;
  };
  return { cache, load, loads: () => loads, advance: (ms: number) => (now += ms) };
}

describe('a named cache', () => {
  it('answers a key from memory until its TTL has passed, then loads it again', async () => {
    const { cache, load, loads, advance } = setUp();
    expect(await cache.get('a', load('one'))).toBe('one');
    expect(await cache.get('a', load('two'))).toBe('one');
    advance(59_000);
    expect(await cache.get('a', load('two'))).toBe('one');
    advance(1_000);
    expect(await cache.get('a', load('three'))).toBe('three');
    expect(loads()).toBe(2);
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 2, entries: 1 });
  });

  it('keeps at most its entry limit, the least recently read going first', async () => {
    const { cache, load } = setUp();
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('a', load('a'));
    await cache.get('c', load('c'));
    expect(cache.stats().entries).toBe(2);
    expect(await cache.get('a', load('a again'))).toBe('a');
    expect(await cache.get('b', load('b again'))).toBe('b again');
  });

  it('does not keep what was loaded while it was being cleared', async () => {
    const { cache } = setUp();
    let finish!: (value: string) => void;
    const pending = cache.get('a', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    finish('read before the write');
    expect(await pending).toBe('read before the write');
    expect(cache.stats().entries).toBe(0);
  });

  it('reads through, keeping and counting nothing, while switched off; a new TTL starts it empty', async () => {
    const { cache, load, loads } = setUp();
    await cache.get('a', load('a'));
    cache.configure({ ttlSeconds: 60, enabled: false });
    expect(cache.stats().entries).toBe(0);
    await cache.get('a', load('a'));
    await cache.get('a', load('a'));
    expect(loads()).toBe(3);
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 1, entries: 0 });
    cache.configure({ ttlSeconds: 30, enabled: true });
    await cache.get('a', load('a'));
    expect(cache.stats()).toMatchObject({ misses: 2, entries: 1 });
  });

  it('remembers a key the load does not know, so an unknown code is not looked up every time', async () => {
    const { cache } = setUp();
    let queries = 0;
    const loadMissing = async () => {
      queries += 1;
      return new Map<string, string>();
    };
    expect((await cache.getMany(['x'], loadMissing, undefined, 'none')).get('x')).toBe('none');
    await cache.getMany(['x'], loadMissing, undefined, 'none');
    expect(queries).toBe(1);
  });
});
