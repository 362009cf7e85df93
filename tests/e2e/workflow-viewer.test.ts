import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isValidCreditCode } from '../../domain/credit-code';
import { login, useBrowser } from './browser';

/**
 * The workflow viewer as an analyst meets it (ARCHITECTURE.md §5): the statecharts drawn from their
 * definitions, exported as SVG, a real registration's history replayed step by step on its diagram,
 * the test paths of a machine, and the browser tab's live actors.
 */
const e2e = useBrowser();

const ADMIN = { username: 'admin', password: 'Admin@123456' };
const PAGE = '/system/workflows';

const svg = (page: Page) => page.locator('.wf-svg-host svg');
const stateBox = (page: Page, id: string) => page.locator(`.wf-svg-host [data-state-id="${id}"]`);
const classesOf = async (page: Page, id: string) => (await stateBox(page, id).getAttribute('class')) ?? '';
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function portal(path: string, body: unknown, token?: string) {
  const response = await fetch(e2e.url(`/portal${path}`), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-token': token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { state: boolean; message: string; results: any };
  if (!envelope.state) throw new Error(`${path}: ${envelope.message}`);
  return envelope.results;
}
const tokenOf = async (username: string, password = 'Demo@123456') =>
  (await portal('/user/login', { username, password })).token as string;

/** A valid, unused unified social credit code: a fresh body and its check character. */
function creditCode() {
  const body = `91320500MA${Date.now()
    .toString(36)
    .toUpperCase()
    .replace(/[IOSVZ]/g, '1')
    .padStart(7, '0')
    .slice(-7)}`;
  const check = [...'0123456789ABCDEFGHJKLMNPQRTUWXY'].find((c) => isValidCreditCode(body + c));
  return body + check;
}

/**
 * A registration applied for on the public endpoint, agreed by the channel manager and returned by
 * the channel department: a stream of four events, only through HTTP as a user would cause it.
 */
async function registrationWithHistory() {
  const contact = `验收${Date.now().toString().slice(-8)}`;
  await portal('/registrationInfo/register', {
    ExtChannelSmallType_SDK: 'RSP',
    Name: '苏州青禾智能装备有限公司',
    ExtCreditCode_SDK: creditCode(),
    ExtLegalRepresentative_SDK: '王伟',
    ProvinceCode: '320000',
    CityCode: '320500',
    Address: '苏州工业园区星湖街 328 号',
    ContactName: contact,
    ContactPhone: '13912345678',
    Email: 'qinghe@example.com',
  });
  const admin = await tokenOf(ADMIN.username, ADMIN.password);
  const streams = await portal('/workflowStream/search', { workflow: 'registration', pageSize: 100 }, admin);
  const stream = streams.find((s: { StartedBy: string }) => s.StartedBy === contact);
  await portal(
    '/registrationInfo/processApproval',
    { ObjectID: stream.SubjectID, action: 'agree' },
    await tokenOf('channel'),
  );
  await portal(
    '/registrationInfo/processApproval',
    { ObjectID: stream.SubjectID, action: 'return', reason: '请补充营业执照' },
    await tokenOf('channeldept'),
  );
  return stream.StreamID as string;
}

async function openViewer(page: Page) {
  await login(page, ADMIN.username, ADMIN.password);
  await page.goto(PAGE);
  await page.locator('.wf-machine-item').first().waitFor();
}

describe('the workflow viewer', () => {
  it('draws the registration workflow, exports it as SVG and lists its test paths', async () => {
    const page = await e2e.newPage();
    await openViewer(page);
    await page.locator('.wf-machine-item[data-machine-id="registration"]').click();
    await svg(page).waitFor();
    const text = await svg(page).textContent();
    for (const state of ['inReview', 'supplement', 'toSign', 'active', 'rejected', 'withdrawn']) {
      expect(text).toContain(state);
    }
    expect(text).toContain('review.agree [isCurrentReviewer && isLastStep]');
    expect(await page.locator('.wf-title').textContent()).toBe('代理注册审核');

    // An analyst clicks a state and reads its business rule.
    await stateBox(page, 'registration.supplement').click();
    await expect
      .poll(() => page.locator('.wf-details .wf-rule').first().textContent())
      .toContain('Returned for documents');

    const [download] = await Promise.all([page.waitForEvent('download'), button(page, '导出 SVG').click()]);
    expect(download.suggestedFilename()).toBe('registration.svg');
    const exported = readFileSync((await download.path())!, 'utf8');
    expect(exported.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(exported).toContain('data-state-id="registration.toSign"');

    await page.locator('.wf-paths summary').click();
    await page.locator('.wf-path-list > li').first().waitFor();
    expect(await page.locator('.wf-path-list > li').count()).toBeGreaterThan(5);
    expect(await page.locator('.wf-path-list').textContent()).toContain('在 toSign：发送 agreement.sign');
  });

  it('replays a registration’s history step by step on its diagram', async () => {
    const streamId = await registrationWithHistory();
    const page = await e2e.newPage();
    await openViewer(page);
    await page.locator('.wf-machine-item[data-machine-id="registration"]').click();
    await svg(page).waitFor();
    await page.getByRole('button', { name: streamId }).click();
    await page.locator('.wf-step-label').waitFor();

    expect(await page.locator('.wf-step-label').textContent()).toContain('第 1 / 3 步');
    expect(await classesOf(page, 'registration.inReview')).toContain('is-current');
    expect(await page.locator('.wf-svg-host .is-taken').count()).toBe(0);

    await button(page, '下一步').click();
    await expect.poll(() => page.locator('.wf-step-label').textContent()).toContain('第 2 / 3 步');
    expect(await page.locator('.wf-events tr.is-current').textContent()).toContain('王渠道');

    await button(page, '下一步').click();
    await expect.poll(() => classesOf(page, 'registration.supplement')).toContain('is-current');
    expect(await classesOf(page, 'registration.inReview')).toContain('is-visited');
    expect(await classesOf(page, 'registration.toSign')).not.toContain('is-visited');
    expect(await page.locator('.wf-svg-host .is-taken').count()).toBe(2);
    const current = page.locator('.wf-events tr.is-current');
    expect(await current.textContent()).toContain('请补充营业执照');
    expect(await current.textContent()).toContain('冯渠道部');
    expect(await button(page, '下一步').isDisabled()).toBe(true);
    await page.setViewportSize({ width: 1440, height: 1200 });
    await page.locator('.wf-title').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/workflow-viewer.png', animations: 'disabled' });

    await button(page, '上一步').click();
    await expect.poll(() => classesOf(page, 'registration.supplement')).not.toContain('is-current');
  });

  it('follows a live actor of the tab: the settings drawer opening lights its state', async () => {
    const page = await e2e.newPage();
    await openViewer(page);
    await page.getByRole('tab', { name: '当前页面的实时状态' }).click();
    await page.locator('.wf-machine-item[data-actor="settings"]').click();
    await svg(page).waitFor();
    expect(await svg(page).getAttribute('data-machine')).toBe('settings');
    await expect.poll(() => classesOf(page, 'settings.drawer.closed')).toContain('is-current');

    await page.locator('.portal-navbar-right button[aria-label="系统布局设置"]').click();
    await expect.poll(() => classesOf(page, 'settings.drawer.open')).toContain('is-current');
    expect(await classesOf(page, 'settings.drawer.closed')).not.toContain('is-current');
    expect(await page.locator('.wf-live-events').textContent()).toContain('drawer.open');
  });
});
