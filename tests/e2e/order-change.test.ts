import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, useBrowser } from './browser';
import { ampleCreditLimit, api, choose } from './portal-api';

/**
 * The shortest way to an applied order change, clicked: the agent asks for one unit less on the first
 * line of an effective order, removes its second line and adds a new line of that product picked from
 * the price list, and sends the change for confirmation; sales operations find it on the confirmation
 * list's to-do lens, open it and confirm; the change shows the order's new revision DD…-1, whose
 * lines are the ones asked for.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

/** A call of the portal's API as a person signed in elsewhere (the set-up, not what is tested). */
const tokenFor = async (username: string, password = 'Demo@123456') =>
  (await api<{ token: string }>('/user/login', { username, password })).token;

/** An effective order of the agent: entered and submitted by its staff, agreed by sales operations. */
async function effectiveOrder() {
  const rsp = await tokenFor('rsp');
  const ops = await tokenFor('ops');
  const agents = await api<{ Name: string; ObjectID: string; ExtCustomerType_SDK?: string }[]>(
    '/customerLookup/search',
    { currentPage: 1, pageSize: 50 },
    rsp,
  );
  const agent = agents.find((c) => c.ExtCustomerType_SDK === '111') ?? agents[0];
  await ampleCreditLimit(agent.ObjectID);
  const [product, second] = await api<{ ProductCode: string }[]>('/order/products', { keyword: '' }, rsp);
  const order = await api<{ ObjectID: string; OrderNo: string }>(
    '/order/create',
    {
      PageID: 'ordersSetup.selfBuiltOrder',
      OrderType: '101',
      AgentName: agent.Name,
      EndUserName: 'End user of the change test',
      OrderDate: '2026-11-20',
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ReceiverName: 'Receiver',
      ReceiverPhone: '13800000000',
      ReceiverAddress: 'Xuanwu District No. 1',
      Lines: [
        { ProductCode: product.ProductCode, Quantity: 5 },
        { ProductCode: second.ProductCode, Quantity: 1 },
      ],
    },
    rsp,
  );
  await api('/orderApproval/submit', { ObjectID: order.ObjectID }, rsp);
  await api(
    '/workflow/decide',
    { workflow: 'orderApproval', ObjectID: order.ObjectID, command: 'agree', payload: {} },
    ops,
  );
  return { ...order, added: second.ProductCode, rsp };
}

const panelState = (page: Page) =>
  page.locator(`${ACTIVE} .portal-decision-panel [data-decision-state]`).textContent();

describe('order change', () => {
  it('is asked by the agent, confirmed by sales operations, and shows the new revision', async () => {
    const order = await effectiveOrder();
    const page = await e2e.newPage();
    await login(page, 'rsp', 'Demo@123456', e2e.url('/ordersSetup/order-change-edit?action=add'));
    const form = page.locator(ACTIVE);
    await form.locator('input#field-OrderNo').fill(order.OrderNo);
    await choose(form, page, 'ChangeType', '数量变更');
    await form.locator('#field-ChangeReason').fill('最终用户减少一台');
    const lines = form.getByTestId('change-lines');
    await lines.getByRole('button', { name: '读取订单明细' }).click();
    await lines.getByLabel('变更后数量 1').fill('4');
    await lines.getByRole('row', { name: order.added }).getByRole('button', { name: '删除' }).click();
    await lines.getByLabel('新增一行：输入物料编码、名称或型号查找产品').first().fill(order.added);
    await lines.getByRole('button', { name: new RegExp(`^${order.added} ·`) }).click();
    await form.locator('.portal-record-actions button[type=submit]').click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('objectID'), { timeout: 20_000 })
      .toBeTruthy();
    const added = page.locator(ACTIVE).getByTestId('change-lines').getByRole('row', { name: /新增/ });
    await expect.poll(() => added.textContent()).toContain(order.added);
    await page.locator(ACTIVE).getByRole('button', { name: '提交对方确认' }).click();
    await expect.poll(() => panelState(page)).toContain('待确认');
    const changeNoField = page.locator(`${ACTIVE} #field-ChangeNo`);
    await expect.poll(() => changeNoField.textContent()).toMatch(/^BG\d{12}$/);
    const changeNo = await changeNoField.textContent();

    await page.context().clearCookies();
    await login(page, 'ops', 'Demo@123456', e2e.url('/ordersSetup/order-change-confirm?AwaitingMe=1'));
    await page
      .locator(ACTIVE)
      .getByRole('button', { name: changeNo ?? '' })
      .click();
    await page.waitForURL((url) => url.pathname === '/ordersSetup/order-change-detail');
    const detail = page.locator(ACTIVE);
    await detail.locator('.portal-decision-panel').getByRole('button', { name: '确认变更' }).click();
    await expect.poll(() => panelState(page)).toContain('已生效');
    await expect
      .poll(() => detail.locator('#field-RevisionNo').textContent(), { timeout: 20_000 })
      .toBe(`${order.OrderNo}-1`);
    const revision = await api<{ Lines: { LineNo: number; ProductCode: string; Quantity: number }[] }>(
      '/orderChange/orderLines',
      { OrderNo: `${order.OrderNo}-1` },
      order.rsp,
    );
    expect(revision.Lines.map((l) => [l.LineNo, l.ProductCode, l.Quantity])).toEqual([
      [1, expect.any(String), 4],
      [3, order.added, 1],
    ]);
  });
});
