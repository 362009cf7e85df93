import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, useBrowser, waitForPath } from './browser';
import { choose } from './portal-api';

/**
 * A city manager plans a visit on the visit form, checks in where the browser says they are, checks out,
 * writes the minutes and submits them; the province manager opens it and reviews it. The visit list
 * then shows it reviewed. Where the browser may not locate them, the check-in takes the position they type.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

/** Saves the form and waits for the save to be answered (the version moves on). */
async function save(form: Locator) {
  await form.locator('.portal-record-actions button[type=submit]').click();
}

async function command(page: Page, name: string, state: string) {
  const panel = page.locator(ACTIVE).locator('.portal-decision-panel');
  await panel.locator(`[data-command=${name}]`).click();
  await expect
    .poll(() => panel.locator('[data-decision-state]').textContent(), { timeout: 10_000 })
    .toContain(state);
  // A form being edited keeps the values it loaded; opened again it shows what the step stamped.
  await page.reload();
  await page.locator(ACTIVE).locator('.portal-decision-panel [data-decision-state]').waitFor();
}

describe('visit', () => {
  it('is planned, checked in, recorded by the city manager and reviewed by the province manager', async () => {
    const page = await e2e.newPage();
    await login(page, 'city', 'Demo@123456', e2e.url('/salesActivity/visit-form?action=add'));
    const form = page.locator(ACTIVE);
    await form.locator('input#field-CustomerName').waitFor();
    await choose(form, page, 'VisitTargetType', '最终用户');
    await choose(form, page, 'VisitType', '方案交流');
    const customer = `Browser test customer ${Date.now()}`;
    await form.locator('#field-CustomerName').fill(customer);
    await form.locator('#field-PlannedStart').fill('2026-12-01T10:00');
    await save(form);
    await expect
      .poll(() => new URL(page.url()).searchParams.get('objectID'), { timeout: 15_000 })
      .toBeTruthy();
    const panel = form.locator('.portal-decision-panel');
    await expect
      .poll(() => panel.locator('[data-decision-state]').textContent(), { timeout: 10_000 })
      .toContain('已计划');

    // On site: the check-in sends where the browser says the person is, nothing typed or saved first.
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation({ latitude: 32.0418, longitude: 118.7785, accuracy: 25 });
    await command(page, 'checkIn', '拜访中');
    await expect
      .poll(async () => (await form.locator('#field-CheckInLatitude').textContent()) ?? '', {
        timeout: 10_000,
      })
      .toContain('32.0418');
    await expect
      .poll(() => form.locator('#field-CheckInTime').textContent(), { timeout: 10_000 })
      .toMatch(/\d{4}-\d{2}-\d{2}/);
    await command(page, 'checkOut', '待填写纪要');

    // The form is read again after each step: wait until it is editable before writing the minutes.
    await form.locator('textarea#field-CommunicationContent').waitFor();
    await form.locator('#field-CommunicationContent').fill('Walked through the server proposal');
    await form.locator('#field-VisitResult').fill('A technical session is agreed');
    await save(form);
    await expect
      .poll(() => form.locator('#field-VisitResult').inputValue(), { timeout: 10_000 })
      .toBe('A technical session is agreed');
    await command(page, 'record', '已完成');
    const objectId = new URL(page.url()).searchParams.get('objectID');

    const manager = await e2e.newPage();
    await login(manager, 'province', 'Demo@123456');
    await waitForPath(manager, '/dashboard');
    await manager.goto(e2e.url(`/salesActivity/visit-form?objectID=${objectId}`));
    const review = manager.locator(ACTIVE);
    const reviewPanel = review.locator('.portal-decision-panel');
    await reviewPanel.locator('[data-command=reviewVisit]').click();
    await manager.locator('#decision-reason').fill('Push the technical session');
    await manager.locator('.portal-decision-dialog').getByRole('button', { name: '确定' }).click();
    await expect
      .poll(() => reviewPanel.locator('[data-decision-state]').textContent(), { timeout: 10_000 })
      .toContain('已点评');

    await manager.goto(e2e.url(`/salesActivity/visit-details?CustomerName=${encodeURIComponent(customer)}`));
    const row = manager.locator(ACTIVE).locator('tbody tr', { hasText: customer });
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('已点评');
  });

  it('checks in at the position typed in the check-in dialog when the browser may not locate', async () => {
    const page = await e2e.newPage();
    await login(page, 'city', 'Demo@123456', e2e.url('/salesActivity/visit-form?action=add'));
    const form = page.locator(ACTIVE);
    await form.locator('input#field-CustomerName').waitFor();
    await choose(form, page, 'VisitTargetType', '最终用户');
    await choose(form, page, 'VisitType', '方案交流');
    await form.locator('#field-CustomerName').fill(`Typed position customer ${Date.now()}`);
    await form.locator('#field-PlannedStart').fill('2026-12-01T10:00');
    await save(form);
    const panel = form.locator('.portal-decision-panel');
    await expect
      .poll(() => panel.locator('[data-decision-state]').textContent(), { timeout: 15_000 })
      .toContain('已计划');

    // No permission to locate: the check-in asks for the position instead of refusing.
    await page.context().clearPermissions();
    await panel.locator('[data-command=checkIn]').click();
    const dialog = page.locator('.portal-decision-dialog');
    await dialog.getByText('浏览器未允许获取位置').waitFor();
    await dialog.locator('#decision-latitude').fill('95');
    await dialog.locator('#decision-longitude').fill('118.7785');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('纬度在 -90 到 90 之间').waitFor();
    await dialog.locator('#decision-latitude').fill('32.0418');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect
      .poll(() => panel.locator('[data-decision-state]').textContent(), { timeout: 10_000 })
      .toContain('拜访中');
    await page.reload();
    await expect
      .poll(async () => (await form.locator('#field-CheckInLatitude').textContent()) ?? '', {
        timeout: 10_000,
      })
      .toContain('32.0418');
    expect(await form.locator('#field-CheckInLongitude').textContent()).toContain('118.7785');
  });
});
