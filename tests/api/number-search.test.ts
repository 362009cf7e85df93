import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderApprovalStatus, OrderChannel } from '../../domain/codes/orders.codes';
import { startTestApp, type TestApp } from './harness';

// A number filter (`filter.docNo` in the catalogue) matches from the start of the number, whatever the
// case; a fragment from the middle finds nothing. Name filters still match anywhere.
let t: TestApp;
let admin: string;
let sample: { order_no: string; agent_name: string };

const orderNos = (body: { results: { OrderNo: string }[] }) => body.results.map((r) => r.OrderNo);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
  // An effective order: the order report, searched below too, holds the orders in force.
  const { rows } = await sql<typeof sample>`select order_no, agent_name from sales_order
    where order_channel = '101' and approval_status = '121' order by order_no limit 1`.execute(t.database.db);
  sample = rows[0];
});
afterAll(() => t.close());

/** The own-line orders whose number starts with `prefix`, counted in the database. */
async function ownLineStartingWith(prefix: string) {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from sales_order
    where order_channel = '101' and order_no like ${`${prefix}%`}`.execute(t.database.db);
  return rows[0].n;
}

describe('searching orders by number', () => {
  const search = (body: Record<string, unknown>) =>
    t.post('/order/search', { PageID: 'ordersSetup.ownLineOrders', pageSize: 100, ...body }, admin);

  it('finds the orders whose number starts with what is typed, in either case', async () => {
    const day = sample.order_no.slice(0, 10); // DD + yyyyMMdd: every order of that day
    const expected = await ownLineStartingWith(day);
    expect(expected).toBeGreaterThan(0);
    const upper = await search({ OrderNo: day });
    expect(upper.body.totalSize).toBe(expected);
    expect(orderNos(upper.body).every((no) => no.startsWith(day))).toBe(true);
    const lower = await search({ OrderNo: day.toLowerCase() });
    expect(orderNos(lower.body)).toEqual(orderNos(upper.body));

    const whole = await search({ OrderNo: ` ${sample.order_no} ` });
    expect(orderNos(whole.body)).toEqual([sample.order_no]);
  });

  it("pages through a month's numbers newest first, or in the order asked, each order once", async () => {
    const month = sample.order_no.slice(0, 8); // DD + yyyyMM: read through the number index first
    const inOrder = async (order: string) => {
      const { rows } = await sql<{ order_no: string }>`select order_no from sales_order t
        where order_channel = '101' and order_no like ${`${month}%`}
        order by ${sql.raw(order)}`.execute(t.database.db);
      return rows.map((row) => row.order_no);
    };
    const pages = async (body: Record<string, unknown>) => {
      const first = await search({ OrderNo: month, pageSize: 3, currentPage: 1, ...body });
      const second = await search({ OrderNo: month, pageSize: 3, currentPage: 2, ...body });
      expect(first.body.totalSize).toBe(await ownLineStartingWith(month));
      return [...orderNos(first.body), ...orderNos(second.body)];
    };
    const newestFirst = await inOrder('t.created_at desc, t.object_id desc');
    expect(newestFirst.length).toBeGreaterThan(6);
    expect(await pages({})).toEqual(newestFirst.slice(0, 6));
    const byAmount = await inOrder('t.order_amount asc, t.object_id asc');
    expect(await pages({ sort: 'OrderAmount' })).toEqual(byAmount.slice(0, 6));
  });

  it("pages through a year's numbers newest first, each order once, with the exact total", async () => {
    // DD + yyyy: read through the year index newest first, counted from the counts kept per year.
    const year = sample.order_no.slice(0, 6);
    const { rows } = await sql<{ order_no: string }>`select order_no from sales_order t
      where order_channel = ${OrderChannel.ownLine} and order_no like ${`${year}%`}
      order by t.created_at desc, t.object_id desc`.execute(t.database.db);
    expect(rows.length).toBeGreaterThan(6);
    const first = await search({ OrderNo: year.toLowerCase(), pageSize: 3, currentPage: 1 });
    const second = await search({ OrderNo: year, pageSize: 3, currentPage: 2 });
    expect(first.body.totalSize).toBe(rows.length);
    expect(first.body.totalEstimated).toBeUndefined();
    expect([...orderNos(first.body), ...orderNos(second.body)]).toEqual(
      rows.slice(0, 6).map((row) => row.order_no),
    );
    // One character further (three months of the year, or nine): counted, not kept.
    const further = `${year}${sample.order_no[6]}`;
    expect((await search({ OrderNo: further })).body.totalSize).toBe(await ownLineStartingWith(further));
  });

  it("counts a year's numbers and a line's orders within the agent's own scope", async () => {
    const rsp = await t.login('rsp', 'Demo@123456');
    const year = sample.order_no.slice(0, 6);
    const { rows } = await sql<{ year: number; all: number }>`select
        count(*) filter (where o.order_no like ${`${year}%`})::int as year, count(*)::int as all
      from sales_order o join employee e on e.username = 'rsp'
      where o.order_channel = ${OrderChannel.ownLine} and o.company_id in
        (select c.object_id from customer c where c.object_id = e.company_id or c.parent_id = e.company_id)`.execute(
      t.database.db,
    );
    expect(rows[0].year).toBeGreaterThan(0);
    const totalAs = async (body: Record<string, unknown>) =>
      (await t.post('/order/search', { PageID: 'ordersSetup.ownLineOrders', ...body }, rsp)).body.totalSize;
    expect(await totalAs({ OrderNo: year })).toBe(rows[0].year);
    expect(await totalAs({})).toBe(rows[0].all);
  });

  it("lists the order report's lines of a month's orders, each line once, by order date", async () => {
    const month = sample.order_no.slice(0, 8);
    const { rows } = await sql<{ id: string }>`select i.object_id::text as id from order_item i
      join sales_order o on o.object_id = i.order_id
      where o.order_channel = ${OrderChannel.ownLine} and o.order_no like ${`${month}%`}
        and o.approval_status in (${OrderApprovalStatus.effective}, ${OrderApprovalStatus.beingChanged})
      order by o.order_date desc, i.object_id desc`.execute(t.database.db);
    expect(rows.length).toBeGreaterThan(2);
    const report = await t.post(
      '/orderItem/search',
      { PageID: 'ordersSetup.ownLineOrderReport', OrderNo: month.toLowerCase(), pageSize: 2 },
      admin,
    );
    expect(report.body.totalSize).toBe(rows.length);
    expect(report.body.results.map((r: { ObjectID: string }) => r.ObjectID)).toEqual(
      rows.slice(0, 2).map((row) => row.id),
    );
  });

  it('finds nothing for a fragment from the middle of a number, and takes wildcards literally', async () => {
    const middle = sample.order_no.slice(2); // the number without its DD
    expect((await search({ OrderNo: middle })).body.totalSize).toBe(0);
    expect((await search({ OrderNo: '%' })).body.totalSize).toBe(0);
    expect((await search({ OrderNo: 'D_' })).body.totalSize).toBe(0);
  });

  it('keeps matching names anywhere', async () => {
    const fragment = [...sample.agent_name].slice(1, 3).join('');
    const found = await search({ AgentName: fragment });
    expect(found.body.totalSize).toBeGreaterThan(0);
    expect(found.body.results.every((r: { AgentName: string }) => r.AgentName.includes(fragment))).toBe(true);
  });

  it('finds order items by the start of their order number', async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from order_item
      where order_no = ${sample.order_no}`.execute(t.database.db);
    const items = await t.post(
      '/orderItem/search',
      { OrderNo: sample.order_no.toLowerCase(), pageSize: 100 },
      admin,
    );
    expect(items.body.totalSize).toBe(rows[0].n);
    expect(rows[0].n).toBeGreaterThan(0);
    const middle = await t.post('/orderItem/search', { OrderNo: sample.order_no.slice(2) }, admin);
    expect(middle.body.totalSize).toBe(0);
  });
});
