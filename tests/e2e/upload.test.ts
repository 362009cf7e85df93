import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { login, tokenOf, useBrowser } from './browser';

/**
 * The file upload control on a real page (SPEC §2 "A file upload control", §5 upload rules, §8, §9):
 * the RSP edit page's business-licence field (ExtLicenseFile_SDK), as the sales operations desk uses it.
 * The field is drawn by the generic record page through views/kit/file-field.tsx.
 */
const e2e = useBrowser();

const OPS = { username: 'ops', password: 'Demo@123456' };
const RSP_ADD = '/customers/rsp-edit?action=add';
const TYPES = 'pdf/jpg/jpeg/png/doc/docx/xls/xlsx';
const MB = 1024 * 1024;

const pdf = (name: string, size: number) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]),
});

/**
 * A file of `size` bytes on disk, for the oversized pick: a local browser reads a path itself, where a
 * buffer of megabytes goes through the protocol and can outlast the wait on a busy machine.
 */
const files = mkdtempSync(join(tmpdir(), 'portal-e2e-upload-'));
afterAll(() => rmSync(files, { recursive: true, force: true }));
function pdfOnDisk(name: string, size: number): string {
  const path = join(files, name);
  writeFileSync(path, pdf(name, size).buffer);
  return path;
}

const control = (page: Page) => page.locator('.portal-file-upload').first();
const picker = (page: Page) => control(page).locator('input[type=file]');
const lines = (page: Page) => control(page).locator('.portal-file-item');
const line = (page: Page, name: string) => lines(page).filter({ hasText: name });
const toast = (page: Page, text: string) => page.locator('.portal-toast').filter({ hasText: text });

async function openRspForm(page: Page) {
  await login(page, OPS.username, OPS.password, RSP_ADD);
  await control(page).waitFor();
}

describe('file upload control on the RSP edit page', () => {
  it('shows the button and the tip of SPEC §9', async () => {
    const page = await e2e.newPage();
    await openRspForm(page);
    await expect.poll(() => control(page).getByRole('button').first().textContent()).toBe('上传文件');
    await expect
      .poll(() => control(page).locator('.portal-file-tip').textContent())
      .toBe(`请上传 大小不超过 10MB 格式为 ${TYPES} 的文件`);
  });

  it('refuses a wrong type, an oversized file, a duplicate and one file too many, each with its message', async () => {
    const page = await e2e.newPage();
    await openRspForm(page);

    await picker(page).setInputFiles({
      name: 'setup.exe',
      mimeType: 'application/x-msdownload',
      buffer: randomBytes(64),
    });
    await toast(page, `文件格式不正确, 请上传${TYPES}格式文件!`).waitFor();

    await picker(page).setInputFiles(pdfOnDisk('扫描件.pdf', 10 * MB));
    await toast(page, '上传文件大小不能超过 10 MB!').waitFor();
    expect(await lines(page).count(), 'refused files never enter the list').toBe(0);

    const licence = pdf('营业执照.pdf', 2048);
    await picker(page).setInputFiles(licence);
    await line(page, '营业执照.pdf').locator('a.portal-file-name').waitFor();
    expect(await line(page, '营业执照.pdf').locator('.portal-file-size').textContent()).toBe('2.00 KB');

    await picker(page).setInputFiles(licence);
    await toast(page, '此文件已上传!').waitFor();
    expect(await lines(page).count()).toBe(1);

    // 20 files at most: with one in the list, 20 more are picked; 19 go up and the last is refused.
    const more = Array.from({ length: 20 }, (_, i) => pdf(`附件${i + 1}.pdf`, 1024 + i));
    await picker(page).setInputFiles(more);
    await toast(page, '最多上传20个文件').waitFor();
    await expect.poll(() => lines(page).locator('a.portal-file-name').count(), { timeout: 20_000 }).toBe(20);
    expect(await line(page, '附件20.pdf').count()).toBe(0);
  });

  it('uploads a file, downloads it with its name, and deletes it after asking', async () => {
    const page = await e2e.newPage();
    await openRspForm(page);
    const file = pdf('授权书 2026.pdf', 3 * 1024 + 512);
    await picker(page).setInputFiles(file);
    const uploaded = line(page, '授权书 2026.pdf');
    await uploaded.locator('a.portal-file-name').waitFor();
    expect(await uploaded.locator('.portal-file-size').textContent()).toBe('3.50 KB');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      uploaded.locator('a.portal-file-name').click(),
    ]);
    expect(download.suggestedFilename()).toBe('授权书 2026.pdf');

    await uploaded.getByRole('button', { name: '删除' }).click();
    const dialog = page.locator('.p-confirm-dialog');
    await dialog.filter({ hasText: '确认删除该文件吗?' }).waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await uploaded.count(), 'cancelling keeps the file').toBe(1);

    await uploaded.getByRole('button', { name: '删除' }).click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await toast(page, '删除成功!').waitFor();
    await uploaded.waitFor({ state: 'detached' });
  });

  it("says '文件下载失败！' when the file is gone", async () => {
    const page = await e2e.newPage();
    await openRspForm(page);
    await picker(page).setInputFiles(pdf('临时.pdf', 1500));
    const uploaded = line(page, '临时.pdf');
    await uploaded.locator('a.portal-file-name').waitFor();
    // Someone else removes the file meanwhile (here: the same person, through the API).
    const href = await uploaded.locator('a.portal-file-name').getAttribute('href');
    const token = (await tokenOf(page)) ?? '';
    const removed = await page.request.post('/portal/file/deleteDetail', {
      headers: { 'x-token': token },
      data: { ObjectID: href?.split('/').pop() },
    });
    expect((await removed.json()).state).toBe(true);
    await uploaded.locator('a.portal-file-name').click();
    await toast(page, '文件下载失败！').waitFor();
  });
});
