import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { codeEntries } from '../../domain/codes/code';
import { ChannelType } from '../../domain/codes/customers.codes';
import { dataRows, login, useBrowser, waitForPath } from './browser';

/**
 * A list whose dictionaries answer after its rows still shows words, not codes: the table's cells are
 * memoised by their row, so they once kept the codes they were first drawn with whenever the rows
 * came first (an intermittent race on every list with a dictionary column).
 */
const e2e = useBrowser();
const rows = (page: Page) => dataRows(page.locator('.portal-grid'));
const [rspCode, rspWord] = codeEntries(ChannelType).find(([code]) => code === ChannelType.rsp) ?? [];

describe('dictionary words in a list', () => {
  it('replace the codes when the dictionaries arrive after the rows', async () => {
    const page = await e2e.newPage();
    await login(page, 'admin', 'Admin@123456');
    await waitForPath(page, '/dashboard');
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/portal/commonSession/searchAll', async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(e2e.url('/customers/rsp-info'));
    // The rows are drawn while every dictionary is still held back: the channel type shows its code.
    await rows(page).first().waitFor();
    const firstRow = () => rows(page).first().locator('td');
    expect(await firstRow().allInnerTexts()).toContain(rspCode);
    release();
    await expect
      .poll(async () => (await firstRow().allInnerTexts()).map((text) => text.trim()))
      .toContain(rspWord);
    expect((await firstRow().allInnerTexts()).map((text) => text.trim())).not.toContain(rspCode);
  });
});
