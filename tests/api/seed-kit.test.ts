import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../server/identity/roles';
import { accounts, as, everyone, fixedIdOf } from '../../server/seed/kit';
import { startTestApp, type TestApp } from './harness';

/**
 * The demo stories act as the people a login would give: the seed kit loads them through the portal's
 * caller loader, so a city manager carries the cities the configuration gives them and a role names
 * its demo account.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp('demo');
});
afterAll(() => t?.close());

describe('the seed kit', () => {
  it('loads a person as a login does, city scope included', async () => {
    const city = await as(t.database.db, 'city');
    expect(city.dataScope).toBe('city');
    expect(city.cityCodes?.length).toBeGreaterThan(0);
    expect(city.cityCodes).toContain(city.cityCode);
    expect((await as(t.database.db, 'ops')).cityCodes).toBeUndefined();
  });

  it('names a role by its demo account, the one of the province where one is asked', async () => {
    expect((await as(t.database.db, ROLE.salesOperations)).username).toBe('newstaff');
    expect((await as(t.database.db, ROLE.channelManager)).username).toBe('channel');
    expect((await as(t.database.db, ROLE.channelManager, '110000')).provinceCode).toBe('110000');
    await expect(as(t.database.db, 'nobody')).rejects.toThrow(/no enabled account/);
  });

  it('lists everyone enabled, the demo accounts first', async () => {
    const people = await everyone(t.database.db);
    const firstNumbered = people.findIndex((p) => /\d/.test(p.username));
    expect(people.slice(firstNumbered).every((p) => /\d/.test(p.username))).toBe(true);
    const named = await accounts(t.database.db, 'rsp', 'ccp');
    expect([...named.keys()]).toEqual(['rsp', 'ccp']);
    expect(named.get('rsp')?.companyId).toBeTruthy();
  });

  it('names the same fixed id for the same text, shaped as the portal ids are', () => {
    expect(fixedIdOf('a')).toBe(fixedIdOf('a'));
    expect(fixedIdOf('a')).not.toBe(fixedIdOf('b'));
    expect(fixedIdOf('a')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
