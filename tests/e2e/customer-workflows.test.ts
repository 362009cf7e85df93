import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../machines/workflows/customer-change.rules';
import { login, useBrowser } from './browser';
import { portalEnvelope } from './portal-api';

/**
 * Applications on an existing agent as people make and decide them (docs/customer-workflows.md): the
 * sales desk applies on the RSP's detail page, the approvers of the chain decide on the same page, and
 * the record shows the change without a reload.
 */
const e2e = useBrowser();

/** Active RSPs the Jiangsu channel manager looks after, so every approver of the chain sees them. */
async function jiangsuRsps(): Promise<string[]> {
  const token = (await portalEnvelope('/user/login', { username: 'channel', password: 'Demo@123456' }))
    .results.token;
  const found = await portalEnvelope(
    '/customer/search',
    { currentPage: 1, pageSize: 50, ExtChannelSmallType_SDK: 'RSP', ExtCustomerStatus_SDK: '161' },
    token,
  );
  return found.results.map((r: { ObjectID: string }) => r.ObjectID);
}

/**
 * The demo seeds an open application on agents, and an agent takes one at a time: the approvers of
 * the seeded ones reject them through the decision layer, so every test starts from none.
 */
async function closeSeededApplications(ids: string[]) {
  for (const user of ['channel', 'channeldept', 'province', 'vp']) {
    const token = (await portalEnvelope('/user/login', { username: user, password: 'Demo@123456' })).results
      .token;
    for (const id of ids) {
      const options = await portalEnvelope(
        '/workflow/options',
        { workflow: 'customerChange', ObjectID: id },
        token,
      );
      if (!options.results?.Commands.some((c: { Name: string }) => c.Name === 'reject')) continue;
      const { StreamID, WorkflowVersion } = options.results;
      const rejected = await portalEnvelope(
        '/workflow/decide',
        {
          workflow: 'customerChange',
          ObjectID: id,
          StreamID,
          command: 'reject',
          payload: { reason: '演示数据' },
          WorkflowVersion,
        },
        token,
      );
      expect(rejected.state, rejected.message).toBe(true);
    }
  }
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
const panelOf = (page: Page) => page.locator('[data-customer-workflow]');
const dialogOf = (page: Page) => page.locator('.portal-cw-dialog');
const decisionDialogOf = (page: Page) => page.locator('.portal-decision-dialog');
const endDate = (page: Page) => page.locator('#field-ExtAgreementEndDate_SDK').textContent();

/** Logs in as someone else and opens the RSP's detail page with its applications read. */
async function openAs(page: Page, user: string, id: string) {
  await page.context().clearCookies();
  await login(page, user, 'Demo@123456', `/customers/rsp-detail?objectID=${id}&action=detail`);
  await panelOf(page).locator('h3').waitFor();
  await expect.poll(() => panelOf(page).getAttribute('aria-busy')).toBe('false');
}

async function press(page: Page, label: string) {
  await panelOf(page).getByRole('button', { name: label, exact: true }).click();
}

const latestState = (page: Page) =>
  panelOf(page).locator('.portal-cw-item').first().getAttribute('data-application-state');

describe('agent applications on the RSP detail page', () => {
  beforeAll(async () => closeSeededApplications(await jiangsuRsps()));

  it('renews an RSP along the chain, and the agreement end date moves on the page', async () => {
    const page = await e2e.newPage();
    const [id] = await jiangsuRsps();
    await openAs(page, 'ops', id);
    await expect.poll(() => endDate(page)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const before = String(await endDate(page));

    await press(page, '协议续签');
    await dialogOf(page).getByText('24 个月').click();
    await dialogOf(page).getByRole('button', { name: '确定' }).click();
    await expect.poll(() => latestState(page)).toBe('inApproval');
    await expect.poll(() => panelOf(page).locator('[data-node]').textContent()).toBe('第 1/2 步：渠道经理');
    expect(await panelOf(page).getByRole('button', { name: '协议续签' }).count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await panelOf(page).screenshot({ path: 'test-results/customer-workflow-panel.png' });

    await openAs(page, 'channel', id);
    await press(page, '同意');
    await expect.poll(() => panelOf(page).locator('[data-node]').textContent()).toBe('第 2/2 步：渠道管理部');

    await openAs(page, 'channeldept', id);
    await press(page, '同意');
    await expect.poll(() => latestState(page)).toBe('approved');
    const from = [before, today()].sort()[1];
    await expect.poll(() => endDate(page)).toBe(addMonths(from, 24));
  });

  it('names the missing reason, and a suspension rejected with a reason leaves the agent active', async () => {
    const page = await e2e.newPage();
    const ids = await jiangsuRsps();
    const id = ids[ids.length - 1];
    await openAs(page, 'ops', id);
    await press(page, '暂停合作');
    await dialogOf(page).getByRole('button', { name: '确定' }).click();
    await expect.poll(() => page.locator('[data-field-error="cw-reason"]').textContent()).toBe('请填写原因');
    await page.locator('#cw-reason').fill('跨区域窜货');
    await dialogOf(page).getByRole('button', { name: '确定' }).click();
    await expect.poll(() => latestState(page)).toBe('inApproval');

    await openAs(page, 'channeldept', id);
    await page.setViewportSize({ width: 390, height: 844 });
    await panelOf(page).screenshot({ path: 'test-results/customer-workflow-panel-390.png' });
    await press(page, '驳回');
    await decisionDialogOf(page).getByRole('button', { name: '确定' }).click();
    await expect
      .poll(() => page.locator('[data-field-error="decision-reason"]').textContent())
      .toBe('请填写原因');
    await page.locator('#decision-reason').fill('证据不足');
    await decisionDialogOf(page).getByRole('button', { name: '确定' }).click();
    await expect.poll(() => latestState(page)).toBe('rejected');
    await expect
      .poll(() => panelOf(page).locator('.portal-cw-item [data-reason]').first().textContent())
      .toBe('原因: 证据不足');
    await expect.poll(() => page.locator('#field-ExtCustomerStatus_SDK').textContent()).toBe('正常合作');
  });

  it('shows the refusal of a stale decision as the server words it', async () => {
    const page = await e2e.newPage();
    const ids = await jiangsuRsps();
    const id = ids[1];
    await openAs(page, 'ops', id);
    await press(page, '暂停合作');
    await page.locator('#cw-reason').fill('逾期未回款');
    await dialogOf(page).getByRole('button', { name: '确定' }).click();
    await expect.poll(() => latestState(page)).toBe('inApproval');

    await openAs(page, 'channeldept', id);
    // Someone else decides first; this page still shows the version before it.
    const token = (await portalEnvelope('/user/login', { username: 'channeldept', password: 'Demo@123456' }))
      .results.token;
    await portalEnvelope(
      '/customer/processApproval',
      { ObjectID: id, action: 'reject', reason: '重复申请' },
      token,
    );
    await press(page, '同意');
    await expect
      .poll(() => panelOf(page).locator('[data-refusal]').textContent())
      .toContain('该申请刚刚已被他人处理');
    await expect.poll(() => latestState(page)).toBe('rejected');
  });
  it('the applicant withdraws an application before anyone decided, and it stays withdrawn', async () => {
    const page = await e2e.newPage();
    // The demo has two active Jiangsu RSPs; the first has no open application after its renewal.
    const [id] = await jiangsuRsps();
    await openAs(page, 'ops', id);
    await press(page, '暂停合作');
    await page.locator('#cw-reason').fill('年度考核未达标');
    await dialogOf(page).getByRole('button', { name: '确定' }).click();
    await expect.poll(() => latestState(page)).toBe('inApproval');
    await press(page, '撤回申请');
    await decisionDialogOf(page).getByRole('button', { name: '确定' }).click();
    await expect.poll(() => latestState(page)).toBe('withdrawn');
    // Nothing is left to decide, and a new application may start again.
    expect(await panelOf(page).getByRole('button', { name: '撤回申请', exact: true }).count()).toBe(0);
    await expect
      .poll(() => panelOf(page).getByRole('button', { name: '暂停合作', exact: true }).count())
      .toBe(1);
    await openAs(page, 'channel', id);
    expect(await panelOf(page).getByRole('button', { name: '同意', exact: true }).count()).toBe(0);
  });

  it('forwards to a colleague of the same role chosen in the employee picker, in English at phone width', async () => {
    const page = await e2e.newPage({ locale: 'en-US' });
    const [id] = await jiangsuRsps();
    const ops = (await portalEnvelope('/user/login', { username: 'ops', password: 'Demo@123456' })).results
      .token;
    await portalEnvelope('/customer/renewal', { ObjectID: id, termMonths: 12 }, ops);
    // The demo has one channel manager in Jiangsu; a second one joins to take the forward.
    const admin = (await portalEnvelope('/user/login', { username: 'admin', password: 'Admin@123456' }))
      .results.token;
    const colleague = { LastName: '沈伯远', ExtUserName_SDK: 'shen.boyuan' };
    const created = await portalEnvelope(
      '/employee/create',
      {
        ...colleague,
        ExtRoleCode_SDK: 'JS010',
        ProvinceCode: '320000',
        Email: 'shen.boyuan@portal.example',
        Phone: '13812345679',
        Password: 'Start2026a',
      },
      admin,
    );
    expect(created.state, created.message).toBe(true);

    await openAs(page, 'channel', id);
    await page.setViewportSize({ width: 390, height: 844 });
    await press(page, 'Forward');
    await decisionDialogOf(page).getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => page.locator('[data-field-error="decision-to"]').textContent())
      .toBe('Choose the employee to forward to');
    await page.screenshot({ path: 'test-results/customer-workflow-forward-390.png' });
    await decisionDialogOf(page).locator('[data-picker="employee"]').click();
    const picker = page.locator('.portal-picker-dialog');
    await picker.locator('tr', { hasText: colleague.LastName }).locator('.p-radiobutton').first().click();
    await page.screenshot({ path: 'test-results/customer-workflow-picker-390.png' });
    await picker.getByRole('button', { name: 'OK', exact: true }).click();
    await expect.poll(() => page.locator('#decision-to').inputValue()).toBe(colleague.LastName);
    await decisionDialogOf(page).getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => panelOf(page).getByRole('button', { name: 'Agree', exact: true }).count())
      .toBe(0);
    await panelOf(page).locator('summary').first().click();
    // The history and the chart are read again after the decision: they may arrive after the buttons go.
    await expect
      .poll(() => panelOf(page).locator('.portal-cw-history').first().textContent())
      .toContain('Forwarded');
    // The step now waits for the colleague, and says so by name.
    await expect
      .poll(() => panelOf(page).locator('[data-node]').first().textContent())
      .toBe(`Step 1/2: ${colleague.LastName}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await panelOf(page).screenshot({ path: 'test-results/customer-workflow-panel-en.png' });
  });
});
