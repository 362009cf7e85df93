import { describe, expect, it } from 'vitest';
import { login, tokenOf, useBrowser } from './browser';
import { api } from './portal-api';

/**
 * 上报状态 as the channel manager works it: the to-do card opens the reports waiting for review, a row
 * opens the report with its decision panel and its lines, and returning it asks for the reviewer's
 * opinion.
 */
const e2e = useBrowser();

describe('上报状态', () => {
  it('returns a submitted report from the to-do card with an opinion', async () => {
    const page = await e2e.newPage();
    await login(page, 'channel', 'Demo@123456', '/dashboard');
    const card = page.locator('.portal-queue-card', { hasText: '上报状态' });
    await card.click();
    await page.waitForURL((url) => url.pathname === '/report/report-states');
    const rows = page.locator('.portal-list-page tbody tr');
    await rows.first().locator('a, button').first().click();
    await page.waitForURL((url) => url.pathname === '/report/report-state-detail');

    const panel = page.locator('.portal-decision-panel');
    await expect.poll(() => panel.locator('[data-decision-state]').textContent()).toContain('已提交');
    await panel.getByRole('button', { name: '退回修改', exact: true }).click();
    const dialog = page.locator('.portal-decision-dialog');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect
      .poll(() => page.locator('[data-field-error="decision-reason"]').textContent())
      .toBe('请填写原因');
    await page.locator('#decision-reason').fill('期末库存与上月期末不符，请核对');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => panel.locator('[data-decision-state]').textContent()).toContain('退回修改');
    expect(await panel.getByRole('button', { name: '审核通过', exact: true }).count()).toBe(0);
  });

  it('opens a filed report with its lines listed under its figures', async () => {
    const page = await e2e.newPage();
    await login(page, 'channel', 'Demo@123456');
    // A report of a page's worth of lines or fewer, so every one of them shows on the first page.
    const reports = await api<{ ReportNo: string; LineCount: number }[]>(
      '/agentReport/search',
      { PageID: 'report.reportStates', pageSize: 100 },
      await tokenOf(page),
    );
    // Any report, of the latest period first: one another browser test filed today serves as well.
    const report = reports.find((r) => Number(r.LineCount) > 0 && Number(r.LineCount) <= 10)!;
    await page.goto(`/report/report-states?ReportNo=${report.ReportNo}`);
    await page.locator('.portal-list-page tbody tr').getByText(report.ReportNo, { exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/report/report-state-detail');

    const lines = page.getByTestId('report-lines');
    await expect.poll(() => lines.locator('legend').textContent()).toBe('报表明细');
    // Every line it counts, each under its number (not the loading row, which is one row too).
    const numbers = lines.locator('tbody tr td:first-child');
    await expect
      .poll(() => numbers.allTextContents())
      .toEqual(Array.from({ length: Number(report.LineCount) }, () => report.ReportNo));
    await lines.screenshot({ path: '/tmp/report-state-lines.png' });
    // The lines page, where they are filtered and exported, is one link away, on the same report.
    await lines.getByRole('link', { name: '在报表明细中筛选或导出这些明细' }).click();
    await page.waitForURL((url) => url.pathname === '/report/report-lines');
    // (The reports list stays open in its own tab.)
    await expect
      .poll(() => page.getByRole('region', { name: '报表明细' }).locator('tbody tr').count())
      .toBe(Number(report.LineCount));
  });
});
