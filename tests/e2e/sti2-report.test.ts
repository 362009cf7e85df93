import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../domain/format';
import { DEMO_TODAY } from '../../server/seed/random';
import { login, useBrowser, waitForPath } from './browser';
import { pageApi } from './portal-api';

/**
 * salesActivity.sti2BusinessReport as Jiangsu's province manager reads it for the demo's business
 * year, whose targets were approved the December before it: an RSP's quarter shows the target it
 * carries and the sell-out it reported, the figures the server computed, not a blank year.
 */
const e2e = useBrowser();
const visible = (page: Page) => page.locator('[data-testid=tab-page]:not([hidden])');
const YEAR = DEMO_TODAY.slice(0, 4);

describe("the STI_2 business report of this year's quarters", () => {
  it('shows an RSP quarter with its target and the sell-out it reported', async () => {
    const page = await e2e.newPage();
    await login(page, 'province', 'Demo@123456');
    await waitForPath(page, '/dashboard');
    const rows = await pageApi<Record<string, string>[]>(page, '/sti2Report/search', {
      PageID: 'salesActivity.sti2BusinessReport',
      Year: YEAR,
      pageSize: 100,
    });
    const reported = rows.find((r) => Number(r.AchievedAmount) > 0 && Number(r.TargetAmount) > 0);
    expect(reported, 'a quarter of this year with sell-out reported').toBeDefined();

    await page.goto(e2e.url(`/salesActivity/sti2-business-report?Year=${YEAR}`));
    const grid = visible(page).locator('.portal-grid');
    const row = grid
      .locator('tbody tr')
      .filter({ hasText: reported!.AgentName })
      .filter({ hasText: formatPrice(reported!.AchievedAmount) });
    await row.first().waitFor();
    const text = (await row.first().textContent()) ?? '';
    expect(text).toContain(formatPrice(reported!.TargetAmount));
    expect(text).toContain(YEAR);
  });
});
