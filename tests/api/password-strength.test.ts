import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

/**
 * Hole 10 of the security review: `aaaaaaa1`, `password1` and the username doubled were taken as new
 * passwords. Every path that sets a password now refuses a guessable one and says why.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
});
afterAll(() => t.close());

const hashOf = async (username: string) =>
  (
    await t.database.db
      .selectFrom('employee')
      .select('password_hash')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).password_hash;

describe('hole 10: weak passwords are refused on every path that sets one', () => {
  it.each([
    ['aaaaaaa1', '新密码不够安全：重复的字符或词太多，很容易被猜到'],
    ['password1', '新密码不够安全：含有常见密码，很容易被猜到'],
    ['legallegal1', '新密码不够安全：不能包含用户名'],
    ['woaini1314', '新密码不够安全：含有常见密码（拼音词、520/1314、键盘连键等），很容易被猜到'],
  ])('the change form refuses %s and keeps the old password', async (newPassword, message) => {
    const token = await t.login('legal', 'Demo@123456');
    const before = await hashOf('legal');
    const answer = await t.post('/user/updatePassword', { oldPassword: 'Demo@123456', newPassword }, token);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ state: false, message });
    expect(await hashOf('legal')).toBe(before);
  });

  it('says why in English too', async () => {
    const token = await t.login('legal', 'Demo@123456');
    const answer = await t.post(
      '/user/updatePassword',
      { oldPassword: 'Demo@123456', newPassword: 'password1' },
      token,
      { 'accept-language': 'en' },
    );
    expect(answer.body.message).toBe(
      'The new password is not safe enough: it contains a common password and is easy to guess',
    );
  });

  it('an account created with a weak or username-based initial password is refused', async () => {
    const newcomer = {
      ExtUserName_SDK: 'zhao.lei',
      LastName: '赵磊',
      ExtRoleCode_SDK: 'JS013',
      Email: 'zhao.lei@portal.example',
      Phone: '13812345679',
    };
    for (const Password of ['zhao.lei2026', '1qaz2wsx', 'password1']) {
      const answer = await t.post('/employee/create', { ...newcomer, Password }, admin);
      expect(answer.status, Password).toBe(400);
      expect(answer.body.message, Password).toMatch(/^密码：/);
    }
    const exists = await t.database.db
      .selectFrom('employee')
      .select('object_id')
      .where('username', '=', 'zhao.lei')
      .executeTakeFirst();
    expect(exists).toBeUndefined();
  });

  it('a reset to a weak or username-based temporary password is refused', async () => {
    const row = await t.database.db
      .selectFrom('employee')
      .select(['object_id', 'version'])
      .where('username', '=', 'ccp')
      .executeTakeFirstOrThrow();
    const before = await hashOf('ccp');
    for (const Password of ['ccpccp2026', 'qwe123456a', 'aaaaaaa1']) {
      const answer = await t.post(
        '/employee/resetPassword',
        { ObjectID: row.object_id, Version: row.version, Password },
        admin,
      );
      expect(answer.status, Password).toBe(400);
      expect(answer.body.message, Password).toMatch(/^密码：/);
    }
    expect(await hashOf('ccp')).toBe(before);
  });

  it('a strong new password is still taken', async () => {
    const token = await t.login('product', 'Demo@123456');
    const answer = await t.post(
      '/user/updatePassword',
      { oldPassword: 'Demo@123456', newPassword: 'Harbour2026tide' },
      token,
    );
    expect(answer.body.state, answer.body.message).toBe(true);
  });
});
