import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isValidCreditCode } from '../../domain/credit-code';
import { login, useBrowser } from './browser';

/**
 * The workflow viewer as an analyst meets it (ARCHITECTURE.md §5): the statecharts drawn from their
 * definitions, exported as SVG, a real registration's history replayed step by step on its diagram,
 * the test paths of a machine, and the browser tab's live actors. Every chart opens legible (text at
 * 12 px or more on screen) with its initial state in view, on a desktop and on a phone.
 */
const e2e = useBrowser();

const ADMIN = { username: 'admin', password: 'Admin@123456' };
const PAGE = '/system/workflows';

const svg = (page: Page) => page.locator('.wf-svg-host svg');
const canvas = (page: Page) => page.locator('.wf-canvas');
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

async function choose(page: Page, machineId: string) {
  await page.locator(`.wf-machine-item[data-machine-id="${machineId}"]`).click();
  await expect.poll(() => svg(page).getAttribute('data-machine')).toBe(machineId);
}

/** The smallest text of the diagram as rendered: its font size times the SVG's on-screen scale. */
const smallestTextPx = (page: Page, selector = 'text') =>
  svg(page).evaluate((root, css) => {
    const drawing = root as SVGSVGElement;
    const scale = drawing.getBoundingClientRect().width / drawing.viewBox.baseVal.width;
    const sizes = [...drawing.querySelectorAll(css)].map(
      (t) => Number.parseFloat(getComputedStyle(t).fontSize) * scale,
    );
    return Math.min(...sizes);
  }, selector);

/** Whether a state's box lies wholly inside the panel's visible area and inside the window. */
const stateInView = (page: Page, id: string) =>
  page.evaluate((stateId) => {
    const panel = document.querySelector('.wf-canvas') as HTMLElement;
    const box = document
      .querySelector(`.wf-svg-host [data-state-id="${CSS.escape(stateId)}"] > rect`)
      ?.getBoundingClientRect();
    if (!box) return false;
    const frame = panel.getBoundingClientRect();
    const left = frame.left + panel.clientLeft;
    const top = frame.top + panel.clientTop;
    return (
      box.left >= left &&
      box.top >= top &&
      box.right <= left + panel.clientWidth &&
      box.bottom <= top + panel.clientHeight &&
      box.top >= 0 &&
      box.bottom <= window.innerHeight &&
      box.left >= 0 &&
      box.right <= window.innerWidth
    );
  }, id);

/** The diagram's scale on screen (1 = drawn size). */
const scaleOf = (page: Page) =>
  svg(page).evaluate((root) => {
    const drawing = root as SVGSVGElement;
    return drawing.getBoundingClientRect().width / drawing.viewBox.baseVal.width;
  });

/** A registration stream to replay: an existing one, or one applied for now through the API. */
async function someRegistrationStream() {
  const admin = await tokenOf(ADMIN.username, ADMIN.password);
  const found = await portal('/workflowStream/search', { workflow: 'registration', pageSize: 1 }, admin);
  return found.length ? (found[0].StreamID as string) : registrationWithHistory();
}

describe('the workflow viewer', () => {
  it('opens each chart fitted and legible with its initial state in view, and zooms no smaller', async () => {
    const page = await e2e.newPage();
    await openViewer(page);
    for (const [id, initial] of [
      ['approval', 'approval.draft'],
      ['registration', 'registration.inReview'],
    ]) {
      await choose(page, id);
      await expect.poll(() => stateInView(page, initial), { timeout: 3_000 }).toBe(true);
      expect(await smallestTextPx(page, '.wf-label')).toBeGreaterThanOrEqual(12);
      expect(await smallestTextPx(page)).toBeGreaterThanOrEqual(12);
      expect(await scaleOf(page)).toBeLessThanOrEqual(1);
    }
    // Wider than the panel at the smallest legible size: the panel scrolls instead of shrinking it.
    expect(await canvas(page).evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

    for (let i = 0; i < 6; i++) await button(page, '缩小').click();
    expect(await smallestTextPx(page)).toBeGreaterThanOrEqual(12);
    expect(await smallestTextPx(page)).toBeLessThan(12.1);
    await button(page, '放大').click();
    await expect.poll(() => smallestTextPx(page)).toBeGreaterThan(13);
    await button(page, '适应面板').click();
    await expect.poll(() => stateInView(page, 'registration.inReview')).toBe(true);

    // A roomier window: the fitted chart is refitted to the wider panel.
    const before = await scaleOf(page);
    await page.setViewportSize({ width: 2400, height: 1000 });
    await expect.poll(() => scaleOf(page)).toBeGreaterThan(before);
    expect(await smallestTextPx(page)).toBeGreaterThanOrEqual(12);
    expect(await stateInView(page, 'registration.inReview')).toBe(true);
  });

  it('says a transition’s guard in words, in Chinese and in English', async () => {
    const page = await e2e.newPage();
    await openViewer(page);
    await choose(page, 'approval');
    await page.locator('[data-transition-id="approval.inApproval:approval.agree:0"] text').click();
    const details = page.locator('.wf-details');
    await expect.poll(() => details.locator('dd.wf-guard').textContent()).toBe('当前审批人 且 最后一个节点');
    expect(await details.locator('.wf-event').textContent()).toBe('approval.agree');
    expect(await details.textContent()).toContain('approval.approved');

    await stateBox(page, 'approval.inApproval').locator('.wf-label').click();
    await expect.poll(() => details.locator('.wf-tags').textContent()).toContain('#awaitingDecision');

    const english = await e2e.newPage({ locale: 'en-US' });
    await openViewer(english);
    await choose(english, 'approval');
    await english.locator('[data-transition-id="approval.inApproval:approval.agree:0"] text').click();
    await expect
      .poll(() => english.locator('.wf-details dd.wf-guard').textContent())
      .toBe('the current approver and the last node');
  });

  it('draws the registration workflow, exports it as SVG and lists its test paths', async () => {
    const page = await e2e.newPage();
    await openViewer(page);
    await choose(page, 'registration');
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

  it('lists the registration streams at once, each by its record, and replays the one chosen', async () => {
    const streamId = await someRegistrationStream();
    const page = await e2e.newPage();
    await openViewer(page);
    await choose(page, 'registration');
    const rows = page.locator('.wf-stream-item');
    await rows.first().waitFor();
    expect(await rows.first().textContent()).toMatch(/ZR\d+/);
    expect(await rows.first().textContent()).toContain('代理注册审核');

    await page.getByLabel('按业务编号、名称或流程编号搜索').fill(streamId.slice(-12));
    await button(page, '搜索').click();
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().click();
    await page.locator('.wf-step-label').waitFor();
    expect(await page.locator('.wf-step-label').textContent()).toMatch(/第 1 \/ \d+ 步/);
    expect(await classesOf(page, 'registration.inReview')).toContain('is-current');
    await expect.poll(() => stateInView(page, 'registration.inReview')).toBe(true);
  });

  it('replays a registration’s history step by step on its diagram', async () => {
    const streamId = await registrationWithHistory();
    const page = await e2e.newPage();
    await openViewer(page);
    await choose(page, 'registration');
    await page.getByLabel('按业务编号、名称或流程编号搜索').fill(streamId);
    await button(page, '搜索').click();
    await page.locator(`.wf-stream-item[data-stream-id="${streamId}"]`).click();
    await page.locator('.wf-step-label').waitFor();

    expect(await page.locator('.wf-step-label').textContent()).toContain('第 1 / 3 步');
    expect(await classesOf(page, 'registration.inReview')).toContain('is-current');
    expect(await page.locator('.wf-svg-host .is-taken').count()).toBe(0);

    await button(page, '下一步').click();
    await expect.poll(() => page.locator('.wf-step-label').textContent()).toContain('第 2 / 3 步');
    expect(await page.locator('.wf-events tr.is-current').textContent()).toContain('王渠道');

    await button(page, '下一步').click();
    await expect.poll(() => classesOf(page, 'registration.supplement')).toContain('is-current');
    await expect.poll(() => stateInView(page, 'registration.supplement')).toBe(true);
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

  it('keeps the text legible on a phone and scrolls the chart instead', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await openViewer(page);
    await choose(page, 'registration');
    await expect.poll(() => stateInView(page, 'registration.inReview'), { timeout: 3_000 }).toBe(true);
    expect(await smallestTextPx(page)).toBeGreaterThanOrEqual(12);
    expect(await canvas(page).evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: '/tmp/workflow-viewer-phone.png', animations: 'disabled' });
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
