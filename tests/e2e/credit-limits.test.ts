import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreditLimitOverview } from '../../domain/credit-limits';
import { formatDateTime, formatPrice } from '../../domain/format';
import { yuanToFen } from '../../domain/money';
import { login, useBrowser } from './browser';
import { api, tokenFor } from './portal-api';

/**
 * An agent's credit limit changed the way the portal changes it (docs/credit-limits.md): the sales
 * operations desk finds the agent, asks on its record's credit panel with a reason, and is told which
 * amount is wrong before anything is sent; finance finds the request in the to-do inbox, opens the
 * agent from it and agrees on the same panel; the record then shows the new limit and the request's
 * history in Beijing time, whatever the browser's clock says.
 */
const e2e = useBrowser();

/** The tab on show: the shell keeps the other tabs' pages, hidden. */
const ACTIVE = '[data-testid=tab-page]:not([hidden])';
const panelOf = (page: Page) => page.locator(`${ACTIVE} [data-credit-limits]`);
const rowsOf = (page: Page) => page.locator(`${ACTIVE} .portal-list-page tbody tr`);
const dialogOf = (page: Page) => page.locator('.p-dialog').filter({ has: page.locator('#cl-own') });
const card = (page: Page) => page.locator(`${ACTIVE} .portal-queue-card`, { hasText: '授信额度调整申请' });
const cardCount = async (page: Page) =>
  (await card(page).count()) ? Number(await card(page).locator('.portal-queue-count').textContent()) : 0;

/** The minutes (business clock) an instant between two moments falls in, as the panel writes them. */
function minutesBetween(from: number, to: number) {
  const minutes = new Set<string>();
  for (let at = from; at <= to + 60_000; at += 60_000) minutes.add(formatDateTime(new Date(at)).slice(0, 16));
  return [...minutes];
}

let agent: { ObjectID: string; Name: string };
let raised: string;

beforeAll(async () => {
  // An active RSP other than the demo RSP's own company, which other browser tests order for: its
  // limit is raised here, never lowered, so nothing they do depends on it.
  const ops = await tokenFor('ops');
  const rsps = await api<{ ObjectID: string; Name: string; AccountID: string }[]>(
    '/customer/search',
    { PageID: 'customers.rspInfo', currentPage: 1, pageSize: 50, ExtCustomerStatus_SDK: '161', sort: 'Name' },
    ops,
  );
  // The agents the demo RSP's staff may pick are its own company and the CCPs it supplies.
  const owns = await api<{ ObjectID: string }[]>(
    '/customerLookup/search',
    { currentPage: 1, pageSize: 50 },
    await tokenFor('rsp'),
  );
  const candidates = rsps.filter((r) => !owns.some((o) => o.ObjectID === r.ObjectID));
  for (const candidate of candidates.reverse()) {
    const overview = await api<CreditLimitOverview>(
      '/customer/creditLimits',
      { ObjectID: candidate.ObjectID },
      ops,
    );
    // One with no request yet, so its panel's history is this test's alone.
    if (!overview.MayRequest || overview.Requests.length) continue;
    agent = candidate;
    const now = yuanToFen(overview.Current.CreditLimit ?? '0');
    raised = ((now + 123_456_700) / 100).toFixed(2);
    return;
  }
  throw new Error('No RSP whose credit limit the desk may ask to change');
});

describe('授信额度: asked by the desk, agreed by finance from the to-do', () => {
  it('names a malformed amount, reaches finance’s to-do, and shows the agreed limit with its history', async () => {
    const desk = await e2e.newPage();
    await login(desk, 'ops', 'Demo@123456');
    await desk.goto('/customers/rsp-info');
    await desk.locator(`${ACTIVE} #filter-Name`).fill(agent.Name);
    await desk.locator(`${ACTIVE} .portal-search-bar button[type=submit]`).click();
    await rowsOf(desk).getByRole('button', { name: agent.Name, exact: true }).click();
    await desk.waitForURL((url) => url.pathname === '/customers/rsp-detail');
    await panelOf(desk).getByRole('button', { name: '申请调整授信额度' }).click();

    // A figure that is no amount is named under its field, and nothing is sent.
    await desk.locator('#cl-own').fill('1,234.567');
    await desk.locator('#cl-reason').fill('年底集中备货，需提高额度');
    await dialogOf(desk).getByRole('button', { name: '提交财务审批' }).click();
    await expect
      .poll(() => desk.locator('[data-field-error="cl-own"]').textContent())
      .toBe('请输入金额（元），最多两位小数');
    expect(await panelOf(desk).locator('.portal-cw-item').count()).toBe(0);

    await desk.locator('#cl-own').fill(raised);
    const from = Date.now();
    await dialogOf(desk).getByRole('button', { name: '提交财务审批' }).click();
    await desk
      .locator('.portal-toast')
      .filter({ hasText: '授信额度调整申请已提交财务审批' })
      .first()
      .waitFor();
    const to = Date.now();
    const asked = panelOf(desk).locator('.portal-cw-item').first();
    await expect.poll(() => asked.getAttribute('data-request-state')).toBe('requested');
    await expect.poll(() => asked.textContent()).toContain(`自有品牌 `);
    await expect.poll(() => asked.textContent()).toContain(`→ ${formatPrice(raised)}`);

    // Finance, on a browser set to another time zone, finds it among what waits for them.
    const finance = await e2e.newPage({ timezoneId: 'America/Los_Angeles' });
    await login(finance, 'finance', 'Demo@123456');
    await finance.goto('/dashboard');
    await card(finance).waitFor();
    const waiting = await cardCount(finance);
    expect(waiting).toBeGreaterThanOrEqual(1);
    await card(finance).click();
    await finance.waitForURL((url) => url.pathname === '/customers/credit-limit-requests');
    expect(new URL(finance.url()).searchParams.get('AwaitingMe')).toBe('1');
    const row = rowsOf(finance).filter({ hasText: agent.Name });
    await row.waitFor();
    // In business words: the agent, its type, the own line's limit asked for, the state, who asked.
    for (const words of ['省级代理', formatPrice(raised), '待财务审批', '钱商务', '年底集中备货'])
      await expect.poll(() => row.textContent(), { message: words }).toContain(words);

    await row.getByRole('button', { name: agent.Name, exact: true }).click();
    await finance.waitForURL(
      (url) =>
        url.pathname === '/customers/rsp-detail' && url.searchParams.get('objectID') === agent.ObjectID,
    );
    await panelOf(finance).getByRole('button', { name: '同意', exact: true }).click();

    const agreed = panelOf(finance).locator('.portal-cw-item').first();
    await expect.poll(() => agreed.getAttribute('data-request-state')).toBe('approved');
    await expect
      .poll(() => panelOf(finance).locator('[data-limit="own"]').textContent())
      .toBe(formatPrice(raised));
    await expect
      .poll(() => finance.locator(`${ACTIVE} #field-ExtCreditLimit_SDK`).textContent())
      .toBe(formatPrice(raised));
    // Asked and decided in Beijing time, to the minute, though the browser is in California.
    await expect
      .poll(() => agreed.locator('[data-decision]').textContent())
      .toMatch(/孙财务 于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    const history = String(await agreed.textContent());
    const askedAt = /申请时间：(\d{4}-\d{2}-\d{2} \d{2}:\d{2})/.exec(history)?.[1];
    expect(minutesBetween(from, to)).toContain(askedAt);
    expect(history).toContain('孙财务 于');

    // Decided, it has left finance's to-do.
    await finance.goto('/dashboard');
    await finance.locator(`${ACTIVE} .portal-queue-card`).first().waitFor();
    await expect.poll(() => cardCount(finance)).toBe(waiting - 1);
  });
});
