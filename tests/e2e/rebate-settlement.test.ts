import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, useBrowser } from './browser';
import { ampleCreditLimit, api, choose } from './portal-api';

/**
 * A rebate policy from its entry to a posted settlement used on an order (docs/rebates.md): sales
 * operations enter the policy and submit it, the executive approves and it is published; the desk sets
 * the demo RSP's task on the task form — what the RSP sold is computed — and calculates its settlement
 * once the quarter is over; the desk agrees, the RSP confirms, finance posts; the RSP's next order uses
 * rebate, and its ledger shows the posting and the use.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

const tokenOf = async (username: string, password = 'Demo@123456') =>
  (await api<{ token: string }>('/user/login', { username, password })).token;

/** An order of the RSP entered, submitted and agreed along its chain; answers its number. */
async function effectiveOrder(tokens: Record<string, string>, order: Record<string, unknown>) {
  const created = await api<{ ObjectID: string; OrderNo: string }>('/order/create', order, tokens.rsp);
  await api('/orderApproval/submit', { ObjectID: created.ObjectID }, tokens.rsp);
  const deciders: Record<string, string> = { JS013: 'ops', JS014: 'finance', JS017: 'vp' };
  for (let step = 0; step < 3; step++) {
    const options = await api<{ State: string; Decider: { Role: string } }>(
      '/workflow/options',
      { workflow: 'orderApproval', ObjectID: created.ObjectID },
      tokens.admin,
    );
    if (options.State === 'approved') break;
    const workflow = { workflow: 'orderApproval', ObjectID: created.ObjectID, command: 'agree', payload: {} };
    await api('/workflow/decide', workflow, tokens[deciders[options.Decider.Role]]);
  }
  return created.OrderNo;
}

async function pick(tab: Locator, page: Page, field: string, keyword: string) {
  await tab.locator(`.portal-field:has(#field-${field}) [data-picker]`).click();
  const dialog = page.locator('.portal-picker-dialog');
  await dialog.getByLabel('关键字').fill(keyword);
  await dialog.getByRole('button', { name: '查询' }).click();
  await dialog.locator('tbody tr', { hasText: keyword }).first().locator('.p-radiobutton').click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const panelOf = (page: Page) => page.locator(`${ACTIVE} .portal-decision-panel`);
async function press(page: Page, button: string, after: string) {
  await panelOf(page).getByRole('button', { name: button, exact: true }).click();
  await expect.poll(() => panelOf(page).locator('[data-decision-state]').textContent()).toContain(after);
}
async function decideAs(page: Page, username: string, taskId: string, button: string, after: string) {
  await page.context().clearCookies();
  await login(page, username, 'Demo@123456', e2e.url(`/rebates/rebate-task-detail?objectID=${taskId}`));
  await press(page, button, after);
}

describe('a rebate policy', () => {
  it('goes from entry to a posted settlement the RSP uses on an order', async () => {
    const tokens: Record<string, string> = { admin: await tokenOf('admin', 'Admin@123456') };
    for (const user of ['ops', 'vp', 'rsp', 'finance']) tokens[user] = await tokenOf(user);
    const [company] = await api<{ Name: string; ObjectID: string }[]>(
      '/customer/search',
      { currentPage: 1, pageSize: 1, ExtCustomerType_SDK: '111' },
      tokens.rsp,
    );
    // Credit room, so the demo's open orders leave room for this one.
    await ampleCreditLimit(company.ObjectID);
    const [product] = await api<{ ProductCode: string }[]>('/order/products', { keyword: '' }, tokens.rsp);
    const lines = [{ ProductCode: product.ProductCode, Quantity: 2 }];
    const order = {
      PageID: 'ordersSetup.rspHardwareOrderNew',
      AgentName: company.Name,
      EndUserName: '南京测试最终用户有限公司',
      ProductLine: '服务器',
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ReceiverName: '张收货',
      ReceiverPhone: '13800000000',
      ReceiverAddress: '南京市玄武区中山路1号',
      Lines: lines,
    };
    // What the RSP sold in the third quarter, on which its task will be measured.
    await effectiveOrder(tokens, { ...order, OrderDate: '2026-08-18' });

    const page = await e2e.newPage();
    await login(page, 'ops', 'Demo@123456', e2e.url('/rebates/announcement-entry?action=add'));
    const entry = page.locator(ACTIVE);
    await entry.locator('input#field-Title').fill('2026年第三季度省级代理提货返利（测试）');
    await choose(entry, page, 'Brand', '自有品牌');
    await choose(entry, page, 'ChannelTier', '省级代理');
    await choose(entry, page, 'PeriodType', '季度');
    await entry.locator('#field-StartDate').fill('2026-07-01');
    await entry.locator('#field-EndDate').fill('2026-12-31');
    await choose(entry, page, 'CalcBasis', '提货额');
    await choose(entry, page, 'PayoutMethod', '订单抵扣');
    await entry.locator('#field-Tiers').fill('80:1, 100:2');
    await entry
      .locator('#field-Content')
      .fill('季度提货额达到任务额 100% 的省级代理按提货额的 2% 计提返利。');
    await entry.locator('.portal-record-actions button[type=submit]').click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('objectID'), { timeout: 15_000 })
      .toBeTruthy();
    const policyId = new URL(page.url()).searchParams.get('objectID')!;
    await press(page, '提交', '审批中');
    await api(
      '/workflow/decide',
      { workflow: 'rebatePolicy', ObjectID: policyId, command: 'agree', payload: {} },
      tokens.vp,
    );
    await page.reload();
    await press(page, '发布', '已发布');
    const [policy] = await api<{ AnnouncementNo: string }[]>(
      '/rebateAnnouncement/getOne',
      { ObjectID: policyId },
      tokens.ops,
    );

    // The desk sets the RSP's task on the form: the achievement is computed, not entered.
    await page.goto(e2e.url('/rebates/rebate-tasks'));
    await page.locator(ACTIVE).getByRole('button', { name: '新增' }).click();
    const form = page.locator(ACTIVE);
    await pick(form, page, 'PolicyNo', policy.AnnouncementNo);
    await pick(form, page, 'AgentName', company.Name);
    await form.locator('#field-Period').fill('2026-Q3');
    await form.locator('#field-TaskAmount').fill('1000');
    await form.locator('.portal-record-actions button[type=submit]').click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('objectID'), { timeout: 15_000 })
      .toBeTruthy();
    const taskId = new URL(page.url()).searchParams.get('objectID')!;
    const value = (label: string) =>
      form.locator('.portal-field', { hasText: label }).locator('.portal-readonly-value');
    await expect.poll(() => value('返利率').textContent()).toBe('2.00%');
    // Two people: the administrator calculates, the desk reviews (whoever calculated may not review).
    await api(
      '/workflow/decide',
      { workflow: 'rebateSettlement', ObjectID: taskId, command: 'calculate', payload: {} },
      tokens.admin,
    );
    await page.reload();
    await expect.poll(() => panelOf(page).locator('[data-decision-state]').textContent()).toContain('待审核');
    await press(page, '审核通过', '待代理商确认');

    await decideAs(page, 'rsp', taskId, '确认结算', '已确认');
    await decideAs(page, 'finance', taskId, '入账', '已入账');
    const [task] = await api<{ RebateTaskNo: string; PayableRebate: string }[]>(
      '/rebateTask/getOne',
      { ObjectID: taskId },
      tokens.rsp,
    );
    expect(Number(task.PayableRebate)).toBeGreaterThan(0);

    // The RSP's next order deducts rebate: frozen on submission, used when it takes effect.
    const orderNo = await effectiveOrder(tokens, {
      ...order,
      OrderDate: '2026-11-20',
      RebateDeduction: '10.00',
    });
    await page.context().clearCookies();
    await login(page, 'rsp', 'Demo@123456', e2e.url('/rebates/customer-rebate-flow'));
    const flows = page.locator(ACTIVE);
    await flows.locator('tbody tr', { hasText: task.RebateTaskNo }).filter({ hasText: '结算入账' }).waitFor();
    await flows.locator('tbody tr', { hasText: orderNo }).filter({ hasText: '订单使用' }).waitFor();
  });
});
