import { describe, expect, it } from 'vitest';
import { login, useBrowser, waitForPath } from './browser';
import { choose, pageApi } from './portal-api';

/**
 * A commitment letter from its request to its receipt (DOMAIN.md §3): the RSP requests it on the form,
 * the province manager approves it, sales operations reviews it and records the OA approval, uploads
 * the stamped scan and stamps it, and the RSP confirms receipt — each on the letter's page.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';
const PDF = Buffer.from('%PDF-1.4\n% stamped commitment letter\n%%EOF\n');

/** Opens the letter's page as `user` and sends the command of the decision panel's button. */
async function decideOnPage(user: string, id: string, button: string, expected: string) {
  const page = await e2e.newPage();
  await login(page, user, 'Demo@123456');
  await waitForPath(page, '/dashboard');
  await page.goto(e2e.url(`/business/commitment-letter-detail?objectID=${id}&action=edit`));
  const panel = page.locator(ACTIVE).locator('.portal-decision-panel');
  await panel.getByRole('button', { name: button, exact: true }).click();
  await expect.poll(() => panel.locator('[data-decision-state]').textContent()).toContain(expected);
  return page;
}

describe('a commitment letter', () => {
  it('is requested, approved, reviewed, approved in OA, stamped with its scan and received', async () => {
    const page = await e2e.newPage();
    await login(page, 'rsp', 'Demo@123456');
    await waitForPath(page, '/dashboard');
    const [opportunity] = await pageApi<{ ExtOpportunityNOText_SDK: string }[]>(page, '/opportunity/search', {
      currentPage: 1,
      pageSize: 1,
      ExtOpportunityStatus_SDK: '141',
    });
    const tenderNo = `ZB-E2E-${Date.now()}`;

    await page.goto(e2e.url('/business/commitment-letter-create?action=add'));
    const form = page.locator(ACTIVE);
    await form.locator('input#field-tenderNo').waitFor();
    await form.locator('[data-picker="opportunity"]').click();
    const dialog = page.locator('.portal-picker-dialog');
    await dialog.getByLabel('关键字').fill(opportunity.ExtOpportunityNOText_SDK);
    await dialog.getByRole('button', { name: '查询' }).click();
    await dialog
      .locator('tbody tr', { hasText: opportunity.ExtOpportunityNOText_SDK })
      .first()
      .locator('.p-radiobutton')
      .click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await choose(form, page, 'type', '项目授权函');
    await choose(form, page, 'brand', '自有品牌');
    await form.locator('#field-tenderNo').fill(tenderNo);
    await form.locator('#field-estimatedBidOpeningDate').fill('2026-12-28');
    await form.locator('.portal-record-actions button[type=submit]').click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('objectID'), { timeout: 15_000 })
      .toBeTruthy();
    const id = new URL(page.url()).searchParams.get('objectID')!;

    await decideOnPage('province', id, '同意', '规范性审核');
    const ops = await decideOnPage('ops', id, '同意', 'OA审批中');
    const panel = ops.locator(ACTIVE).locator('.portal-decision-panel');
    await panel.getByRole('button', { name: '同意', exact: true }).click();
    await expect.poll(() => panel.locator('[data-decision-state]').textContent()).toContain('待盖章');
    // The seal keeper uploads the stamped scan and saves it, then stamps the letter.
    await ops.reload();
    const record = ops.locator(ACTIVE);
    const scan = record.locator('.portal-field', { hasText: '盖章扫描件' });
    await scan
      .locator('input[type=file]')
      .setInputFiles({ name: '承诺函-盖章版.pdf', mimeType: 'application/pdf', buffer: PDF });
    await scan.locator('.portal-file-item[data-status=done]').waitFor();
    await record.locator('.portal-record-actions button[type=submit]').click();
    await ops.locator('.portal-toast').filter({ hasText: '更新成功' }).first().waitFor();
    await record
      .locator('.portal-decision-panel')
      .getByRole('button', { name: '盖章完成', exact: true })
      .click();
    await expect
      .poll(() => record.locator('.portal-decision-panel [data-decision-state]').textContent())
      .toContain('已盖章');

    await decideOnPage('rsp', id, '确认收函', '已完成');
    const [letter] = await pageApi<{ status: string; tenderNo: string }[]>(page, '/commitmentLetter/getOne', {
      ObjectID: id,
    });
    expect(letter).toMatchObject({ status: '171', tenderNo });
  });
});
