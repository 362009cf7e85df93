import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readThrough } from '../../server/cache/portal-caches';
import { openDatabase } from '../../server/db/database';
import { startTestApp, type TestApp } from './harness';

/** The server's caches at /baseManage/cache-config (docs/cache.md). */
let t: TestApp;
let admin: string;
let ops: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
  ops = await t.login('ops', 'Demo@123456');
});
afterAll(() => t.close());

type Row = Record<string, any>;
const caches = async (): Promise<Record<string, Row>> => {
  const { status, body } = await t.post('/cacheConfig/search', { pageSize: 50 }, admin);
  expect(status).toBe(200);
  return Object.fromEntries(body.results.map((r: Row) => [r.CacheKey, r]));
};
const clear = (key: string, token = admin) => t.post('/cacheConfig/clear', { ObjectID: key }, token);
const dictionary = (code: string) =>
  t.post('/commonSession/searchAll', { code }, ops).then((r) => r.body.results as Row[]);

describe('the cache configuration', () => {
  it("lists the server's caches by name, type and settings, to the system administrator", async () => {
    const { body } = await t.post('/cacheConfig/search', { pageSize: 50 }, admin, {
      'accept-language': 'en',
    });
    expect(body.totalSize).toBe(4);
    const byKey = Object.fromEntries(body.results.map((r: Row) => [r.CacheKey, r]));
    expect(byKey.dictionary).toMatchObject({ Name: 'Dictionaries', ExtCacheType_SDK: '101', Enabled: true });
    expect(byKey.roleMenu).toMatchObject({ ExtCacheType_SDK: '121', SourceTables: 'role_menu' });
    expect(byKey.standardPrice).toMatchObject({ ExtCacheType_SDK: '131', SourceTables: 'product' });
    expect(byKey.session).toMatchObject({
      Name: 'Sessions',
      ExtCacheType_SDK: '151',
      SourceTables: 'session_token, employee, role',
    });
    const filtered = await t.post('/cacheConfig/search', { ExtCacheType_SDK: '131' }, admin);
    expect(filtered.body.results.map((r: Row) => r.CacheKey)).toEqual(['standardPrice']);
  });

  it('counts a hit for a repeated read and a miss for the first, and clear empties the cache', async () => {
    await clear('dictionary');
    const before = (await caches()).dictionary;
    expect(before.EntryCount).toBe(0);
    const first = await dictionary('OrderChannel');
    const second = await dictionary('OrderChannel');
    expect(second).toEqual(first);
    expect(first.length).toBeGreaterThan(0);
    const after = (await caches()).dictionary;
    expect(after.Misses - before.Misses).toBe(1);
    expect(after.Hits - before.Hits).toBe(1);
    expect(after.EntryCount).toBe(1);
    expect(after.SizeBytes).toBeGreaterThan(0);
    expect(Number(after.HitRate)).toBeGreaterThan(0);

    const cleared = await clear('dictionary');
    expect(cleared.body.state).toBe(true);
    expect(cleared.body.results).toMatchObject({ CacheKey: 'dictionary', EntryCount: 0 });
    expect(cleared.body.results.LastClearedOn).toBeTruthy();
    await dictionary('OrderChannel');
    expect((await caches()).dictionary.Misses - after.Misses).toBe(1);
  });

  it('answers every request of a role from its cached menus, and a menu change applies at once', async () => {
    const channel = await t.login('channel', 'Demo@123456');
    const before = (await caches()).roleMenu;
    expect((await t.post('/salesReport/search', { pageSize: 1 }, channel)).status).toBe(200);
    expect((await t.post('/salesReport/search', { pageSize: 1 }, channel)).status).toBe(200);
    expect((await caches()).roleMenu.Hits).toBeGreaterThan(before.Hits);

    // The administrator takes the report pages from the channel managers' menus: refused right away.
    const role = (await t.post('/roleToMenu/getOne', { ObjectID: 'JS010' }, admin)).body.results;
    const kept = role.RoleToMenuMenuList.filter((m: Row) => !String(m.Path).startsWith('report.'));
    const saved = await t.post(
      '/roleToMenu/update',
      { ObjectID: 'JS010', Version: role.Version, RoleToMenuMenuList: kept },
      admin,
    );
    expect(saved.body.state).toBe(true);
    expect((await t.post('/salesReport/search', { pageSize: 1 }, channel)).status).toBe(403);
  });

  it('empties the standard prices when a product is written, so the next order line reads the new price', async () => {
    const product = (await t.post('/product/search', { pageSize: 1, sort: 'pn' }, ops)).body.results[0];
    const price = () =>
      t
        .post('/product/getStandardPrice', { ProductCodes: [product.pn] }, ops)
        .then((r) => r.body.results[0]?.StandardPrice);
    const was = await price();
    expect(await price()).toBe(was);
    expect((await caches()).standardPrice.EntryCount).toBeGreaterThan(0);

    const raised = (Number(was) + 100).toFixed(2);
    const update = await t.post(
      '/product/update',
      { ObjectID: product.ObjectID, Version: product.Version, ExtStandardPrice_SDK: raised },
      ops,
    );
    expect(update.body.state).toBe(true);
    expect((await caches()).standardPrice.EntryCount).toBe(0);
    expect(await price()).toBe(raised);
  });

  it("answers a session's next request from the cache, and another person's login leaves it there", async () => {
    const finance = await t.login('finance', 'Demo@123456');
    expect((await t.post('/user/getInfo', {}, finance)).body.state).toBe(true);
    const before = (await caches()).session;
    await t.login('gd', 'Demo@123456');
    expect((await t.post('/user/getInfo', {}, finance)).body.state).toBe(true);
    const after = (await caches()).session;
    // Two reads (finance's request, then the administrator's own), neither loaded afresh.
    expect(after.Hits - before.Hits).toBe(2);
    expect(after.Misses - before.Misses).toBe(0);
  });

  it('refuses a cached session at once when its account is disabled outside the portal', async () => {
    const vp = await t.login('vp', 'Demo@123456');
    expect((await t.post('/user/getInfo', {}, vp)).body.state).toBe(true);
    expect((await t.post('/user/getInfo', {}, vp)).body.state).toBe(true);
    const db = t.database.db;
    await sql`update employee set enabled = false where username = 'vp'`.execute(db);
    try {
      expect((await t.post('/user/getInfo', {}, vp)).body).toMatchObject({ code: '401', state: false });
    } finally {
      await sql`update employee set enabled = true where username = 'vp'`.execute(db);
    }
    expect((await t.post('/user/getInfo', {}, vp)).body.state).toBe(true);
  });

  it('refuses a cached session at once when it is revoked outside the portal', async () => {
    const province = await t.login('province', 'Demo@123456');
    const id = (await t.post('/user/getInfo', {}, province)).body.results.ObjectID;
    expect((await t.post('/user/getInfo', {}, province)).body.state).toBe(true);
    await sql`update session_token set revoked_at = now() where employee_id = ${id}`.execute(t.database.db);
    expect((await t.post('/user/getInfo', {}, province)).body).toMatchObject({ code: '401', state: false });
  });

  it('empties the dictionaries when their table changes outside the portal (a migration, another server)', async () => {
    const before = await dictionary('CacheType');
    expect(await dictionary('CacheType')).toEqual(before);
    await sql`update dictionary_entry set content_zh = '字典缓存' where code = 'CacheType' and keyword = '101'`.execute(
      t.database.db,
    );
    const after = await dictionary('CacheType');
    expect(after.find((o) => o.keyword === '101')?.content).toBe('字典缓存');
  });

  it('keeps TTL, on/off and remark per cache, checked by their labels and versions', async () => {
    const row = (await caches()).dictionary;
    const tooShort = await t.post(
      '/cacheConfig/update',
      { ObjectID: 'dictionary', Version: row.Version, TtlSeconds: 5 },
      admin,
    );
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.message).toContain('过期时间（秒）');
    const unknown = await t.post(
      '/cacheConfig/update',
      { ObjectID: 'dictionary', Version: row.Version, Hits: 1 },
      admin,
    );
    expect(unknown.status).toBe(400);

    const saved = await t.post(
      '/cacheConfig/update',
      { ObjectID: 'dictionary', Version: row.Version, TtlSeconds: '120', Remark: '字典很少变化' },
      admin,
    );
    expect(saved.body.results).toMatchObject({
      TtlSeconds: 120,
      Remark: '字典很少变化',
      ModifiedBy: '系统管理员',
    });
    const stale = await t.post(
      '/cacheConfig/update',
      { ObjectID: 'dictionary', Version: row.Version, TtlSeconds: 90 },
      admin,
    );
    expect(stale.status).toBe(409);

    // Switched off, the dictionary is read straight from the database: nothing kept, nothing counted.
    const off = await t.post(
      '/cacheConfig/update',
      { ObjectID: 'dictionary', Version: saved.body.results.Version, Enabled: false },
      admin,
    );
    expect(off.body.results).toMatchObject({ Enabled: false, EntryCount: 0 });
    await dictionary('OrderChannel');
    await dictionary('OrderChannel');
    expect((await caches()).dictionary).toMatchObject({ EntryCount: 0, Hits: off.body.results.Hits });
    await t.post(
      '/cacheConfig/update',
      { ObjectID: 'dictionary', Version: off.body.results.Version, Enabled: true },
      admin,
    );
    await dictionary('OrderChannel');
    expect((await caches()).dictionary.EntryCount).toBe(1);
  });

  it("is the system administrator's alone, whatever a role's menu list holds", async () => {
    // ops holds base management, but the seed leaves this page out of its menus.
    for (const [path, body] of [
      ['/cacheConfig/search', {}],
      ['/cacheConfig/clear', { ObjectID: 'dictionary' }],
      ['/cacheConfig/update', { ObjectID: 'dictionary', Version: 0, TtlSeconds: 60 }],
    ] as const) {
      expect((await t.post(path, body, ops)).status, path).toBe(403);
    }
    // Granted the page anyway, the server still refuses it.
    await sql`insert into role_menu (role_code, menu_id, path)
      values ('JS013', 'baseManage.cacheConfig', 'baseManage.cacheConfig')`.execute(t.database.db);
    expect((await t.post('/cacheConfig/search', {}, ops)).status).toBe(403);
    expect((await clear('nothing')).status).toBe(404);
  });
});

// Two server processes on one PostgreSQL database: a write through one empties the other's cache.
describe.runIf(process.env.DATABASE_URL)('caches of several servers', () => {
  // A notification comes after the writer's commit, through the other server's listening connection:
  // on a machine busy with both API suites that can take longer than vi.waitFor's default second.
  const emptied = { timeout: 15_000, interval: 20 };

  it("hears another server's writes through the database's notifications", async () => {
    const other = await openDatabase({ databaseUrl: t.databaseUrl, schema: t.database.schema });
    try {
      const load = () =>
        readThrough(other.db, 'dictionary', 'OrderChannel', async () => ['as the other server read it']);
      await load();
      expect(other.caches.cache('dictionary').stats().entries).toBe(1);
      await sql`update dictionary_entry set sort = sort where code = 'OrderChannel'`.execute(t.database.db);
      await vi.waitFor(() => expect(other.caches.cache('dictionary').stats().entries).toBe(0), emptied);
      await clear('dictionary');
      await load();
      await clear('dictionary');
      await vi.waitFor(() => expect(other.caches.cache('dictionary').stats().entries).toBe(0), emptied);
    } finally {
      await other.close();
    }
  });

  it('forgets the one session another server wrote, and keeps the others', async () => {
    const other = await openDatabase({ databaseUrl: t.databaseUrl, schema: t.database.schema });
    try {
      const { rows } = await sql<{ token_hash: string }>`select token_hash from session_token
        where revoked_at is null order by token_hash limit 2`.execute(t.database.db);
      const [written, untouched] = rows.map((r) => r.token_hash);
      for (const hash of [written, untouched])
        await readThrough(other.db, 'session', hash, async () => ({ as: 'the other server read it' }));
      const sessions = other.caches.cache('session');
      expect(sessions.stats().entries).toBe(2);
      // The minute's touch of one session, written through this server.
      await sql`update session_token set last_seen_at = last_seen_at where token_hash = ${written}`.execute(
        t.database.db,
      );
      await vi.waitFor(() => expect(sessions.stats().entries).toBe(1), emptied);
      const kept = await readThrough(other.db, 'session', untouched, async () => ({ as: 'read again' }));
      expect(kept).toEqual({ as: 'the other server read it' });
    } finally {
      await other.close();
    }
  });
});
