import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The first-login change is enforced by the server, not only by the screen (ARCHITECTURE.md §10). */
describe('a session whose initial password is still to be changed', () => {
  it('may read its user info and change the password, and nothing else until it has', async () => {
    const token = await t.login('newstaff', 'Welcome@2026');
    expect((await t.post('/user/getInfo', {}, token)).body.results.ExtIsFistTime_SDK).toBe(true);
    const refused = [
      ['/order/search', { currentPage: 1, pageSize: 10 }],
      ['/customer/search', { currentPage: 1, pageSize: 10 }],
      ['/payment/search', { currentPage: 1, pageSize: 10 }],
      ['/roleToMenu/searchOne', { code: 'JS013' }],
      ['/dashboard/summary', {}],
      ['/workflow/options', { workflow: 'registration', ObjectID: '00000000-0000-4000-8000-000000000001' }],
    ] as const;
    for (const [path, body] of refused) {
      const answer = await t.post(path, body, token);
      expect([path, answer.status, answer.body.message]).toEqual([path, 403, '首次登录，请先修改初始密码']);
    }
    const english = await t.post('/order/search', {}, token, { 'accept-language': 'en' });
    expect(english.body.message).toBe('Change your initial password first');

    const changed = await t.post(
      '/user/updatePassword',
      { oldPassword: 'Welcome@2026', newPassword: 'Better2026x' },
      token,
    );
    expect(changed.body.state, changed.body.message).toBe(true);
    const after = await t.post('/order/search', { currentPage: 1, pageSize: 10 }, token);
    expect(after.body.state, after.body.message).toBe(true);
    expect((await t.post('/roleToMenu/searchOne', { code: 'JS013' }, token)).body.state).toBe(true);
    expect((await t.post('/user/logout', {}, token)).body.state).toBe(true);
  });
});
