import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const account = async (username: string) =>
  t.database.db
    .selectFrom('employee')
    .select(['object_id', 'version'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
const reset = async (who: string, whose: string, password = 'Temp2026x') => {
  const token = await t.login(who, 'Demo@123456');
  const row = await account(whose);
  return t.post(
    '/employee/resetPassword',
    { ObjectID: row.object_id, Version: row.version, Password: password },
    token,
  );
};

describe('a password reset hands out no more than the resetter holds', () => {
  it('refuses resets of accounts whose role can do more than the resetter’s, and writes nothing', async () => {
    const before = await account('vp');
    for (const [who, whose] of [
      ['ops', 'vp'],
      ['product', 'ops'],
      ['ops', 'rsp'],
    ]) {
      const answer = await reset(who, whose);
      expect([who, whose, answer.status, answer.body.message]).toEqual([
        who,
        whose,
        403,
        '只能重置角色权限不超出自己角色的账号的密码',
      ]);
    }
    expect((await account('vp')).version).toBe(before.version);
    // The list the reset page shows says so of each account, so the page offers no reset it would refuse.
    const ops = await t.login('ops', 'Demo@123456');
    const list = await t.post(
      '/employee/search',
      { PageID: 'baseManage.resetPassword', currentPage: 1, pageSize: 100 },
      ops,
    );
    const mayReset = (username: string) =>
      list.body.results.find((r: { ExtUserName_SDK: string }) => r.ExtUserName_SDK === username)
        ?.MayResetPassword;
    expect([mayReset('vp'), mayReset('rsp'), mayReset('ccp'), mayReset('finance')]).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect((await t.post('/user/login', { username: 'vp', password: 'Demo@123456' })).body.state).toBe(true);
  });

  it('gives a temporary password: changed at the next login, refused once 72 hours have passed', async () => {
    expect((await reset('ops', 'gd', 'Temp2026gd')).body.state).toBe(true);
    const first = await t.post('/user/login', { username: 'gd', password: 'Temp2026gd' });
    expect(first.body.results.employee.ExtIsFistTime_SDK).toBe(true);
    const expiry = await sql<{ hours: number }>`select extract(epoch from password_expires_at - now()) / 3600
      as hours from employee where username = 'gd'`.execute(t.database.db);
    expect(Math.round(Number(expiry.rows[0].hours))).toBe(72);

    await sql`update employee set password_expires_at = now() - interval '1 minute'
      where username = 'gd'`.execute(t.database.db);
    const late = await t.post('/user/login', { username: 'gd', password: 'Temp2026gd' });
    expect([late.status, late.body.message]).toEqual([
      403,
      '临时密码已超过 72 小时失效，请联系管理员重新重置',
    ]);

    // Changed in time, the password is the employee's own and does not expire.
    expect((await reset('ops', 'gd', 'Temp2026gd2')).body.state).toBe(true);
    const token = await t.login('gd', 'Temp2026gd2');
    const changed = await t.post(
      '/user/updatePassword',
      { oldPassword: 'Temp2026gd2', newPassword: 'Mine2026gd' },
      token,
    );
    expect(changed.body.state, changed.body.message).toBe(true);
    const kept = await sql<{ expires: Date | null }>`select password_expires_at as expires from employee
      where username = 'gd'`.execute(t.database.db);
    expect(kept.rows[0].expires).toBeNull();
  });
});
