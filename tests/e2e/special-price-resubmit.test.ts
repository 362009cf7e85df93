import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { api, tokenFor } from './portal-api';
import { openRequest, requestForProvince } from './special-price-request';

/**
 * A returned special price resubmitted by its applicant, clicked: the RSP reads the return on the
 * request's page, and resubmits it — changed on the request form, or as it stands from the decision
 * panel. Either way the request's page then shows the new state (审批中), not the returned one, and
 * never says that someone else handled the request. On the form, the fields that must be filled are
 * marked and a refusal is shown under the field it names.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';
const RACED = '已被他人处理';

const panelState = (page: Page) =>
  page.locator(`${ACTIVE} .portal-decision-panel [data-decision-state]`).textContent();
const panelButton = (page: Page, name: string) =>
  page.locator(`${ACTIVE} .portal-decision-panel`).getByRole('button', { name, exact: true });

/** A request of the RSP's at 97 % of a product's standard price, returned by the province manager. */
async function returnedRequest(project: string) {
  const { objectId } = await requestForProvince(project, 5);
  await api(
    '/specialApproval/processApproval',
    { ObjectID: objectId, Command: 'return', Reason: 'Fewer units, please' },
    await tokenFor('province'),
  );
  return objectId;
}

/** The RSP on the returned request's page, which reads it returned. */
async function openReturned(objectId: string) {
  const page = await openRequest(e2e, objectId, 'rsp');
  await expect.poll(() => panelState(page)).toContain('已退回');
  return page;
}

describe('a returned special price', () => {
  it('changed on its form and resubmitted, its page shows it in approval again', async () => {
    const objectId = await returnedRequest('Browser resubmitted special price');
    const page = await openReturned(objectId);
    await page.locator(ACTIVE).getByRole('button', { name: '修改申请' }).click();
    await page.waitForURL((url) => url.pathname === '/business/special-price-apply');
    const form = page.locator(ACTIVE);
    await expect.poll(() => form.getByLabel('数量 1').inputValue()).toBe('5');
    await form.getByLabel('数量 1').fill('4');
    // The form marks what must be filled, and a refusal is shown under the field it names.
    const reason = form.locator('label[for=sp-ExtApplyReason_SDK]');
    expect(await reason.locator('.portal-required').count()).toBe(1);
    const reasonLabel = ((await reason.textContent()) ?? '').replace('*', '').trim();
    await form.locator('#sp-ExtApplyReason_SDK').fill('');
    await form.getByRole('button', { name: '提交审批' }).click();
    await expect
      .poll(() => form.locator('[data-field-error="sp-ExtApplyReason_SDK"]').textContent())
      .toContain(reasonLabel);
    await form.locator('#sp-ExtApplyReason_SDK').fill('Competitor quoted lower; four units now');
    await form.getByRole('button', { name: '提交审批' }).click();
    // Back on the request's page, which was open before the form: it reads the request again.
    await page.waitForURL((url) => url.pathname === '/business/special-price-approval-info');
    await expect.poll(() => panelState(page)).toContain('审批中');
    await expect.poll(() => panelButton(page, '提交审批').count()).toBe(0);
    expect(await page.locator(ACTIVE).textContent()).not.toContain(RACED);
    expect(await page.locator('body').textContent()).not.toContain(RACED);
  });

  it('resubmitted as it stands from its decision panel, its page shows it in approval again', async () => {
    const objectId = await returnedRequest('Browser panel-resubmitted special price');
    const page = await openReturned(objectId);
    await panelButton(page, '提交审批').click();
    await expect.poll(() => panelState(page)).toContain('审批中');
    await expect.poll(() => panelButton(page, '提交审批').count()).toBe(0);
    expect(await page.locator('body').textContent()).not.toContain(RACED);
  });
});
