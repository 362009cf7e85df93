import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { login, useBrowser, waitForPath } from './browser';
import { api, choose, pageApi, tokenFor } from './portal-api';

/**
 * The shortest life of a loan, clicked as each person does it: the RSP asks for a loan of two units on
 * the loan request form, the province manager agrees, sales operations record a serial number per
 * unit on its lines and ship it, take one unit back
 * damaged and convert the other to a sale (each dialog asks for the units per line), the loan is put
 * before finance, and finance writes it off; the loan list then shows it written off.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

/** Opens the loan's record page as another person, in a browser context of their own. */
async function openAs(user: string, objectId: string) {
  const page = await e2e.newPage();
  await login(page, user, 'Demo@123456', e2e.url(`/ordersSetup/loan-order-detail?objectID=${objectId}`));
  return page.locator(ACTIVE).locator('.portal-decision-panel');
}

/**
 * Sends a settling command for one unit of line 1 through its dialog, the unit ticked by its serial
 * among those still out (and only those offered), as inspected where it asks.
 */
async function settleOne(
  panel: Locator,
  command: string,
  serial: string,
  offered: string[],
  inspection?: string,
) {
  await panel.getByRole('button', { name: command, exact: true }).click();
  const dialog = panel.page().locator('.portal-decision-dialog');
  const choice = dialog.getByRole('group', { name: '第 1 行本次的序列号' });
  await expect.poll(() => choice.locator('label').allTextContents()).toEqual(offered);
  await choice.locator('label', { hasText: serial }).click();
  await expect.poll(() => dialog.getByLabel('第 1 行本次数量').textContent()).toBe('1');
  if (inspection) {
    await dialog.locator('.p-dropdown').click();
    await panel.page().locator('.p-dropdown-panel .p-dropdown-item', { hasText: inspection }).click();
  }
  await dialog.getByRole('button', { name: '确定' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Picks a product on the loan form's lines by its part number and types how many units go. */
async function addLine(form: Locator, productCode: string, quantity: string) {
  const lines = form.locator('[data-testid=order-lines]');
  await lines.locator('#order-line-product').fill(productCode);
  await lines.locator('.portal-order-line-suggestions button', { hasText: productCode }).first().click();
  const count = await lines.locator('tbody tr').count();
  await lines.getByLabel(`数量 ${count}`).fill(quantity);
}

/** Clicks a command of the decision panel and waits for the state it leads to. */
async function click(panel: Locator, command: string, state: string) {
  await panel.getByRole('button', { name: command, exact: true }).click();
  await expect.poll(() => panel.locator('[data-decision-state]').textContent()).toContain(state);
}

/** A loan of one product the RSP asks for on its own company, with what each decision of it sends. */
async function askedLoan(fields: { EndUserName: string; Quantity: number; Purpose?: string }) {
  const rsp = await tokenFor('rsp');
  const [product] = await api<{ ProductCode: string }[]>('/order/products', { keyword: '' }, rsp);
  const agents = await api<{ Name: string; ExtCustomerType_SDK?: string }[]>(
    '/customerLookup/search',
    { currentPage: 1, pageSize: 50 },
    rsp,
  );
  const own = agents.find((c) => c.ExtCustomerType_SDK === '111') ?? agents[0];
  const { Quantity, ...terms } = fields;
  const loan = await api<{ ObjectID: string; LoanNo: string }>(
    '/loanOrder/create',
    {
      LoanType: '101',
      AgentName: own.Name,
      ExpectedReturnDate: addDays(businessDay(), 30),
      ...terms,
      Lines: [{ ProductCode: product.ProductCode, Quantity }],
    },
    rsp,
  );
  const decide = async (user: string, command: string, payload: Record<string, unknown> = {}) =>
    api(
      '/workflow/decide',
      { workflow: 'loanOrder', ObjectID: loan.ObjectID, command, payload },
      await tokenFor(user),
    );
  return { ...loan, decide };
}

/** A loan of three units of one product, asked by the RSP, agreed and shipped with a serial per unit. */
async function shippedLoan() {
  const { decide, ...loan } = await askedLoan({ EndUserName: '无锡示范医院信息科', Quantity: 3 });
  await decide('province', 'agree');
  const serials = [1, 2, 3].map((i) => `${loan.LoanNo}-R${i}`);
  await decide('ops', 'ship', { lines: [{ lineNo: 1, serialNumbers: serials }] });
  return { ...loan, serials };
}

/** A loan the RSP asked for, which the province manager returned to it with a reason. */
async function returnedLoan() {
  const { decide, ...loan } = await askedLoan({
    EndUserName: '常州示范医院信息科',
    Quantity: 1,
    Purpose: '样机测试',
  });
  await decide('province', 'return', { reason: '请写明使用地点' });
  return loan;
}

/** A second person of the RSP's staff, past the first sign-in; answers the password they sign in with. */
async function colleagueOfRsp(companyId: string) {
  const admin = (await api<{ token: string }>('/user/login', { username: 'admin', password: 'Admin@123456' }))
    .token;
  await api(
    '/employee/create',
    {
      ExtUserName_SDK: 'loan.colleague',
      LastName: '吴同事',
      ExtRoleCode_SDK: 'JS002',
      ExtCompanyID_SDK: companyId,
      Email: 'loan.colleague@agent.example',
      Phone: '13812345681',
      Password: 'Start2026a',
    },
    admin,
  );
  const first = (
    await api<{ token: string }>('/user/login', { username: 'loan.colleague', password: 'Start2026a' })
  ).token;
  const password = 'Quartz-Ledger-49z';
  await api('/user/updatePassword', { oldPassword: 'Start2026a', newPassword: password }, first);
  return password;
}

describe('loans', () => {
  it('offers a returned loan’s terms to its applicant on its form, and to a colleague only to read', async () => {
    const loan = await returnedLoan();
    const companyId = (await api<{ ExtCompanyID_SDK: string }>('/user/getInfo', {}, await tokenFor('rsp')))
      .ExtCompanyID_SDK;
    const password = await colleagueOfRsp(companyId);
    const formOf = async (user: string, pass: string) => {
      const page = await e2e.newPage();
      await login(page, user, pass, e2e.url(`/ordersSetup/loan-order-edit?objectID=${loan.ObjectID}`));
      const form = page.locator(ACTIVE);
      await form.getByText(loan.LoanNo).first().waitFor();
      return form;
    };
    const applicant = await formOf('rsp', 'Demo@123456');
    await applicant.locator('textarea#field-Purpose').waitFor();
    await applicant.locator('.portal-record-actions button[type=submit]').waitFor();

    const colleague = await formOf('loan.colleague', password);
    // Read as the applicant's: the purpose as text, and no save to send.
    await expect.poll(() => colleague.locator('#field-Purpose').textContent()).toBe('样机测试');
    expect(await colleague.locator('textarea#field-Purpose').count()).toBe(0);
    expect(await colleague.locator('.portal-record-actions button[type=submit]').count()).toBe(0);
  });

  it('goes from the request through approval, shipping and return to the write-off', async () => {
    const page = await e2e.newPage();
    await login(page, 'rsp', 'Demo@123456');
    await waitForPath(page, '/dashboard');
    const [product] = await pageApi<{ ProductCode: string }[]>(page, '/order/products', { keyword: '' });
    const agents = await pageApi<{ Name: string; ExtCustomerType_SDK?: string }[]>(
      page,
      '/customerLookup/search',
      {
        currentPage: 1,
        pageSize: 50,
      },
    );
    const own = agents.find((c) => c.ExtCustomerType_SDK === '111') ?? agents[0];

    await page.goto(e2e.url('/ordersSetup/loan-order-edit?action=add'));
    const form = page.locator(ACTIVE);
    await form.locator('input#field-EndUserName').waitFor();
    await choose(form, page, 'LoanType', '测试借货');
    await form.locator('.portal-field:has(#field-AgentName) [data-picker="customer"]').click();
    const dialog = page.locator('.portal-picker-dialog');
    await dialog.locator('tbody tr', { hasText: own.Name }).first().locator('.p-radiobutton').click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await form.locator('#field-EndUserName').fill('南京示范医院信息中心');
    await form.locator('#field-ExpectedReturnDate').fill(addDays(businessDay(), 30));
    await addLine(form, product.ProductCode, '2');
    await form.locator('.portal-record-actions button[type=submit]').click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('objectID'), { timeout: 15_000 })
      .toBeTruthy();
    const id = new URL(page.url()).searchParams.get('objectID')!;
    const [loan] = await pageApi<{ LoanNo: string }[]>(page, '/loanOrder/getOne', { ObjectID: id });
    await expect.poll(() => form.locator('[data-decision-state]').textContent()).toContain('审批中');

    await click(await openAs('province', id), '同意', '待出库');
    const ops = await openAs('ops', id);
    const record = ops.page().locator(ACTIVE);
    // The warehouse records a serial per unit on the loan's lines, then ships with them.
    const serials = [`${loan.LoanNo}-1`, `${loan.LoanNo}-2`];
    const lines = record.locator('[data-testid=loan-lines]');
    await lines.getByLabel('第 1 行序列号（每件一个，每行一个）').fill(serials[0]);
    await lines.getByRole('button', { name: '保存序列号' }).click();
    await expect.poll(() => lines.locator('[role=alert]').textContent()).toContain('第 1 行发货 2 件');
    await lines.getByLabel('第 1 行序列号（每件一个，每行一个）').fill(serials.join('\n'));
    await lines.getByRole('button', { name: '保存序列号' }).click();
    await lines.locator('[role=status]', { hasText: '序列号已保存' }).waitFor();
    await click(ops, '出库发货', '在借');
    // The toast names the action done, not an approval opinion.
    const toasts = ops.page().locator('.portal-toast');
    await toasts.filter({ hasText: '已完成「出库发货」' }).waitFor();
    expect(await toasts.allTextContents()).not.toContain('审批意见已提交');
    await expect
      .poll(() => lines.locator('td.portal-serials').first().textContent())
      .toBe(serials.join(', '));
    await settleOne(ops, '归还入库', serials[0], serials, '损坏报损');
    await expect.poll(() => record.locator('#field-CompensatedQuantity').textContent()).toBe('1');
    await expect.poll(() => ops.locator('[data-decision-state]').textContent()).toContain('部分归还/转销');
    // The unit taken back is no longer offered: the sale is of the one still out.
    await settleOne(ops, '转销售', serials[1], [serials[1]]);
    await expect.poll(() => record.locator('#field-ConvertedQuantity').textContent()).toBe('1');
    await click(ops, '申请核销', '待核销');
    // The unit sold is sold once its loan-to-sale order takes effect: sales operations approve it first.
    const opsPage = ops.page();
    const [sold] = await pageApi<{ RelatedOrderNo?: string }[]>(opsPage, '/loanVerification/search', {
      PageID: 'ordersSetup.loanVerificationRecords',
      LoanNo: loan.LoanNo,
      VerificationMethod: '111',
    });
    const [sale] = await pageApi<{ ObjectID: string }[]>(opsPage, '/order/search', {
      PageID: 'ordersSetup.ownLineOrders',
      OrderNo: sold.RelatedOrderNo,
    });
    await pageApi(opsPage, '/orderApproval/submit', { ObjectID: sale.ObjectID });
    await pageApi(opsPage, '/workflow/decide', {
      workflow: 'orderApproval',
      ObjectID: sale.ObjectID,
      command: 'agree',
      payload: {},
    });
    await click(await openAs('finance', id), '核销', '已核销');

    await page.goto(e2e.url(`/ordersSetup/loan-orders?LoanNo=${loan.LoanNo}`));
    const row = page.locator(ACTIVE).locator('tbody tr', { hasText: loan.LoanNo });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('已核销');
    expect(await row.textContent()).toContain(serials.join(', '));
  });

  it('asks for several products on one loan, and its record shows each line with what is out', async () => {
    const page = await e2e.newPage();
    await login(page, 'rsp', 'Demo@123456');
    await waitForPath(page, '/dashboard');
    const products = await pageApi<{ ProductCode: string }[]>(page, '/order/products', { keyword: '' });
    const agents = await pageApi<{ Name: string; ExtCustomerType_SDK?: string }[]>(
      page,
      '/customerLookup/search',
      {
        currentPage: 1,
        pageSize: 50,
      },
    );
    const own = agents.find((c) => c.ExtCustomerType_SDK === '111') ?? agents[0];
    await page.goto(e2e.url('/ordersSetup/loan-order-edit?action=add'));
    const form = page.locator(ACTIVE);
    await form.locator('input#field-EndUserName').waitFor();
    await choose(form, page, 'LoanType', '测试借货');
    await form.locator('.portal-field:has(#field-AgentName) [data-picker="customer"]').click();
    const dialog = page.locator('.portal-picker-dialog');
    await dialog.locator('tbody tr', { hasText: own.Name }).first().locator('.p-radiobutton').click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await form.locator('#field-EndUserName').fill('苏州示范学校网络中心');
    await form.locator('#field-ExpectedReturnDate').fill(addDays(businessDay(), 20));
    await addLine(form, products[0].ProductCode, '2');
    await addLine(form, products[1].ProductCode, '3');
    await form.locator('.portal-record-actions button[type=submit]').click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('objectID'), { timeout: 15_000 })
      .toBeTruthy();
    const id = new URL(page.url()).searchParams.get('objectID')!;
    const [loan] = await pageApi<{ LoanQuantity: number; Lines: { ProductCode: string }[] }[]>(
      page,
      '/loanOrder/getOne',
      { ObjectID: id },
    );
    expect(loan.LoanQuantity).toBe(5);
    expect(loan.Lines.map((l) => l.ProductCode)).toEqual([products[0].ProductCode, products[1].ProductCode]);

    await page.goto(e2e.url(`/ordersSetup/loan-order-detail?objectID=${id}`));
    const saved = page.locator(ACTIVE).locator('[data-testid=loan-lines]');
    await expect.poll(() => saved.locator('tbody tr').count(), { timeout: 20_000 }).toBe(2);
    expect(await saved.locator('tbody tr').nth(1).textContent()).toContain(products[1].ProductCode);
    expect(await saved.locator('thead').textContent()).toContain('未归还');
  });
  it('takes units back on the loan return form, ticked among the serials still out of the loan', async () => {
    const loan = await shippedLoan();
    const page = await e2e.newPage();
    await login(page, 'ops', 'Demo@123456', e2e.url('/ordersSetup/loan-return-edit?action=add'));
    const form = page.locator(ACTIVE);
    // The field is read-only until the form knows it is a new return: type once it is an input.
    await form.locator('input#field-LoanNo').fill(loan.LoanNo);
    // The units still out are offered by serial: nothing is typed but the loan's number.
    const choice = form.getByRole('group', { name: '第 1 行本次的序列号' });
    await expect.poll(() => choice.locator('label').allTextContents()).toEqual(loan.serials);
    await choice.locator('label', { hasText: loan.serials[1] }).click();
    await choice.locator('label', { hasText: loan.serials[2] }).click();
    await expect.poll(() => form.getByLabel('第 1 行本次数量').textContent()).toBe('2');
    await form.locator('#field-TrackingNo').fill('SF20261129');
    await form.locator('.portal-record-actions button[type=submit]').click();

    // Saved, the return shows which units came back.
    await page.waitForURL((url) => url.pathname === '/ordersSetup/loan-return-order-detail');
    const saved = page.locator(ACTIVE);
    await expect
      .poll(() => saved.locator('#field-SerialNumbers').textContent())
      .toBe(`${loan.serials[1]}, ${loan.serials[2]}`);
    expect(await saved.locator('#field-ReturnQuantity').textContent()).toBe('2');

    // The next return of the loan offers the one unit still out, and only it.
    await page.goto(e2e.url('/ordersSetup/loan-return-edit?action=add'));
    const next = page.locator(ACTIVE);
    // The saved return's read-only tab is active until the new form's tab opens: wait for the form.
    await next.locator('.portal-record-actions button[type=submit]').waitFor();
    await next.locator('#field-LoanNo').fill(loan.LoanNo);
    await expect
      .poll(() => next.getByRole('group', { name: '第 1 行本次的序列号' }).locator('label').allTextContents())
      .toEqual([loan.serials[0]]);
  });
});
