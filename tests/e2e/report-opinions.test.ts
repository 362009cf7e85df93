import { describe, expect, it } from 'vitest';
import { login, useBrowser } from './browser';
import { api } from './portal-api';

/**
 * The review of a report as the distributor lives it: the channel manager's opinion on its October
 * sales report reaches it, it replies on the opinion's page, and its lines' changes — the demo's
 * price imported again — read in words in the modification records.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

describe('report opinions', () => {
  it('the distributor replies to an opinion on its report and reads its lines’ changes', async () => {
    const page = await e2e.newPage();
    const channel = await api<{ token: string }>('/user/login', {
      username: 'channel',
      password: 'Demo@123456',
    });
    const gd = await api<{ token: string }>('/user/login', { username: 'gd', password: 'Demo@123456' });
    // The demo's review of the distributor's October report names the distributor.
    const [demo] = await api<{ AgentName: string }[]>(
      '/reportOpinion/search',
      { Period: '2026-10' },
      gd.token,
    );
    const raised = await api<{ ObjectID: string; OpinionNo: string }>(
      '/reportOpinion/create',
      {
        PageID: 'report.opinionCreate',
        ReportType: '111',
        AgentName: demo.AgentName,
        Period: '2026-10',
        OpinionType: '131',
        OpinionContent: '请说明十月销量环比下降的原因',
      },
      channel.token,
    );

    await login(
      page,
      'gd',
      'Demo@123456',
      e2e.url(`/report/opinion-detail?objectID=${raised.ObjectID}&action=detail`),
    );
    const detail = page.locator(ACTIVE);
    const panel = detail.locator('.portal-decision-panel');
    await expect.poll(() => panel.locator('[data-decision-state]').textContent()).toContain('待代理商回复');
    await panel.getByRole('button', { name: '回复', exact: true }).click();
    const dialog = page.locator('.portal-decision-dialog');
    await dialog.getByText('回复内容').waitFor();
    await dialog.locator('#decision-reason').fill('十月有两个项目推迟到十一月交付');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => panel.locator('[data-decision-state]').textContent()).toContain('已回复');
    await expect.poll(() => detail.textContent()).toContain('十月有两个项目推迟到十一月交付');

    await page.goto(e2e.url('/report/modification-records?Period=2026-10'));
    const list = page.locator(ACTIVE);
    const imported = list.locator('tbody tr', { hasText: '重新导入' }).first();
    await imported.waitFor();
    await expect.poll(() => imported.textContent()).toContain('单价');
  });
});
