import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { codeEntries } from '../../domain/codes/code';
import { ConstraintServiceType } from '../../domain/codes/orders.codes';
import { yuanToFen } from '../../domain/money';
import { yuanText } from '../../server/orders/order-approval-config';
import { useBrowser } from './browser';
import { ampleCreditLimit, api, ownCompany, selfBuiltDraft, tokenFor } from './portal-api';

/**
 * What the order desk refuses on screen, and says why: an agent's order over its own-line credit limit
 * (the line and the figures named), a service order agreed before its hardware order is effective,
 * and a service order for a controlled part with a service type the part is not sold with.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

type Row = Record<string, string | boolean>;

/** A page signed in as the person of the token (the login form is the login page's test). */
const pageAs = (token: string) => e2e.newPage({ token, viewport: { width: 1600, height: 900 } });

/** The end user of this file's orders. */
const REFUSED_END_USER = '南京拒绝测试最终用户有限公司';

/** A draft service order of one unit of the service part, for the hardware order, with the service type. */
function serviceOrder(token: string, agentName: string, hardwareNo: string, service: string, type: string) {
  return api<{ ObjectID: string; OrderNo: string }>(
    '/order/create',
    {
      PageID: 'ordersSetup.serviceOrderNew',
      AgentName: agentName,
      EndUserName: REFUSED_END_USER,
      RelatedOrderNo: hardwareNo,
      ServiceType: type,
      ServiceStartDate: businessDay(),
      ServiceEndDate: addDays(businessDay(), 364),
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ContactName: '李联系',
      ContactPhone: '13800000000',
      Lines: [{ ProductCode: service, Quantity: 1 }],
    },
    token,
  );
}

/** Every row of a configuration list, page by page. */
async function allRows(token: string, resource: string, pageId: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let currentPage = 1; ; currentPage++) {
    const found = await api<Row[]>(
      `/${resource}/search`,
      { PageID: pageId, pageSize: 100, currentPage },
      token,
    );
    rows.push(...found);
    if (found.length < 100) return rows;
  }
}

/**
 * From the configuration as sales operations keep it: a service part (itself not controlled) that
 * covers a controlled hardware part under two service types, one the part is sold with and one it is not.
 */
async function controlledCombination(token: string) {
  const constraints = (
    await allRows(token, 'serviceProductConstraint', 'baseManage.serviceProductConstraint')
  ).filter((r) => r.Enabled === true);
  const allowed = new Map<string, Set<string>>();
  for (const part of await allRows(token, 'controlledPart', 'ordersSetup.serviceControlledParts'))
    if (part.Enabled === true)
      allowed.set(
        String(part.PartNumber),
        (allowed.get(String(part.PartNumber)) ?? new Set()).add(String(part.ServiceType)),
      );
  for (const refused of constraints) {
    const [service, hardware, type] = [
      refused.ServicePn,
      refused.pn,
      refused.ExtConstraintServiceType_SDK,
    ].map(String);
    const types = allowed.get(hardware);
    if (!types || types.has(type) || allowed.has(service)) continue;
    const sold = constraints.find(
      (c) =>
        c.ServicePn === service && c.pn === hardware && types.has(String(c.ExtConstraintServiceType_SDK)),
    );
    if (sold)
      return { service, hardware, refusedType: type, soldType: String(sold.ExtConstraintServiceType_SDK) };
  }
  throw new Error('the demo has no service part covering a controlled part under two service types');
}

const serviceTypeWord = (code: string) => codeEntries(ConstraintServiceType).find(([c]) => c === code)![1];

const toastWith = (page: Page, text: string) => page.locator('.portal-toast').filter({ hasText: text });

describe('the own-line credit limit', () => {
  it('refuses the submission on the entry page, naming the own line and the figures', async () => {
    const rsp = await tokenFor('rsp');
    const agent = await ownCompany(rsp);
    const ops = await tokenFor('ops');
    const finance = await tokenFor('finance');
    try {
      // Finance agrees a limit of one yuan: any order goes over it.
      await api(
        '/customer/requestCreditLimit',
        { ObjectID: agent.ObjectID, CreditLimit: '1.00', RequestReason: '额度收紧' },
        ops,
      );
      await api(
        '/workflow/decide',
        { workflow: 'creditLimitChange', ObjectID: agent.ObjectID, command: 'agree', payload: {} },
        finance,
      );
      const [product] = await api<{ ProductCode: string }[]>('/order/products', { keyword: '' }, rsp);
      const order = await selfBuiltDraft(rsp, agent.Name, {
        endUser: REFUSED_END_USER,
        productCode: product.ProductCode,
      });
      const { Credit } = await api<{ Credit: { Outstanding: string; Payable: string; CreditLimit: string } }>(
        '/orderApproval/getOne',
        { ObjectID: order.ObjectID },
        rsp,
      );
      expect(Credit.CreditLimit).toBe('1.00');
      const [limit, outstanding, payable] = [Credit.CreditLimit, Credit.Outstanding, Credit.Payable].map(
        (yuan) => yuanToFen(yuan),
      );

      const page = await pageAs(rsp);
      await page.goto(e2e.url(`/ordersSetup/self-built-order?objectID=${order.ObjectID}`));
      const tab = page.locator(ACTIVE);
      await tab.getByRole('button', { name: '提交审批' }).click();
      const refusal = tab.locator('.portal-form-error[role=alert]');
      await expect
        .poll(() => refusal.textContent(), { timeout: 20_000 })
        .toBe(
          `未能提交审批：超出 ${agent.Name} 的自有品牌授信额度 ${yuanText(limit)} 元：` +
            `其他自有品牌订单未回款 ${yuanText(outstanding)} 元，加本单未回款 ${yuanText(payable)} 元，` +
            `超出 ${yuanText(outstanding + payable - limit)} 元（合作品牌订单不占用此额度）`,
        );
      // Refused, the order stays a draft with its submit button.
      const [after] = await api<{ ApprovalStatus: string }[]>(
        '/order/getOne',
        { ObjectID: order.ObjectID },
        rsp,
      );
      expect(after.ApprovalStatus).toBe('101');
      await expect.poll(() => tab.getByRole('button', { name: '提交审批' }).count()).toBe(1);
    } finally {
      // The other browser tests order for this agent: it gets its room back.
      await ampleCreditLimit(agent.ObjectID);
    }
  });
});

describe('a service order', () => {
  it('is not agreed before its hardware order is effective: the approval page says which order, and agrees once it is', async () => {
    const ops = await tokenFor('ops');
    const agent = await ownCompany(await tokenFor('rsp'));
    await ampleCreditLimit(agent.ObjectID);
    const { service, hardware, soldType } = await controlledCombination(ops);
    const hardwareDraft = await selfBuiltDraft(ops, agent.Name, {
      endUser: REFUSED_END_USER,
      productCode: hardware,
    });
    const order = await serviceOrder(ops, agent.Name, hardwareDraft.OrderNo, service, soldType);
    await api('/orderApproval/submit', { ObjectID: order.ObjectID }, ops);

    const page = await pageAs(ops);
    await page.goto(e2e.url(`/ordersSetup/order-approval?objectID=${order.ObjectID}`));
    const tab = page.locator(ACTIVE);
    const panel = tab.locator('.portal-decision-panel');
    await panel.getByRole('button', { name: '同意', exact: true }).click();
    const because = `关联硬件订单 ${hardwareDraft.OrderNo} 尚未生效：服务订单须在其硬件订单生效后才能生效`;
    await expect
      .poll(() => tab.locator('[role=alert]').allTextContents())
      .toContain(`操作未成功：${because}`);
    await expect.poll(() => panel.locator('[data-decision-state]').textContent()).toContain('审批中');

    // The hardware order takes effect; the service order is agreed.
    await api('/orderApproval/submit', { ObjectID: hardwareDraft.ObjectID }, ops);
    await api(
      '/workflow/decide',
      { workflow: 'orderApproval', ObjectID: hardwareDraft.ObjectID, command: 'agree', payload: {} },
      ops,
    );
    await page.reload();
    await panel.getByRole('button', { name: '同意', exact: true }).click();
    await expect.poll(() => panel.locator('[data-decision-state]').textContent()).toContain('已生效');
  });

  it('for a controlled part is refused on its entry page with a service type the part is not sold with', async () => {
    const ops = await tokenFor('ops');
    const agent = await ownCompany(await tokenFor('rsp'));
    const { service, hardware, refusedType, soldType } = await controlledCombination(ops);
    const hardwareDraft = await selfBuiltDraft(ops, agent.Name, {
      endUser: REFUSED_END_USER,
      productCode: hardware,
    });
    // With the service type the part is sold with, the order is taken.
    const order = await serviceOrder(ops, agent.Name, hardwareDraft.OrderNo, service, soldType);

    const page = await pageAs(ops);
    await page.goto(e2e.url(`/ordersSetup/service-order-new?objectID=${order.ObjectID}`));
    const tab = page.locator(ACTIVE);
    const type = tab.locator('.p-dropdown:has(#field-ServiceType)');
    await expect
      .poll(() => type.locator('.p-dropdown-label').textContent(), { timeout: 15_000 })
      .toBe(serviceTypeWord(soldType));
    await type.click();
    await page
      .locator('.p-dropdown-panel .p-dropdown-item')
      .filter({ hasText: serviceTypeWord(refusedType) })
      .click();
    await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
    await tab.locator('.portal-record-actions button[type=submit]').click();
    await toastWith(page, `第1行：${hardware} 为受控料号，不能下此服务类型的订单`).waitFor();
    const [kept] = await api<{ ServiceType: string }[]>('/order/getOne', { ObjectID: order.ObjectID }, ops);
    expect(kept.ServiceType).toBe(soldType);
  });
});
