import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { zh } from '../../locales/zh/messages';
import { login, useBrowser } from './browser';
import { ampleCreditLimit, api } from './portal-api';
import { portalBaseURL } from './portal-url';

/**
 * A rebate settlement's recalculation and a settlement sheet, as the desk and finance do them on the
 * screens (docs/rebates.md): the desk answers the RSP's objection in the recalculate dialog with an
 * adjustment — a wrong amount is named under its field — and finance voids an uploaded settlement sheet
 * with its reason, which the sheets list then shows in words.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';
const words = zh.settlementSheet;
const labels = (zh.field as Record<string, Record<string, string>>).rebateSettlementLine;
const decisionWords = zh.decision;

const tokenOf = async (username: string, password = 'Demo@123456') =>
  (await api<{ token: string }>('/user/login', { username, password })).token;

const decide = (token: string, workflow: string, id: string, command: string, payload = {}) =>
  api<{ State: string }>('/workflow/decide', { workflow, ObjectID: id, command, payload }, token);

/** An order of the RSP entered, submitted and agreed along its chain. */
async function effectiveOrder(tokens: Record<string, string>, order: Record<string, unknown>) {
  const created = await api<{ ObjectID: string }>('/order/create', order, tokens.rsp);
  await api('/orderApproval/submit', { ObjectID: created.ObjectID }, tokens.rsp);
  const deciders: Record<string, string> = { JS013: 'ops', JS014: 'finance', JS017: 'vp' };
  for (let step = 0; step < 3; step++) {
    const options = await api<{ State: string; Decider: { Role: string } }>(
      '/workflow/options',
      { workflow: 'orderApproval', ObjectID: created.ObjectID },
      tokens.admin,
    );
    if (options.State === 'approved') break;
    await decide(tokens[deciders[options.Decider.Role]], 'orderApproval', created.ObjectID, 'agree');
  }
}

/** The settlement sheet as the desk fills the template, uploaded through the import. */
async function uploadSheet(token: string, row: (string | null)[]) {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Sheet1');
  ws.addRow(pageById('rebates.settlementLineImport')!.import!.fields.map((f) => labels[f.field]));
  ws.addRow(row);
  const form = new FormData();
  form.append('PageID', 'rebates.settlementLineImport');
  form.append('file', new Blob([await book.xlsx.writeBuffer()]), 'sheet.xlsx');
  const response = await fetch(new URL('/portal/import/upload', portalBaseURL()), {
    method: 'POST',
    headers: { 'x-token': token },
    body: form,
  });
  const body = await response.json();
  expect(response.status, body.message).toBe(200);
}

const panelOf = (page: Page) => page.locator(`${ACTIVE} .portal-decision-panel`);
const stateOf = (page: Page) => panelOf(page).locator('[data-decision-state]').textContent();

describe('settlement sheets and recalculations', () => {
  it('the desk recalculates with an adjustment, and finance voids an uploaded sheet with its reason', async () => {
    const tokens: Record<string, string> = { admin: await tokenOf('admin', 'Admin@123456') };
    for (const user of ['ops', 'vp', 'rsp', 'finance']) tokens[user] = await tokenOf(user);
    const [company] = await api<{ Name: string; ObjectID: string }[]>(
      '/customer/search',
      { currentPage: 1, pageSize: 1, ExtCustomerType_SDK: '111' },
      tokens.rsp,
    );
    await ampleCreditLimit(company.ObjectID);
    const [product] = await api<{ ProductCode: string }[]>('/order/products', { keyword: '' }, tokens.rsp);
    const [address] = await api<{ ReceiverAddress?: string }[]>(
      '/customer/getOne',
      { ObjectID: company.ObjectID },
      tokens.rsp,
    );
    await effectiveOrder(tokens, {
      PageID: 'ordersSetup.rspHardwareOrderNew',
      AgentName: company.Name,
      EndUserName: 'Sheet test end user',
      ProductLine: 'Servers',
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ReceiverName: 'Receiver',
      ReceiverPhone: '13800000000',
      ReceiverAddress: address.ReceiverAddress ?? 'Xuanwu District No. 1',
      OrderDate: '2026-02-18',
      Lines: [{ ProductCode: product.ProductCode, Quantity: 2 }],
    });
    const policy = await api<{ ObjectID: string }>(
      '/rebateAnnouncement/create',
      {
        Title: 'Sheet browser test rebate',
        Brand: '101',
        ChannelTier: '111',
        PeriodType: '111',
        StartDate: '2026-01-01',
        EndDate: '2026-12-31',
        CalcBasis: '101',
        PayoutMethod: '101',
        Content: '1% of sell-in from 1% of target',
        Tiers: '1:1',
      },
      tokens.ops,
    );
    await decide(tokens.ops, 'rebatePolicy', policy.ObjectID, 'submit');
    await decide(tokens.vp, 'rebatePolicy', policy.ObjectID, 'agree');
    await decide(tokens.ops, 'rebatePolicy', policy.ObjectID, 'publish');
    const assign = async (period: string) => {
      const set = await api<{ ObjectID: string; RebateTaskNo: string }[]>(
        '/rebateTask/assign',
        { PolicyID: policy.ObjectID, AgentID: company.ObjectID, Period: period, TaskAmount: '1000' },
        tokens.ops,
      );
      const task = Array.isArray(set) ? set[0] : set;
      await decide(tokens.admin, 'rebateSettlement', task.ObjectID, 'calculate');
      await decide(tokens.ops, 'rebateSettlement', task.ObjectID, 'agree');
      return task;
    };

    // The second quarter: the RSP objects, and the desk answers in the recalculate dialog.
    const disputed = await assign('2026-Q2');
    await decide(tokens.rsp, 'rebateSettlement', disputed.ObjectID, 'object', {
      reason: 'Orders are missing',
    });
    const page = await e2e.newPage();
    await login(
      page,
      'ops',
      'Demo@123456',
      e2e.url(`/rebates/rebate-task-detail?objectID=${disputed.ObjectID}`),
    );
    await panelOf(page)
      .getByRole('button', { name: zh.rebateSettlement.commands.recalculate, exact: true })
      .click();
    const dialog = page.locator('.portal-decision-dialog');
    const amount = dialog.getByLabel(decisionWords.fields.adjustAmount);
    await amount.fill('12,5');
    await dialog.getByLabel(decisionWords.fields.reason).fill('Late orders of June');
    await dialog.getByRole('button', { name: decisionWords.confirm }).click();
    await dialog.getByText(decisionWords.problems.adjustmentInvalid).waitFor();
    await amount.fill('-0.50');
    await dialog.getByRole('button', { name: decisionWords.confirm }).click();
    // Below zero payable: the server refuses, naming the adjustment in words.
    await expect.poll(() => panelOf(page).textContent()).toContain(zh.server.input.fields.adjustAmount);
    await panelOf(page)
      .getByRole('button', { name: zh.rebateSettlement.commands.recalculate, exact: true })
      .click();
    await dialog.getByLabel(decisionWords.fields.adjustAmount).fill('1500');
    await dialog.getByLabel(decisionWords.fields.reason).fill('Late orders of June');
    await dialog.getByRole('button', { name: decisionWords.confirm }).click();
    await expect.poll(() => stateOf(page)).toContain(zh.rebateSettlement.states.vendorReview);
    const [recalculated] = await api<{ AdjustAmount: string; AdjustReason: string }[]>(
      '/rebateTask/getOne',
      { ObjectID: disputed.ObjectID },
      tokens.ops,
    );
    expect(recalculated).toMatchObject({ AdjustAmount: '1500.00', AdjustReason: 'Late orders of June' });

    // The first quarter: confirmed by the RSP, put on a sheet by the desk, voided by finance.
    const confirmed = await assign('2026-Q1');
    await decide(tokens.rsp, 'rebateSettlement', confirmed.ObjectID, 'confirm');
    const [task] = await api<{ PayableRebate: string }[]>(
      '/rebateTask/getOne',
      { ObjectID: confirmed.ObjectID },
      tokens.ops,
    );
    await uploadSheet(tokens.ops, [
      'Q1 sheet (browser test)',
      confirmed.RebateTaskNo,
      company.Name,
      '2026-Q1',
      task.PayableRebate,
      null,
    ]);
    await page.context().clearCookies();
    await login(page, 'finance', 'Demo@123456', e2e.url('/rebates/settlement-sheets'));
    const list = page.locator(ACTIVE);
    const row = list.locator('tbody tr', { hasText: 'Q1 sheet (browser test)' });
    await row.getByText(words.states.uploaded).waitFor();
    await row.locator('.portal-link-button').first().click();
    await panelOf(page).getByRole('button', { name: words.commands.void, exact: true }).click();
    await dialog.getByRole('button', { name: decisionWords.confirm }).click();
    await dialog.getByText(decisionWords.problems.reasonRequired).waitFor();
    await dialog.getByLabel(decisionWords.fields.reason).fill('Announced for the wrong quarter');
    await dialog.getByRole('button', { name: decisionWords.confirm }).click();
    await expect.poll(() => stateOf(page)).toContain(words.states.void);

    await page.goto(e2e.url('/rebates/settlement-sheets'));
    const voided = page.locator(ACTIVE).locator('tbody tr', { hasText: 'Q1 sheet (browser test)' });
    await voided.getByText(words.states.void).waitFor();
    await voided.getByText('Announced for the wrong quarter').waitFor();
    // In words, never its code.
    expect(await voided.textContent()).not.toContain('121');
  });
});
