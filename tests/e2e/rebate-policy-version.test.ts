import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { login, useBrowser } from './browser';

/**
 * A published policy's correction, clicked (docs/rebates.md "Policy announcements"): its parameters
 * are frozen, so sales operations draft its next version from its page and land on the new draft's
 * entry form, linked to the version it corrects.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

describe('a published rebate policy', () => {
  it('is corrected by drafting its next version from its page', async () => {
    const page = await e2e.newPage();
    await login(page, 'ops', 'Demo@123456', e2e.url('/rebates/announcement-view'));
    const list = page.locator(ACTIVE);
    const row = list.locator('tbody tr', { hasText: '已发布' }).first();
    const no = (await row.locator('td').first().textContent())?.trim() ?? '';
    expect(no).toMatch(/^GG\d{12}$/);
    await row.getByRole('button').first().click();

    const versions = page.locator(ACTIVE).getByTestId('policy-versions');
    const draftButton = versions.getByRole('button', { name: '起草新版本' });
    await draftButton.waitFor();
    expect(await seriousViolations(page, `${ACTIVE} [data-testid=policy-versions]`)).toEqual([]);
    await draftButton.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/rebates/announcement-entry');
    const draft = page.locator(ACTIVE);
    const value = (label: string) =>
      draft.locator('.portal-field', { hasText: label }).locator('.portal-readonly-value');
    await expect.poll(() => value('上一版本').textContent()).toBe(no);
    await expect.poll(() => value('版本').first().textContent()).toBe('2');
    // The copy is a draft its author may change: the tier table is an input again.
    await expect.poll(() => draft.locator('input#field-Tiers').isEditable()).toBe(true);
    const listed = draft.getByTestId('policy-versions').locator('tbody tr');
    await expect.poll(() => listed.count()).toBe(2);
  });
});
