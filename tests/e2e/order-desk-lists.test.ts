import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../domain/business-clock';
import { type PartnerServer, partnerOrderLine, startPartnerServer } from '../../scripts/partner-server';
import { dataRows, useBrowser } from './browser';
import { ampleCreditLimit, api, ownCompany, runJobNow, selfBuiltDraft, tokenFor } from './portal-api';

/**
 * What the order desk's lists show, read as their people read them: the own-line order report holds
 * only orders in force (its 订单状态 column and filter), 自有品牌订单查询's 订单状态 is never blank for
 * an order in force or closed, an execution order past its validity reads 已过期, a pulled partner order
 * keeps each line's quantity as sent and its synced order names the general distributor, partner
 * customers have a code each, and the dashboard's to-dos count the shipments an agent has to answer
 * and the receipt exceptions sales operations have to settle.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

type Row = Record<string, string>;
interface Answer {
  results: Row[];
  totalSize: number;
}

const adminToken = async () =>
  (await api<{ token: string }>('/user/login', { username: 'admin', password: 'Admin@123456' })).token;

/** A page signed in as the person of the token (the login form is the login page's test). */
const pageAs = (token: string) => e2e.newPage({ token, viewport: { width: 1600, height: 900 } });

const grid = (page: Page) => page.locator(`${ACTIVE} .portal-grid`).first();
const bodyRows = (page: Page) => dataRows(grid(page));

/**
 * Does what starts a list's search (opening it, or searching its filters) and waits until the table
 * shows the answer: its rows, or its empty message. Answers what the server sent.
 */
async function searched(page: Page, resource: string, start: () => Promise<unknown>): Promise<Answer> {
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/portal/${resource}/search` && r.request().method() === 'POST',
  );
  await start();
  const answer = (await (await answered).json()) as Answer & { state: boolean; message: string };
  expect(answer.state, answer.message).toBe(true);
  if (answer.results.length === 0) {
    await grid(page).locator('tbody tr.p-datatable-emptymessage', { hasText: '暂无数据' }).waitFor();
  } else {
    await expect.poll(() => bodyRows(page).count(), { timeout: 20_000 }).toBe(answer.results.length);
    await expect
      .poll(() => grid(page).locator('.p-paginator-current').textContent())
      .toMatch(new RegExp(`共\\s*${answer.totalSize}\\s*条`));
  }
  return answer;
}

/** The texts of one column of the table's rows, found by its header as shown. */
async function column(page: Page, header: string): Promise<string[]> {
  const heads = (await grid(page).locator('thead th').allInnerTexts()).map((h) => h.trim());
  const index = heads.indexOf(header);
  expect(index, `a column 「${header}」 among ${heads.join(' | ')}`).toBeGreaterThanOrEqual(0);
  const texts: string[] = [];
  for (const row of await bodyRows(page).all())
    texts.push((await row.locator('td').nth(index).innerText()).trim());
  return texts;
}

/** Picks one option of a filter in the advanced-filter dialog and searches. */
async function advancedFilter(page: Page, resource: string, field: string, option: string) {
  await page.locator(`${ACTIVE} .portal-search-bar`).getByRole('button', { name: '高级筛选' }).click();
  const dialog = page.getByRole('dialog', { name: '高级筛选' });
  await dialog.locator(`.p-dropdown:has(#filter-${field})`).click();
  await page.locator('.p-dropdown-panel .p-dropdown-item').filter({ hasText: option }).first().click();
  await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
  return searched(page, resource, () => dialog.getByRole('button', { name: '查询' }).click());
}

/** Submits the RSP's order and has sales operations decide it (agree, or reject with a reason). */
async function decided(rsp: string, order: { ObjectID: string }, command: 'agree' | 'reject') {
  await api('/orderApproval/submit', { ObjectID: order.ObjectID }, rsp);
  await api(
    '/workflow/decide',
    {
      workflow: 'orderApproval',
      ObjectID: order.ObjectID,
      command,
      payload: command === 'reject' ? { reason: '重复下单' } : {},
    },
    await tokenFor('ops'),
  );
}

describe('自有品牌订单报表', () => {
  it('holds only orders in force: 订单状态 reads 已生效 or 变更中, a draft is no line of it, and the status filter finds them', async () => {
    const rsp = await tokenFor('rsp');
    const agent = await ownCompany(rsp);
    await ampleCreditLimit(agent.ObjectID);
    const inForce = await selfBuiltDraft(rsp, agent.Name, { endUser: '南京报表在执行最终用户' });
    await decided(rsp, inForce, 'agree');
    const draft = await selfBuiltDraft(rsp, agent.Name, { endUser: '南京报表草稿最终用户' });
    const page = await pageAs(await tokenFor('ops'));
    const report = (query = '') => `/ordersSetup/own-line-order-report${query}`;

    await searched(page, 'orderItem', () => page.goto(e2e.url(report(`?OrderNo=${inForce.OrderNo}`))));
    expect(await column(page, '订单号')).toEqual([inForce.OrderNo]);
    // A status is worded by the dictionaries, which may come after the rows of a page just opened.
    await expect.poll(() => column(page, '订单状态')).toEqual(['已生效']);
    // The draft is an order of the same agent and month, but not in force: no line of the report.
    const drafted = await searched(page, 'orderItem', () =>
      page.goto(e2e.url(report(`?OrderNo=${draft.OrderNo}`))),
    );
    expect(drafted.totalSize).toBe(0);

    const all = await searched(page, 'orderItem', () => page.goto(e2e.url(report())));
    expect(all.totalSize).toBeGreaterThan(0);
    await expect
      .poll(async () =>
        (await column(page, '订单状态')).filter((status) => !['已生效', '变更中'].includes(status)),
      )
      .toEqual([]);
    const drafts = await advancedFilter(page, 'orderItem', 'ApprovalStatus', '草稿');
    expect(drafts.totalSize).toBe(0);
    const effective = await advancedFilter(page, 'orderItem', 'ApprovalStatus', '已生效');
    expect(effective.totalSize).toBeGreaterThan(0);
    expect(new Set(await column(page, '订单状态'))).toEqual(new Set(['已生效']));
  });
});

describe('自有品牌订单查询', () => {
  it('shows 订单状态 for every order in force or closed: 执行中 once effective, 已关闭 once rejected', async () => {
    const rsp = await tokenFor('rsp');
    const agent = await ownCompany(rsp);
    await ampleCreditLimit(agent.ObjectID);
    const effective = await selfBuiltDraft(rsp, agent.Name, { endUser: '南京订单状态生效最终用户' });
    await decided(rsp, effective, 'agree');
    const rejected = await selfBuiltDraft(rsp, agent.Name, { endUser: '南京订单状态驳回最终用户' });
    await decided(rsp, rejected, 'reject');
    const page = await pageAs(await tokenFor('ops'));
    const list = (query = '') => e2e.url(`/ordersSetup/own-line-orders${query}`);

    await searched(page, 'order', () => page.goto(list(`?OrderNo=${effective.OrderNo}`)));
    await expect.poll(() => column(page, '审批状态')).toEqual(['已生效']);
    await expect.poll(() => column(page, '订单状态')).toEqual(['执行中']);
    await searched(page, 'order', () => page.goto(list(`?OrderNo=${rejected.OrderNo}`)));
    await expect.poll(() => column(page, '审批状态')).toEqual(['已驳回']);
    await expect.poll(() => column(page, '订单状态')).toEqual(['已关闭']);

    // The whole list: in force reads 执行中 or 已完成, rejected or cancelled 已关闭, never nothing.
    await searched(page, 'order', () => page.goto(list()));
    const expected: Record<string, string[]> = {
      已生效: ['执行中', '已完成'],
      变更中: ['执行中', '已完成'],
      已驳回: ['已关闭'],
      已取消: ['已关闭'],
    };
    const decidedRowsShown = async () => {
      const approvals = await column(page, '审批状态');
      const statuses = await column(page, '订单状态');
      return approvals.flatMap((approval, i) =>
        expected[approval] ? [{ approval, status: statuses[i] }] : [],
      );
    };
    // The approval states are words once the dictionaries came, which may be after the rows.
    await expect.poll(async () => (await decidedRowsShown()).length).toBeGreaterThan(0);
    const decidedRows = await decidedRowsShown();
    for (const row of decidedRows) expect(expected[row.approval], row.approval).toContain(row.status);

    const running = await advancedFilter(page, 'order', 'OrderStatus', '执行中');
    expect(running.totalSize).toBeGreaterThan(0);
    expect(new Set(await column(page, '订单状态'))).toEqual(new Set(['执行中']));
    for (const approval of await column(page, '审批状态')) expect(['已生效', '变更中']).toContain(approval);
  });
});

describe('执行单查询', () => {
  it('reads 已过期 for an execution order past its validity, once the nightly job has run', async () => {
    const admin = await adminToken();
    await runJobNow(admin, 'executionOrderExpiry', {});
    const today = businessDay();
    const orders: Row[] = [];
    for (let currentPage = 1; ; currentPage++) {
      const answer = await api<Row[]>(
        '/executionOrder/search',
        { PageID: 'ordersSetup.executionOrders', pageSize: 100, currentPage },
        admin,
      );
      orders.push(...answer);
      if (answer.length < 100) break;
    }
    // Past its validity and neither drawn to the end nor closed: what the job expires.
    const lapsed = orders.filter(
      (o) => o.ValidUntil && o.ValidUntil.slice(0, 10) < today && !['121', '131'].includes(o.Status),
    );
    expect(lapsed.length, 'the demo has execution orders past their validity').toBeGreaterThan(0);
    const page = await pageAs(admin);
    const list = (query = '') => e2e.url(`/ordersSetup/execution-orders${query}`);

    const [first] = lapsed;
    await searched(page, 'executionOrder', () =>
      page.goto(list(`?ExecutionOrderNo=${first.ExecutionOrderNo}`)),
    );
    await expect.poll(() => column(page, '执行状态')).toEqual(['已过期']);
    // None of them is still offered as running or waiting.
    for (const open of ['执行中', '待执行']) {
      await searched(page, 'executionOrder', () => page.goto(list()));
      const page1 = page.locator(`${ACTIVE} .portal-search-bar`);
      await page1.locator('.p-dropdown:has(#filter-Status)').click();
      await page.locator('.p-dropdown-panel .p-dropdown-item').filter({ hasText: open }).first().click();
      await searched(page, 'executionOrder', () => page1.getByRole('button', { name: '查询' }).click());
      const shown = await column(page, '执行单号');
      for (const o of lapsed)
        expect(shown, `${o.ExecutionOrderNo} reads ${open}`).not.toContain(o.ExecutionOrderNo);
    }

    // Its page says so, with the day it was valid until.
    await page.goto(list(`?ExecutionOrderNo=${first.ExecutionOrderNo}`));
    await grid(page).getByRole('button', { name: first.ExecutionOrderNo }).click();
    await page.waitForURL((url) => url.pathname === '/ordersSetup/execution-order-detail');
    const record = page.locator(ACTIVE);
    await expect
      .poll(() => record.locator('.portal-field:has(#field-Status)').textContent())
      .toContain('已过期');
    expect(await record.locator('.portal-field:has(#field-ValidUntil)').textContent()).toContain(
      first.ValidUntil.slice(0, 10),
    );
  });
});

describe('合作品牌订单', () => {
  const stamp = Date.now().toString().slice(-8);
  const partnerOrderNo = `E2E-QTY-${stamp}`;
  let partner: PartnerServer | undefined;
  let admin = '';

  afterAll(async () => {
    // The pull goes back to the server's own setting.
    if (admin) await runJobNow(admin, 'partnerOrderPull', {}, false).catch(() => undefined);
    await partner?.close();
  });

  it('keeps each line’s quantity as the partner sent it, and the synced order names its general distributor', async () => {
    admin = await adminToken();
    const gd = await tokenFor('gd');
    // The distributor's company and its code as the partner knows it (the code on its originals).
    const [own] = await api<{ AgentName: string }[]>('/order/search', { OrderChannel: '111' }, gd);
    const [original] = await api<{ PartnerCustomerCode: string }[]>(
      '/partnerOriginalOrder/search',
      { PartnerCustomerName: own.AgentName },
      admin,
    );
    const products = await api<{ ProductCode: string }[]>('/order/products', { keyword: '服务器' }, gd);
    const [a, b] = [products[0].ProductCode, products[1].ProductCode];
    partner = await startPartnerServer({
      lines: [
        partnerOrderLine({
          orderNo: partnerOrderNo,
          orderDate: businessDay(),
          agentCode: original.PartnerCustomerCode,
          endUser: '南京合作品牌数量最终用户',
          lines: [
            { productCode: a, quantity: 3, unitPrice: '100.00' },
            { productCode: b, quantity: 7, unitPrice: '200.00' },
          ],
        }),
      ],
    });
    await runJobNow(admin, 'partnerOrderPull', { url: partner.url });
    const page = await pageAs(admin);

    // The original data: each line with its quantity as sent, and the payload itself.
    await searched(page, 'partnerOriginalOrder', () =>
      page.goto(e2e.url(`/ordersSetup/partner-original-orders?PartnerOrderNo=${partnerOrderNo}`)),
    );
    expect(await column(page, '合作品牌订单号')).toEqual([partnerOrderNo]);
    expect(await column(page, '订单明细（各行物料 × 数量）')).toEqual([`第 1 行 ${a} × 3；第 2 行 ${b} × 7`]);
    const [raw] = await column(page, '原始数据');
    expect(raw).toContain(`"productCode":"${a}","quantity":3`);
    expect(raw).toContain(`"productCode":"${b}","quantity":7`);

    // The synced order, on the general distributors' order list, names the distributor.
    const [synced] = await api<{ OrderNo: string }[]>(
      '/order/search',
      { OrderChannel: '111', PartnerOrderNo: partnerOrderNo },
      admin,
    );
    await searched(page, 'order', () =>
      page.goto(e2e.url(`/ordersSetup/partner-distributor-orders?OrderNo=${synced.OrderNo}`)),
    );
    expect(await column(page, '合作品牌订单号')).toEqual([partnerOrderNo]);
    expect(await column(page, '总代名称')).toEqual([own.AgentName]);
  });

  it('lists each partner customer under a code of its own, never an agent’s account number', async () => {
    const token = await adminToken();
    const accounts = new Set<string>();
    for (let currentPage = 1; ; currentPage++) {
      const agents = await api<{ AccountID?: string }[]>(
        '/customerLookup/search',
        { currentPage, pageSize: 100 },
        token,
      );
      for (const agent of agents) if (agent.AccountID) accounts.add(agent.AccountID);
      if (agents.length < 100) break;
    }
    expect(accounts.size).toBeGreaterThan(0);
    const page = await pageAs(token);
    const first = await searched(page, 'partnerCustomer', () =>
      page.goto(e2e.url('/ordersSetup/partner-customers')),
    );
    const namesOf = new Map<string, Set<string>>();
    let seen = 0;
    for (;;) {
      const codes = await column(page, '合作品牌客户编码');
      const names = await column(page, '客户名称');
      codes.forEach((code, i) => {
        expect(code, names[i]).not.toBe('');
        expect(accounts.has(code), `${names[i]} is listed under an agent's account ${code}`).toBe(false);
        namesOf.set(code, (namesOf.get(code) ?? new Set()).add(names[i]));
      });
      seen += codes.length;
      const next = grid(page).locator('.p-paginator-next');
      if (seen >= first.totalSize || (await next.isDisabled())) break;
      await searched(page, 'partnerCustomer', () => next.click());
    }
    expect(seen).toBe(first.totalSize);
    const shared = [...namesOf].filter(([, names]) => names.size > 1).map(([code]) => code);
    expect(shared, 'codes shared by several customers').toEqual([]);
  });
});

describe('the dashboard’s delivery to-dos', () => {
  it('give the agent the shipments awaiting its receipt and sales operations the receipt exceptions', async () => {
    const rsp = await tokenFor('rsp');
    const ops = await tokenFor('ops');
    const agent = await ownCompany(rsp);
    await ampleCreditLimit(agent.ObjectID);
    const order = await selfBuiltDraft(rsp, agent.Name, { endUser: '南京待签收最终用户' });
    await decided(rsp, order, 'agree');
    const open = await api<{ Version: number; Lines: { LineNo: number; Serialised?: boolean }[] }>(
      '/shipment/orderToShip',
      { OrderNo: order.OrderNo },
      ops,
    );
    const [line] = open.Lines;
    await api(
      '/shipment/ship',
      {
        ObjectID: order.ObjectID,
        Version: open.Version,
        Lines: [
          { LineNo: line.LineNo, Quantity: 1, SerialNumbers: line.Serialised ? [`SN-${order.OrderNo}`] : [] },
        ],
      },
      ops,
    );
    const CONFIRM = '/ordersSetup/own-line-delivery-confirm';
    const card = (page: Page, label: string) =>
      page.locator('.portal-queue-card', { hasText: `自有品牌发货确认 · ${label}` });
    const countOf = async (page: Page, label: string) =>
      Number(await card(page, label).locator('.portal-queue-count').textContent());

    // The agent's card counts what it has to answer, and opens exactly those shipments.
    const agentPage = await pageAs(rsp);
    await agentPage.goto(e2e.url('/dashboard'));
    await card(agentPage, '待签收').waitFor();
    const awaiting = await countOf(agentPage, '待签收');
    expect(awaiting).toBeGreaterThan(0);
    const listed = await searched(agentPage, 'shipment', () => card(agentPage, '待签收').click());
    expect(new URL(agentPage.url()).pathname).toBe(CONFIRM);
    expect(listed.totalSize).toBe(awaiting);
    await expect.poll(async () => new Set(await column(agentPage, '发货状态'))).toEqual(new Set(['已出库']));
    const [shipment] = listed.results.filter((r) => r.OrderNo === order.OrderNo);
    const mine = shipment
      ? [shipment]
      : await api<Row[]>(
          '/shipment/search',
          { PageID: 'ordersSetup.ownLineDeliveryConfirm', OrderNo: order.OrderNo, ShipmentStatus: '111' },
          rsp,
        );
    expect(mine.length, 'the shipment of the test order awaits the agent').toBeGreaterThan(0);

    // Sales operations see no receipt to answer: their card is the exceptions to settle.
    const opsPage = await pageAs(ops);
    await opsPage.goto(e2e.url('/dashboard'));
    await card(opsPage, '签收异常待处理').waitFor();
    expect(await card(opsPage, '待签收').count()).toBe(0);
    const exceptionsBefore = await countOf(opsPage, '签收异常待处理');

    // The agent reports the receipt with an exception: off its to-dos, onto sales operations'.
    await api(
      '/shipment/confirmReceipt',
      { ObjectID: mine[0].ObjectID, Version: mine[0].Version, ExceptionNote: '外箱破损两处' },
      rsp,
    );
    await agentPage.goto(e2e.url('/dashboard'));
    await expect.poll(() => countOf(agentPage, '待签收')).toBe(awaiting - mine.length);
    await opsPage.reload();
    await expect.poll(() => countOf(opsPage, '签收异常待处理')).toBe(exceptionsBefore + mine.length);
    const exceptions = await searched(opsPage, 'shipment', () => card(opsPage, '签收异常待处理').click());
    expect(exceptions.totalSize).toBe(exceptionsBefore + mine.length);
    await expect.poll(async () => new Set(await column(opsPage, '发货状态'))).toEqual(new Set(['签收异常']));
    await searched(opsPage, 'shipment', () =>
      opsPage.goto(e2e.url(`${CONFIRM}?ShipmentStatus=151&OrderNo=${order.OrderNo}`)),
    );
    expect(await column(opsPage, '订单号')).toContain(order.OrderNo);
  });
});
