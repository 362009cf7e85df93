import { expect, it } from 'vitest';
import { login, pathOf, submitLogin, useBrowser, waitForPath } from './browser';

const e2e = useBrowser();

it('timeout click action', async () => {
  const page = await e2e.newPage({ clock: true });
  await login(page, 'admin', 'Admin@123456');
  await page.locator('h2').first().click();
  await page.clock.fastForward('05:00:01');
  await page.locator('.portal-user-button').click();
  await page.waitForTimeout(800);
  console.log('menu visible', await page.getByRole('menuitem').count());
  await page.screenshot({ path: '/tmp/probe-to.png' });
  await page.reload();
  await page.waitForTimeout(1500);
  console.log('after reload', pathOf(page), await page.getByRole('dialog').count());
  await page.locator('h2').first().click();
  await page.waitForTimeout(800);
  console.log('after reload+click', pathOf(page), await page.getByRole('dialog').count());
});
