import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderApprovalStatus } from '../../domain/codes/orders.codes';
import { labelFor } from './field-named';
import { startTestApp, type TestApp } from './harness';

/**
 * The dashboard's charts show the figures of the reports they summarise: each chart's numbers are
 * what the report's own endpoint answers the same caller, added up the way the chart groups them.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const PERIOD = '2026-11';

type Row = Record<string, any>;
const fen = (value: unknown) => Math.round(Number(value ?? 0) * 100);

async function charts(who: string) {
  const answer = await t.post('/dashboard/charts', { OrderPeriod: PERIOD }, tokens[who]);
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.results;
}

/** Every row a list endpoint answers the caller for this body, page by page. */
async function everyRow(path: string, body: Row, who: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const answer = await t.post(path, { ...body, currentPage: page, pageSize: 100 }, tokens[who]);
    expect(answer.status, answer.body.message).toBe(200);
    rows.push(...answer.body.results);
    if (rows.length >= answer.body.totalSize || answer.body.results.length === 0) return rows;
  }
}

/** Sums of some amount fields per key, in fen. */
function sumsBy(rows: Row[], keyOf: (row: Row) => string, fields: string[]) {
  const sums = new Map<string, number[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const sum = sums.get(key) ?? fields.map(() => 0);
    fields.forEach((field, i) => {
      sum[i] += fen(row[field]);
    });
    sums.set(key, sum);
  }
  return Object.fromEntries([...sums].sort(([a], [b]) => a.localeCompare(b)));
}

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['admin', 'province', 'finance', 'legal', 'rsp', 'ccp', 'gd'])
    tokens[user] = await t.login(user, user === 'admin' ? 'Admin@123456' : 'Demo@123456');
});
afterAll(() => t.close());

describe('POST /portal/dashboard/charts', () => {
  it("draws each order line's last twelve months from the orders its order list holds", async () => {
    const { orderTrend } = await charts('rsp');
    expect(orderTrend.map((line: Row) => line.PageID)).toEqual(['ordersSetup.ownLineOrderReport']);
    const months = orderTrend[0].Months as Row[];
    expect(months.map((m) => m.Period)).toEqual([
      '2025-12',
      ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
    ]);
    // The orders that count: effective ones (an order being changed is still in force), each once.
    const counted = [OrderApprovalStatus.effective, OrderApprovalStatus.beingChanged];
    const listed = await everyRow(
      '/order/search',
      {
        PageID: 'ordersSetup.ownLineOrders',
        OrderDateStart: '2025-12-01',
        OrderDateEnd: '2026-11-30',
        ApprovalStatus: counted.join(','),
      },
      'rsp',
    );
    const byMonth = sumsBy(listed, (o) => String(o.OrderDate).slice(0, 7), ['OrderAmount']);
    const counts = new Map<string, number>();
    for (const o of listed)
      counts.set(String(o.OrderDate).slice(0, 7), (counts.get(String(o.OrderDate).slice(0, 7)) ?? 0) + 1);
    expect(listed.length).toBeGreaterThan(0);
    for (const month of months) {
      expect(month.OrderCount, month.Period).toBe(counts.get(month.Period) ?? 0);
      expect(fen(month.OrderAmount), month.Period).toBe(byMonth[month.Period]?.[0] ?? 0);
    }
    // The month of the figures is the last month of the chart: the same figures as the summary's.
    const summary = await t.post('/dashboard/summary', { OrderPeriod: PERIOD }, tokens.rsp);
    expect(months.at(-1)).toEqual(
      Object.fromEntries(
        Object.entries(summary.body.results.orderFigures[0]).filter(([key]) => key !== 'PageID'),
      ),
    );
  });

  it('counts opportunities by stage exactly as the opportunity report does', async () => {
    for (const who of ['admin', 'province']) {
      const { opportunityStages } = await charts(who);
      const report = await t.post('/opportunityReport/summary', {}, tokens[who]);
      expect(report.status).toBe(200);
      expect(opportunityStages.Rows, who).toEqual(report.body.results.byStage);
      expect(opportunityStages.Rows.length).toBeGreaterThan(0);
    }
  });

  it("adds up the provincial task report's provinces, and an RSP's own task lines", async () => {
    const { taskAttainment } = await charts('province');
    expect(taskAttainment.GroupedBy).toBe('ProvinceName');
    const rows = await everyRow(
      '/provincialTaskReport/search',
      { PageID: 'salesTask.provincialTaskReport', Year: taskAttainment.Year },
      'province',
    );
    expect(rows.length).toBeGreaterThan(0);
    const report = sumsBy(rows, (r) => `${r.ProvinceName}|${r.IndicatorType}`, [
      'AnnualTask',
      'CompletedAmount',
    ]);
    const chart = sumsBy(taskAttainment.Rows, (r) => `${r.Key}|${r.IndicatorType}`, [
      'TaskAmount',
      'CompletedAmount',
    ]);
    expect(chart).toEqual(report);
    for (const row of taskAttainment.Rows)
      expect(Number(row.CompletionRate)).toBeCloseTo(
        (fen(row.CompletedAmount) * 100) / fen(row.TaskAmount),
        2,
      );

    // The RSP sees its own lines: the load-bearing report's rows of its company, read by the vendor.
    const own = (await charts('rsp')).taskAttainment;
    expect(own.GroupedBy).toBe('Brand');
    const lines = await everyRow(
      '/loadBearing/search',
      { PageID: 'salesTask.loadBearing', Year: own.Year },
      'admin',
    );
    const allocations = await everyRow(
      '/rspTaskAllocation/search',
      { PageID: 'salesTask.rspTaskConfirm', Year: own.Year },
      'rsp',
    );
    const names = new Set(allocations.map((r) => r.AgentName));
    expect(names.size).toBe(1);
    const mine = lines.filter((r) => names.has(r.AgentName));
    const pairs = (list: Row[], task: string) =>
      list.map((r) => [r.Brand ?? r.Key, fen(r[task]), fen(r.CompletedAmount)]).sort();
    expect(pairs(own.Rows, 'TaskAmount')).toEqual(pairs(mine, 'LoadBearingAmount'));
    // The indicators of the year's lines the RSP carries (this year's sell-out, or next year's plan).
    expect(new Set(own.Rows.map((r: Row) => r.IndicatorType))).toEqual(
      new Set(allocations.map((r) => r.IndicatorType)),
    );
  });

  it('shows an agent its own rebate accounts and vendor staff the top agents of the summary', async () => {
    const agent = (await charts('rsp')).rebateBalance;
    expect(agent.GroupedBy).toBe('Account');
    const accounts = await everyRow(
      '/rebateSummary/search',
      { PageID: 'rebates.customerRebateSummary' },
      'rsp',
    );
    expect(accounts.length).toBeGreaterThan(0);
    const fields = ['AvailableBalance', 'FrozenAmount', 'Balance'];
    expect(sumsBy(agent.Rows, (r) => `${r.Brand}|${r.AccountType}`, fields)).toEqual(
      sumsBy(accounts, (r) => `${r.Brand}|${r.AccountType}`, fields),
    );

    for (const who of ['finance', 'province']) {
      const vendor = (await charts(who)).rebateBalance;
      expect(vendor.GroupedBy).toBe('Agent');
      const all = await everyRow('/rebateSummary/search', { PageID: 'rebates.customerRebateSummary' }, who);
      const perAgent = Object.entries(sumsBy(all, (r) => r.AgentName, fields)).sort(
        ([a, x], [b, y]) => y[0] - x[0] || a.localeCompare(b),
      );
      expect(
        vendor.Rows.map((r: Row) => [r.AgentName, fields.map((f) => fen(r[f]))]),
        who,
      ).toEqual(perAgent.slice(0, 10));
      expect(vendor.AgentCount).toBe(perAgent.length);
      expect(fields.map((f) => fen(vendor[f]))).toEqual(
        fields.map((_, i) => perAgent.reduce((sum, [, v]) => sum + v[i], 0)),
      );
    }
  });

  it('gives each role the charts of the reports its menu holds', async () => {
    const kinds = (c: Row) =>
      [
        ...c.orderTrend.map((line: Row) => line.PageID),
        ...['opportunityStages', 'taskAttainment', 'rebateBalance'].filter((k) => c[k]),
      ].sort();
    expect(kinds(await charts('legal'))).toEqual(['opportunityStages']);
    expect(kinds(await charts('ccp'))).toEqual([
      'opportunityStages',
      'ordersSetup.ownLineOrderReport',
      'rebateBalance',
    ]);
    const gd = await charts('gd');
    expect(kinds(gd)).toEqual(['ordersSetup.ownLineOrderReport', 'rebateBalance']);
    expect([gd.rebateBalance.AgentCount, gd.rebateBalance.Rows]).toEqual([0, []]);
    expect(kinds(await charts('finance'))).toEqual([
      'ordersSetup.ownLineOrderReport',
      'ordersSetup.partnerOrderReport',
      'rebateBalance',
    ]);
  });

  it('refuses a month that is not one, a caller without a session and one yet to change the password', async () => {
    const bad = await t.post('/dashboard/charts', { OrderPeriod: '2026-13' }, tokens.rsp);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(labelFor('OrderPeriod'));
    const list = await t.post('/dashboard/charts', { OrderPeriod: ['2026-11'] }, tokens.rsp);
    expect([list.status, list.body.message]).toEqual([400, bad.body.message]);
    expect((await t.post('/dashboard/charts', {})).body.code).toBe('401');
    // The first-login change comes first, as for every other call.
    const newcomer = await t.login('newstaff', 'Welcome@2026');
    expect((await t.post('/dashboard/charts', {}, newcomer)).status).toBe(403);
  });
});
