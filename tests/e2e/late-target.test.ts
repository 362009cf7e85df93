import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { businessDay } from '../../domain/business-clock';
import { codeEntries } from '../../domain/codes/code';
import { Brand } from '../../domain/codes/products.codes';
import { TaskIndicatorType } from '../../domain/codes/sales-tasks.codes';
import { zh } from '../../locales/zh/messages';
import { provinceOf } from '../../server/reference/regions.data';
import { login, useBrowser, waitForPath } from './browser';
import { choose } from './portal-api';

/**
 * A target set after its year began (docs/sales-tasks.md "Set before its period"): the province
 * manager's save is refused at the year, saying a reason for the late target is needed; with the
 * reason typed, the target waits for HQ, and the executive allows it on the same page, after which it
 * is being allocated like any other.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';
// This business year has begun, whatever day the test runs.
const YEAR = Number(businessDay().slice(0, 4));
const words = zh.salesTasks;
/** A dictionary option's words, as the form's dropdown shows them. */
const wordsOf = (dictionary: object, code: string) =>
  String(codeEntries(dictionary).find((entry) => entry[0] === code)?.[1]);
const JIANGSU = provinceOf('320000').nameZh;
const stateOf = (page: Page) =>
  page.locator(ACTIVE).locator('.portal-decision-panel [data-decision-state]').textContent();

describe('a target for a year already begun', () => {
  it('is refused at its year, then saved with a reason and allowed by HQ', async () => {
    const page = await e2e.newPage();
    await login(
      page,
      'province',
      'Demo@123456',
      e2e.url('/salesTask/province-task-distribution-edit?action=add'),
    );
    const form = page.locator(ACTIVE);
    await form.locator('input#field-AnnualTask').waitFor();
    await form.locator('#field-Year').fill(String(YEAR));
    await form.locator('[data-picker="region"]').click();
    const dialog = page.locator('.portal-picker-dialog');
    await dialog.getByLabel(zh.kitPickers.keyword).fill(JIANGSU);
    await dialog.getByRole('button', { name: zh.kitPickers.search }).click();
    await dialog.locator('tbody tr', { hasText: JIANGSU }).first().locator('.p-radiobutton').click();
    await dialog.getByRole('button', { name: zh.kitPickers.confirm }).click();
    await choose(form, page, 'Brand', wordsOf(Brand, '111'));
    await choose(form, page, 'IndicatorType', wordsOf(TaskIndicatorType, TaskIndicatorType.keyProducts));
    await form.locator('#field-AnnualTask').fill('1000000');
    await form.locator('.portal-record-actions button[type=submit]').click();
    const yearBegun = words.problems.yearBegun
      .replace('{{year}}', String(YEAR))
      .replace('{{start}}', `${YEAR}-01-01`);
    await expect.poll(() => page.locator(`#field-Year-error`).textContent()).toContain(yearBegun);
    expect(new URL(page.url()).searchParams.get('objectID')).toBeNull();

    await form.locator('textarea#field-LateReason').fill('The province office was reorganised in January');
    await form.locator('.portal-record-actions button[type=submit]').click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('objectID'), { timeout: 15_000 })
      .toBeTruthy();
    const id = new URL(page.url()).searchParams.get('objectID')!;
    await expect.poll(() => stateOf(page)).toContain(words.decision.states.lateReview);

    const vp = await e2e.newPage();
    await login(vp, 'vp', 'Demo@123456');
    await waitForPath(vp, '/dashboard');
    await vp.goto(e2e.url(`/salesTask/province-task-distribution?objectID=${id}&action=detail`));
    const panel = vp.locator(ACTIVE).locator('.portal-decision-panel');
    await panel.getByRole('button', { name: words.decision.commands.allowLate, exact: true }).click();
    await expect.poll(() => stateOf(vp)).toContain(words.decision.states.allocating);
  });
});
