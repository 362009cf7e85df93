import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, useBrowser } from './browser';

/**
 * The scheduled jobs as an administrator meets them (docs/scheduled-jobs.md): the list of seeded jobs
 * with their schedules and real next runs, one job's page, and a run asked for by hand that appears in
 * the history once the server has run it.
 */
const e2e = useBrowser();
const LIST = '/system/cronjob-list';
const grid = (page: Page) => page.locator('.portal-grid').first();
const rowOf = (page: Page, text: string) => grid(page).locator('tbody tr').filter({ hasText: text });
const runRows = (page: Page) => page.locator('.portal-cron-job-runs tbody tr:not(.p-datatable-emptymessage)');
const BEIJING_TIME = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/;

describe('scheduled jobs', () => {
  it('lists the seeded jobs; a job run now shows up in its history', async () => {
    const page = await e2e.newPage();
    await login(page, 'admin', 'Admin@123456', e2e.url(LIST));
    for (const name of ['代理商续约提醒', '过期导出文件清理', '上传临时文件清理', '过期登录令牌清理'])
      await rowOf(page, name).waitFor();
    const renewal = (await rowOf(page, '代理商续约提醒').textContent()) ?? '';
    expect(renewal).toContain('0 8 * * *');
    expect(renewal).toMatch(BEIJING_TIME);
    expect(await page.getByRole('button', { name: '新建' }).count(), 'jobs are declared in code').toBe(0);

    await rowOf(page, '过期登录令牌清理').locator('.portal-link-button').click();
    await page.waitForURL((url) => url.pathname === '/system/cronjob-info');
    await page.getByRole('heading', { name: '过期登录令牌清理' }).waitFor();
    await page.locator('[data-field="CronExpression"]').filter({ hasText: '*/5 * * * *' }).waitFor();
    await expect.poll(() => page.locator('[data-field="NextRunTime"]').textContent()).toMatch(BEIJING_TIME);
    // The seeded jobs run when the server starts: let this one's first run be recorded before counting.
    await expect.poll(() => page.locator('.portal-cron-job-watching').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: '立即执行' }).isEnabled()).toBe(true);
    // The job also runs every five minutes on its own: the run asked for is the newest one run by hand.
    const manualRuns = runRows(page).filter({ hasText: '手动执行' });
    const before = await manualRuns.count();

    await page.getByRole('button', { name: '立即执行' }).click();
    await page.locator('.portal-toast').filter({ hasText: '已加入执行队列' }).waitFor();
    await expect.poll(() => manualRuns.count(), { timeout: 30_000 }).toBeGreaterThan(before);
    const newest = manualRuns.first();
    await expect.poll(() => newest.textContent(), { timeout: 30_000 }).toContain('成功');
    expect(await newest.textContent()).toMatch(/删除登录令牌 \d+ 个/);
    expect(await newest.textContent()).toMatch(BEIJING_TIME);
    await page.screenshot({ path: 'test-results/scheduled-job.png', animations: 'disabled' });

    // A new schedule: an unreadable expression is stopped at its field, a good one fires at 09:00 Beijing.
    await page.getByRole('button', { name: '修改计划' }).click();
    const dialog = page.getByRole('dialog');
    await page.locator('#cronjob-CronExpression').fill('61 * * * *');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Cron 表达式无法识别' }).waitFor();
    await page.locator('#cronjob-CronExpression').fill('0 9 * * *');
    await dialog.getByText('接下来的执行时间').waitFor();
    await dialog.getByRole('button', { name: '保存' }).click();
    await page.locator('.portal-toast').filter({ hasText: '定时任务已保存' }).waitFor();
    await page.locator('[data-field="CronExpression"]').filter({ hasText: '0 9 * * *' }).waitFor();
    await expect.poll(() => page.locator('[data-field="NextRunTime"]').textContent()).toMatch(/ 09:00:00$/);
  });
});
