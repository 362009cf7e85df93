import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, useBrowser, waitForPath } from './browser';
import { api, portalEnvelope } from './portal-api';
import { openRequest, requestForProvince } from './special-price-request';

/**
 * A special price forwarded, clicked: the province manager hands the request's step to a colleague of
 * the same role; the toast says to whom, and the colleague finds the request in their to-do (the
 * dashboard's card and the approval list's to-do lens), where it waits for them alone.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';
/** How long a screen may take to show what the server answered, on a busy machine. */
const SETTLED = { timeout: 10_000 };
const PROVINCE_MANAGER = 'JS011';

const panel = (page: Page) => page.locator(`${ACTIVE} .portal-decision-panel`);

/** A second province manager of Jiangsu, new on each run, who has set a password of their own. */
async function colleague() {
  const suffix = String(Date.now()).slice(-6);
  const person = {
    LastName: `柏知远${suffix}`,
    ExtUserName_SDK: `bo.zhiyuan${suffix}`,
    password: 'Forward2026b',
  };
  await api(
    '/employee/create',
    {
      LastName: person.LastName,
      ExtUserName_SDK: person.ExtUserName_SDK,
      ExtRoleCode_SDK: PROVINCE_MANAGER,
      ProvinceCode: '320000',
      Email: `${person.ExtUserName_SDK}@portal.example`,
      Phone: `138${suffix.padStart(8, '0')}`,
      Password: 'Forward2026a',
    },
    (await api<{ token: string }>('/user/login', { username: 'admin', password: 'Admin@123456' })).token,
  );
  const first = await api<{ token: string }>('/user/login', {
    username: person.ExtUserName_SDK,
    password: 'Forward2026a',
  });
  const changed = await portalEnvelope(
    '/user/updatePassword',
    { oldPassword: 'Forward2026a', newPassword: person.password },
    first.token,
  );
  expect(changed.state, changed.message).toBe(true);
  return person;
}

describe('a special price forwarded', () => {
  it('tells the province manager whom it went to, and is in the colleague’s to-do', async () => {
    const person = await colleague();
    // The RSP's request waits for the province manager alone.
    const request = await requestForProvince('Browser forwarded special price', 3);

    const page = await openRequest(e2e, request.objectId, 'province');
    await panel(page).getByRole('button', { name: '转交', exact: true }).click();
    const dialog = page.locator('.portal-decision-dialog');
    await dialog.locator('[data-picker="employee"]').click();
    const picker = page.locator('.portal-picker-dialog[data-picker-dialog="employee"]');
    await picker.getByLabel('关键字').fill(person.ExtUserName_SDK);
    await picker.getByRole('button', { name: '查询' }).click();
    await picker
      .locator('tbody tr', { hasText: person.ExtUserName_SDK })
      .locator('.p-radiobutton')
      .first()
      .click();
    await picker.getByRole('button', { name: '确定', exact: true }).click();
    await expect.poll(() => page.locator('#decision-to').inputValue(), SETTLED).toBe(person.LastName);
    await dialog.getByRole('button', { name: '确定' }).click();
    // The toast names the colleague, and the step now waits for them, no longer for this manager.
    await page
      .locator('.portal-toast')
      .filter({ hasText: `已转交给${person.LastName}` })
      .waitFor();
    await expect
      .poll(() => panel(page).locator('[data-decider]').textContent(), SETTLED)
      .toBe(`当前处理人: ${person.LastName}`);
    expect(await panel(page).getByRole('button', { name: '同意', exact: true }).count()).toBe(0);

    // The colleague's dashboard counts it among the special prices waiting for them; the card opens it.
    const theirs = await e2e.newPage();
    await login(theirs, person.ExtUserName_SDK, person.password);
    await waitForPath(theirs, '/dashboard');
    const card = theirs.locator('.portal-queue-card', { hasText: '特价审批' });
    await expect.poll(() => card.locator('.portal-queue-count').textContent(), SETTLED).not.toBe('0');
    await card.click();
    await theirs.waitForURL((url) => url.pathname === '/business/special-price-approval');
    expect(new URL(theirs.url()).searchParams.get('AwaitingMe')).toBe('1');
    // Among the province's requests waiting there, the forwarded one is theirs to open and decide.
    await theirs.goto(
      e2e.url(`/business/special-price-approval?AwaitingMe=1&ExtSpecialApprovalNo_SDK=${request.number}`),
    );
    const row = theirs.locator(`${ACTIVE} tbody tr`, { hasText: request.number });
    await row.locator('a, button').first().click();
    await theirs.waitForURL((url) => url.pathname === '/business/special-price-approval-info');
    await panel(theirs).getByRole('button', { name: '同意', exact: true }).waitFor();
  });
});
