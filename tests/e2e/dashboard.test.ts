import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../domain/format';
import { describeViolations, seriousViolations } from './axe';
import { login, tokenOf, useBrowser, waitForPath } from './browser';

/**
 * The dashboard's newest orders and opportunities: headed like the rest of the kit (a title, a link
 * to the whole list) and shown in the kit's table with column headers, in either language.
 */
const e2e = useBrowser();

/** The wire names of the columns ('Name' is also an English label, so it is not among them). */
const WIRE_NAMES = [
  'OrderNo',
  'AgentName',
  'OrderAmount',
  'OrderDate',
  'ExtOpportunityNOText_SDK',
  'ExtOppCustomerName_SDK',
  'CreationOn',
];

const recent = (page: Page) => page.locator('.portal-dashboard .portal-recent');

async function dashboardOf(page: Page) {
  await page.setViewportSize({ width: 1366, height: 800 });
  await login(page, 'admin', 'Admin@123456');
  await waitForPath(page, '/dashboard');
  await recent(page).first().locator('table').waitFor();
}

/** Title, link text and target, and column headers of each newest-records section. */
const sectionsOf = (page: Page) =>
  recent(page).evaluateAll((sections) =>
    sections.map((section) => {
      const title = section.querySelector('h3');
      const all = section.querySelector<HTMLAnchorElement>('a.portal-recent-all');
      return {
        title: title?.textContent?.trim(),
        titleIsLink: Boolean(title?.querySelector('a')),
        titleDecoration: title ? getComputedStyle(title).textDecorationLine : '',
        all: all?.textContent?.trim(),
        allHref: all?.getAttribute('href'),
        headers: [...section.querySelectorAll('thead th')].map((th) => th.textContent?.trim()),
        rows: section.querySelectorAll('tbody tr').length,
        kitTable: Boolean(section.querySelector('.p-datatable.portal-grid')),
      };
    }),
  );

describe('newest records on the dashboard', () => {
  it('have a plain title, a link to the list and a kit table with headers', async () => {
    const page = await e2e.newPage();
    await dashboardOf(page);
    await page.screenshot({ path: '/tmp/dashboard-desktop.png' });
    const sections = await sectionsOf(page);
    expect(sections.map((s) => s.title)).toEqual(['最新订单', '最新商机']);
    for (const section of sections) {
      expect(section.titleIsLink).toBe(false);
      expect(section.titleDecoration).not.toContain('underline');
      expect(section.all).toBe('查看全部');
      expect(section.kitTable).toBe(true);
      expect(section.headers).toHaveLength(4);
      expect(section.rows).toBeGreaterThan(0);
    }
    expect(sections[0].headers).toEqual(['订单号', '代理商名称', '订单金额（元）', '下单日期']);
    expect(sections[0].allHref).toMatch(/^\/ordersSetup\//);

    // The link opens the whole list.
    await recent(page).first().locator('a.portal-recent-all').click();
    await waitForPath(page, sections[0].allHref!);
  });

  it('label their columns in English too, never with wire names', async () => {
    const page = await e2e.newPage({ locale: 'en-US' });
    await dashboardOf(page);
    const sections = await sectionsOf(page);
    expect(sections.map((s) => s.title)).toEqual(['Newest orders', 'Newest opportunities']);
    for (const section of sections) {
      expect(section.headers).toHaveLength(4);
      for (const header of section.headers) {
        expect(header).toBeTruthy();
        expect(WIRE_NAMES).not.toContain(header);
        expect(header).not.toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });
});

/** Each chart card: its title, whether its canvas holds a drawing, and the rows of its figures table. */
const chartsOf = (page: Page) =>
  page.locator('.portal-dashboard figure.portal-chart').evaluateAll((figures) =>
    figures.map((figure) => {
      const canvas = figure.querySelector('canvas');
      const context = canvas?.getContext('2d');
      const pixels = canvas && context ? context.getImageData(0, 0, canvas.width, canvas.height).data : [];
      return {
        id: figure.getAttribute('data-chart'),
        title: figure.querySelector('h4')?.textContent?.trim(),
        canvasLabel: canvas?.getAttribute('aria-label'),
        drawn: Array.prototype.some.call(pixels, (value: number, i: number) => i % 4 === 3 && value > 0),
        rows: [...figure.querySelectorAll('table tbody tr')].map((tr) =>
          [...tr.children].map((cell) => cell.textContent?.trim() ?? ''),
        ),
      };
    }),
  );

describe('charts on the dashboard', () => {
  it('draw the figures the server computed, with the same numbers in a table for screen readers', async () => {
    const page = await e2e.newPage();
    await dashboardOf(page);
    const token = await tokenOf(page);
    const answer = await page.request.post('/portal/dashboard/charts', {
      headers: { 'x-token': token! },
      data: {},
    });
    const api = (await answer.json()).results;
    await page.locator('figure.portal-chart canvas').first().waitFor();
    const charts = await chartsOf(page);
    await page.screenshot({ path: '/tmp/dashboard-charts.png', fullPage: true });
    expect(charts.map((c) => c.id)).toEqual([
      ...api.orderTrend.map((line: { OrderChannel: string }) => `orders-${line.OrderChannel}`),
      'opportunity-stages',
      'task-attainment',
      'rebate-balance',
    ]);
    for (const chart of charts) {
      expect(chart.drawn, chart.id!).toBe(true);
      expect(chart.canvasLabel).toBe(chart.title);
    }
    // The own line's months and the top agents' rebate, as the API answered them, in yuan (SPEC §9).
    const own = api.orderTrend.find((line: { OrderChannel: string }) => line.OrderChannel === '101');
    expect(charts.find((c) => c.id === 'orders-101')?.rows).toEqual(
      own.Months.map((m: Record<string, string>) => [
        m.Period,
        String(m.OrderCount),
        formatPrice(m.OrderAmount),
        formatPrice(m.PaidAmount),
      ]),
    );
    expect(charts.find((c) => c.id === 'rebate-balance')?.rows).toEqual(
      api.rebateBalance.Rows.map((r: Record<string, string>) => [
        r.AgentName,
        formatPrice(r.AvailableBalance),
        formatPrice(r.FrozenAmount),
        formatPrice(r.Balance),
      ]),
    );
    expect(charts.find((c) => c.id === 'orders-101')?.title).toBe('自有品牌订单报表 · 近 12 个月订单与回款');
    const problems = await seriousViolations(page, '.portal-charts');
    expect(problems, describeViolations(problems)).toEqual([]);
  });
});
