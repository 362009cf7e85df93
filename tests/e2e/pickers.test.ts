import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { commitmentLetterCell } from '../../domain/cell-rules';
import { registryCompanies } from '../../server/lookups/registry-companies';
import { login, tokenOf, useBrowser } from './browser';

/**
 * The company lookup as a person meets it on a record page (SPEC §4, §5, §8): the local search, the
 * fallback to the registry (企查查) and to manual entry after a miss, and the reset on closing.
 * The mount point is the distributor's company name on /customers/distributor-add, a PickerField
 * with the 'company' picker.
 */
const e2e = useBrowser();

const ADD_PAGE = '/customers/distributor-add?action=add';
const NOT_FOUND = '抱歉，本地客户没有查询到你所需的信息，请用企查查或手动输入';
/** The demo has no registry configured (QCC_URL): its companies are invented, and the picker says so. */
const SAMPLE_NOTE = '企查查未接入：以下为本地样例企业，仅供演示（配置 QCC_URL 后查询真实工商信息）';

const dialog = (page: Page) => page.locator('.portal-company-lookup');
const button = (page: Page, name: string) => dialog(page).getByRole('button', { name, exact: true });
const keyword = (page: Page) => dialog(page).getByLabel('公司名称', { exact: true });
const field = (page: Page) =>
  page.locator('.portal-picker-field', { has: page.locator('[data-picker="company"]') }).locator('input');

async function openLookup(page: Page) {
  await page.locator('[data-picker="company"]').click();
  await dialog(page).waitFor();
}

async function searchLocally(page: Page, text: string) {
  await keyword(page).fill(text);
  await button(page, '本地查询').click();
}

async function openAddPage() {
  const page = await e2e.newPage();
  await login(page, 'admin', 'Admin@123456', ADD_PAGE);
  await page.locator('[data-picker="company"]').waitFor();
  return page;
}

describe('company lookup on the distributor form', () => {
  it('after a local miss, finds the company in the registry and fills the field with it', async () => {
    const company = registryCompanies()[11];
    const page = await openAddPage();
    await openLookup(page);
    expect(await button(page, '企查查').isDisabled(), 'the registry waits for a local miss').toBe(true);
    expect(await button(page, '手动输入').isDisabled()).toBe(true);

    await searchLocally(page, company.name);
    await dialog(page).getByText(NOT_FOUND).waitFor();
    expect(await page.getByText(/必填/).count(), 'searching in the dialog does not submit the form').toBe(0);
    await expect
      .poll(() => button(page, '本地查询').isDisabled(), { message: 'the local search is off after a miss' })
      .toBe(true);
    await expect.poll(() => button(page, '企查查').isDisabled()).toBe(false);
    await expect.poll(() => button(page, '手动输入').isDisabled()).toBe(false);
    expect(await dialog(page).getByText(SAMPLE_NOTE).count(), 'the local miss is no registry answer').toBe(0);

    await button(page, '企查查').click();
    const hit = dialog(page).locator('tr', { hasText: company.name });
    await hit.waitFor();
    expect(await hit.textContent()).toContain(company.creditCode);
    await expect
      .poll(() => dialog(page).getByText(SAMPLE_NOTE).isVisible(), {
        message: 'the sample registry says what it is',
      })
      .toBe(true);
    await hit.getByRole('button', { name: '选用' }).click();
    await dialog(page).waitFor({ state: 'hidden' });
    await expect.poll(() => field(page).inputValue()).toBe(company.name);

    // The choice was recorded: the local search finds it now, and closing had reset the dialog.
    await openLookup(page);
    await expect.poll(() => keyword(page).inputValue()).toBe('');
    await expect.poll(() => button(page, '本地查询').isDisabled()).toBe(false);
    await expect.poll(() => button(page, '企查查').isDisabled()).toBe(true);
    await searchLocally(page, company.name);
    await dialog(page).locator('tr', { hasText: company.name }).waitFor();
    expect(await dialog(page).getByText(NOT_FOUND).count()).toBe(0);
    expect(await dialog(page).getByText(SAMPLE_NOTE).count(), 'local customers are real ones').toBe(0);
  });

  it('manual entry asks for the full customer name before it fills the field', async () => {
    const typed = `青梧测试${Date.now() % 100_000}`;
    const fullName = `${typed}环保科技有限公司`;
    const page = await openAddPage();
    await openLookup(page);
    await searchLocally(page, typed);
    await dialog(page).getByText(NOT_FOUND).waitFor();

    await button(page, '手动输入').click();
    const name = dialog(page).getByLabel('客户全称');
    await name.waitFor();
    await expect.poll(() => name.inputValue(), { message: 'the prompt starts from the keyword' }).toBe(typed);
    await name.fill('青梧');
    await button(page, '确定').click();
    await dialog(page).getByText('客户全称至少 4 个字').waitFor();
    await name.fill('');
    await button(page, '确定').click();
    await dialog(page).getByText('请输入客户全称').waitFor();

    await name.fill(fullName);
    await button(page, '确定').click();
    await dialog(page).waitFor({ state: 'hidden' });
    await expect.poll(() => field(page).inputValue()).toBe(fullName);
  });

  it('closing the dialog resets the lookup: local search on, registry and manual entry off', async () => {
    const page = await openAddPage();
    await openLookup(page);
    await searchLocally(page, `不存在的公司${Date.now() % 100_000}`);
    await dialog(page).getByText(NOT_FOUND).waitFor();
    await dialog(page).locator('.p-dialog-header-close').click();
    await dialog(page).waitFor({ state: 'hidden' });

    await openLookup(page);
    await expect.poll(() => keyword(page).inputValue()).toBe('');
    expect(await dialog(page).getByText(NOT_FOUND).count()).toBe(0);
    await expect.poll(() => button(page, '本地查询').isDisabled()).toBe(false);
    await expect.poll(() => button(page, '企查查').isDisabled()).toBe(true);
    await expect.poll(() => button(page, '手动输入').isDisabled()).toBe(true);
    await expect.poll(() => field(page).inputValue(), { message: 'nothing was chosen' }).toBe('');
  });
});

type Row = Record<string, unknown>;

/** A product line whose cell asks for a letter, and a letter of the same opportunity, from the seed. */
async function lineAndLetter(page: Page) {
  const token = (await tokenOf(page)) ?? '';
  const post = async (path: string, data: Row) =>
    (await (
      await page.request.post(e2e.url(`/portal${path}`), { headers: { 'x-token': token }, data })
    ).json()) as {
      results: Row[];
    };
  const letters = (await post('/commitmentLetterLookup/search', { currentPage: 1, pageSize: 100 })).results;
  for (const opportunityNo of new Set(letters.map((l) => String(l.opportunityNo)))) {
    const lines = (
      await post('/opportunityItem/search', { ExtOpportunityNOText_SDK: opportunityNo, pageSize: 100 })
    ).results;
    const line = lines.find((r) => commitmentLetterCell(r).kind === 'picker' && !r.SynchState);
    const letter = letters.find((l) => l.opportunityNo === opportunityNo);
    if (line && letter) return { line, letter };
  }
  throw new Error('the demo seed has no product line waiting for a letter of its opportunity');
}

describe('the commitment-letter cell', () => {
  it("opens the letters of the line's opportunity, and the chosen letter is saved on the line", async () => {
    const page = await e2e.newPage();
    await login(page, 'admin', 'Admin@123456');
    const { line, letter } = await lineAndLetter(page);
    await page.goto(
      e2e.url(`/business/product-info-report?ExtOpportunityNOText_SDK=${line.ExtOpportunityNOText_SDK}`),
    );
    const row = page.locator('.portal-grid tbody tr', { hasText: String(line.pn) }).first();
    const cell = row.locator('[data-picker="commitmentLetter"]');
    await cell.click();
    const dialog = page.locator('.portal-picker-dialog');
    await dialog.locator('tbody tr', { hasText: String(letter.commitmentLetterNo) }).waitFor();
    // Only letters of this opportunity are offered.
    const offered = await dialog.locator('tbody tr').allInnerTexts();
    expect(offered.length).toBeGreaterThan(0);
    for (const text of offered) expect(text).toContain(String(line.ExtOpportunityNOText_SDK));
    await dialog
      .locator('tbody tr', { hasText: String(letter.commitmentLetterNo) })
      .first()
      .locator('.p-radiobutton')
      .click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.locator('.portal-toast').filter({ hasText: '更新成功！' }).first().waitFor();
    await expect
      .poll(async () => ((await cell.textContent()) ?? '').trim())
      .toBe(String(letter.commitmentLetterNo));

    await page.reload();
    await expect
      .poll(async () => ((await cell.textContent()) ?? '').trim(), { timeout: 20_000 })
      .toBe(String(letter.commitmentLetterNo));
  });
});
