import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PAGE = 'baseManage.resetPassword';

async function changedOn(token: string, username: string): Promise<string> {
  const { body } = await t.post(
    '/employee/search',
    { PageID: PAGE, ExtUserName_SDK: username, currentPage: 1, pageSize: 10 },
    token,
  );
  const row = body.results.find((r: { ExtUserName_SDK: string }) => r.ExtUserName_SDK === username);
  return row.ExtPasswordChangedOn_SDK;
}

describe('when a password was last set, on the reset-password page', () => {
  it('is shown for every account, and moves with a reset and with the employee’s own change', async () => {
    const ops = await t.login('ops', 'Demo@123456');
    const seeded = await changedOn(ops, 'ccp');
    expect(Number.isNaN(Date.parse(seeded))).toBe(false);

    const ccp = (
      await t.post('/employee/search', { PageID: PAGE, ExtUserName_SDK: 'ccp', pageSize: 10 }, ops)
    ).body.results[0];
    const reset = await t.post(
      '/employee/resetPassword',
      { ObjectID: ccp.ObjectID, Version: ccp.Version, Password: 'Temp2026ab' },
      ops,
    );
    expect(reset.body.state, reset.body.message).toBe(true);
    const afterReset = await changedOn(ops, 'ccp');
    expect(Date.parse(afterReset)).toBeGreaterThan(Date.parse(seeded));

    const own = await t.login('ccp', 'Temp2026ab');
    const changed = await t.post(
      '/user/updatePassword',
      { oldPassword: 'Temp2026ab', newPassword: 'Mine2026cd' },
      own,
    );
    expect(changed.body.state, changed.body.message).toBe(true);
    expect(Date.parse(await changedOn(ops, 'ccp'))).toBeGreaterThan(Date.parse(afterReset));
  });
});
