import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /portal/user/updatePassword', () => {
  it('changes the password, clears the first-time flag and ends the other sessions', async () => {
    const first = await t.post('/user/login', { username: 'newstaff', password: 'Welcome@2026' });
    expect(first.body.results.employee.ExtIsFistTime_SDK).toBe(true);
    const token = first.body.results.token;
    const otherDevice = await t.login('newstaff', 'Welcome@2026');

    const changed = await t.post(
      '/user/updatePassword',
      { oldPassword: 'Welcome@2026', newPassword: 'Better2026x' },
      token,
    );
    expect(changed.body).toEqual({ state: true, message: '密码已修改', results: null });

    expect((await t.post('/user/getInfo', {}, token)).body.results.ExtIsFistTime_SDK).toBe(false);
    expect((await t.post('/user/getInfo', {}, otherDevice)).body.code).toBe('401');
    expect((await t.post('/user/login', { username: 'newstaff', password: 'Welcome@2026' })).body.state).toBe(
      false,
    );
    expect((await t.post('/user/login', { username: 'newstaff', password: 'Better2026x' })).body.state).toBe(
      true,
    );
  });

  it.each([
    [{ oldPassword: 'wrong-one', newPassword: 'Another2026' }, 400, '原密码不正确'],
    [{ oldPassword: 'Demo@123456', newPassword: 'Demo@123456' }, 400, '新密码不能与原密码相同'],
    [{ oldPassword: 'Demo@123456', newPassword: 'short1' }, 400, '新密码至少 8 位，且须同时包含字母和数字'],
    [
      { oldPassword: 'Demo@123456', newPassword: 'onlyletters' },
      400,
      '新密码至少 8 位，且须同时包含字母和数字',
    ],
    [{ oldPassword: 'Demo@123456' }, 400, '新密码必填'],
  ])('%j is refused and changes nothing', async (payload, status, message) => {
    const token = await t.login('finance', 'Demo@123456');
    const answer = await t.post('/user/updatePassword', payload, token);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ state: false, message });
    expect((await t.post('/user/login', { username: 'finance', password: 'Demo@123456' })).body.state).toBe(
      true,
    );
  });

  it('needs a login', async () => {
    const { status, body } = await t.post('/user/updatePassword', { oldPassword: 'a', newPassword: 'b' });
    expect(status).toBe(401);
    expect(body.code).toBe('401');
  });
});

describe('SEED=none', () => {
  it('starts with one administrator who must change the password', async () => {
    const empty = await startTestApp('none');
    try {
      const { body } = await empty.post('/user/login', { username: 'admin', password: 'Admin@123456' });
      expect(body.results.employee.ExtIsFistTime_SDK).toBe(true);
      const count = await empty.database.db
        .selectFrom('employee')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      expect(Number(count?.n)).toBe(1);
      expect((await empty.post('/user/login', { username: 'ops', password: 'Demo@123456' })).body.state).toBe(
        false,
      );
    } finally {
      await empty.close();
    }
  });
});
