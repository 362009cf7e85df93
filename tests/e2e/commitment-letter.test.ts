import type { Page } from 'playwright-core';
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
  await login(
    page,
    user,
    'Demo@123456',
    e2e.url(`/business/commitment-letter-detail?objectID=${id}&action=edit`),
  );
  const panel = page.locator(ACTIVE).locator('.portal-decision-panel');
  await panel.getByRole('button', { name: button, exact: true }).click();
  await expect.poll(() => panel.locator('[data-decision-state]').textContent()).toContain(expected);
  return page;
}

/** Opens the request form (新建承诺函) and fills it for the opportunity, type and tender, then saves it. */
async function requestOnForm(page: Page, opportunityNo: string, type: string, tenderNo: string) {
  await page.goto(e2e.url('/business/commitment-letter-create?action=add'));
  const form = page.locator(ACTIVE);
  await form.locator('input#field-tenderNo').waitFor();
  await form.locator('[data-picker="opportunity"]').click();
  const dialog = page.locator('.portal-picker-dialog');
  await dialog.getByLabel('关键字').fill(opportunityNo);
  await dialog.getByRole('button', { name: '查询' }).click();
  await dialog.locator('tbody tr', { hasText: opportunityNo }).first().locator('.p-radiobutton').click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await choose(form, page, 'type', type);
  await choose(form, page, 'brand', '自有品牌');
  await form.locator('#field-tenderNo').fill(tenderNo);
  await form.locator('#field-estimatedBidOpeningDate').fill('2026-12-28');
  await form.locator('.portal-record-actions button[type=submit]').click();
  return form;
}

/** The letter the form saved: its page's id once the form has moved there. */
async function savedLetterId(page: Page) {
  await expect.poll(() => new URL(page.url()).searchParams.get('objectID'), { timeout: 15_000 }).toBeTruthy();
  return new URL(page.url()).searchParams.get('objectID')!;
}

/** The RSP, signed in, and one of its protected opportunities' numbers. */
async function rspWithOpportunity() {
  const page = await e2e.newPage();
  await login(page, 'rsp', 'Demo@123456');
  await waitForPath(page, '/dashboard');
  const [opportunity] = await pageApi<{ ExtOpportunityNOText_SDK: string }[]>(page, '/opportunity/search', {
    currentPage: 1,
    pageSize: 1,
    ExtOpportunityStatus_SDK: '141',
  });
  return { page, opportunityNo: opportunity.ExtOpportunityNOText_SDK };
}

describe('a commitment letter', () => {
  it('is requested, approved, reviewed, approved in OA, stamped with its scan and received', async () => {
    const { page, opportunityNo } = await rspWithOpportunity();
    const tenderNo = `ZB-E2E-${Date.now()}`;
    await requestOnForm(page, opportunityNo, '项目授权函', tenderNo);
    const id = await savedLetterId(page);

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

  it('is one of a set for a tender: another type is taken, a second of the same type is refused naming it', async () => {
    const { page, opportunityNo } = await rspWithOpportunity();
    const tenderNo = `ZB-SET-${Date.now()}`;
    await requestOnForm(page, opportunityNo, '项目授权函', tenderNo);
    const authorisation = await savedLetterId(page);
    await requestOnForm(page, opportunityNo, '售后服务承诺函', tenderNo);
    const service = await savedLetterId(page);
    expect(service).not.toBe(authorisation);

    const form = await requestOnForm(page, opportunityNo, '项目授权函', tenderNo);
    await expect
      .poll(() => page.locator('.portal-toast, [role=alert]').allTextContents(), { timeout: 15_000 })
      .toContainEqual(expect.stringContaining('项目授权函'));
    expect(new URL(page.url()).searchParams.get('objectID')).toBeNull();
    expect(await form.locator('#field-tenderNo').inputValue()).toBe(tenderNo);

    const letters = await pageApi<{ type: string }[]>(page, '/commitmentLetter/search', {
      tenderNo,
      pageSize: 10,
    });
    expect(letters.map((letter) => letter.type).sort()).toEqual(['101', '111']);
  });
});
