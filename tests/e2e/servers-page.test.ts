import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PortalServerRow } from '../../domain/servers';
import { login, useBrowser, waitForPath } from './browser';

/**
 * 系统管理 › 服务器 as the system administrator meets it (docs/deployment.md): the servers running on
 * this database, this one marked, and a warning when one of them cannot see this server's files.
 */
const e2e = useBrowser();

const shown = (page: Page) => page.locator('.portal-servers-page');
const rows = (page: Page) => shown(page).locator('.portal-grid tbody tr');

/** A second server on another machine with a folder of its own, as a misconfigured cluster reports it. */
const elsewhere: PortalServerRow = {
  Instance: 'other#1',
  Host: 'machine-b',
  Pid: 4242,
  StartedOn: '2026-11-28T08:00:00+08:00',
  SeenOn: '2026-11-28T10:00:05+08:00',
  Draining: false,
  FileStore: 'local',
  SharesFiles: false,
  Self: false,
};

/**
 * The e2e server runs alone on an embedded database no test can write to, so the second server is
 * added to its real answer on the way to the browser.
 */
async function withServerElsewhere(page: Page) {
  await page.route('**/portal/portalServer/list', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.results.Servers.push(elsewhere);
    await route.fulfill({ response, json: body });
  });
}

describe('the servers page', () => {
  it('lists this server alone, sharing its files, and warns once another one does not', async () => {
    const page = await e2e.newPage();
    await login(page, 'admin', 'Admin@123456', e2e.url('/system/servers'));
    await rows(page).filter({ hasText: '本服务器' }).waitFor();
    expect(await rows(page).count()).toBe(1);
    const self = rows(page).first();
    const cells = await self.locator('td').allInnerTexts();
    expect(cells[0]).toContain('本服务器');
    expect(cells[2]).toMatch(/^\d+$/);
    expect(cells[3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(cells[4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(cells.slice(5)).toEqual(['本地目录', '运行中', '是']);
    await expect
      .poll(() => shown(page).getByRole('status').textContent())
      .toBe('本数据库上只运行着本服务器。');
    expect(await shown(page).getByRole('alert').count()).toBe(0);

    await withServerElsewhere(page);
    await shown(page).getByRole('button', { name: '刷新' }).click();
    await expect.poll(() => rows(page).count()).toBe(2);
    const warning = shown(page).getByRole('alert');
    await expect
      .poll(() => warning.textContent())
      .toContain('有 1 台服务器运行在本数据库上，但看不到本服务器的文件。');
    await expect.poll(() => warning.textContent()).toContain('S3_ENDPOINT、S3_ACCESS_KEY 和 S3_SECRET_KEY');
    const other = rows(page).filter({ hasText: 'other#1' });
    expect(await other.locator('td').allInnerTexts()).toEqual([
      'other#1',
      'machine-b',
      '4242',
      '2026-11-28 08:00:00',
      '2026-11-28 10:00:05',
      '本地目录',
      '运行中',
      '否',
    ]);
    expect(await other.locator('.portal-servers-bad').textContent()).toBe('否');
    expect(await shown(page).getByRole('status').count()).toBe(0);
    await page.screenshot({ path: 'test-results/servers.png', animations: 'disabled' });
  });

  it('warns in English on a phone, the table scrolling sideways within the screen', async () => {
    const page = await e2e.newPage({ locale: 'en-US' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(e2e.url('/login'));
    await page.context().addCookies([{ name: 'language', value: 'en', url: e2e.baseURL }]);
    await login(page, 'admin', 'Admin@123456');
    await waitForPath(page, '/dashboard');
    await withServerElsewhere(page);
    await page.goto(e2e.url('/system/servers'));
    const warning = shown(page).getByRole('alert');
    await warning.waitFor();
    expect(await warning.textContent()).toContain(
      "1 server runs on this database but does not see this server's files.",
    );
    expect(await warning.textContent()).toContain('Uploads and downloads fail whenever the load balancer');
    expect(await warning.textContent()).toContain('DATA_DIR/files');
    expect(await rows(page).filter({ hasText: 'This server' }).count()).toBe(1);
    const other = rows(page).filter({ hasText: 'other#1' });
    expect((await other.locator('td').allInnerTexts()).slice(5)).toEqual(['Local folder', 'Running', 'No']);

    const table = shown(page).locator('.p-datatable-wrapper');
    const sizes = await table.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
      right: element.getBoundingClientRect().right,
      page: document.documentElement.scrollWidth,
    }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    expect(sizes.right).toBeLessThanOrEqual(390);
    expect(sizes.page).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/servers-390.png', animations: 'disabled' });
  });
});
