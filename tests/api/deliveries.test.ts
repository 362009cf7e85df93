import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { mayEditCell } from '../../catalogue/define';
import { zh } from '../../locales/zh/messages';
import { jobHandler, runJobOnce } from '../../server/jobs/job-handlers';
import { startTestApp, type TestApp } from './harness';
import { makeEffective as agreed, enterOrder } from './order-desk';

/**
 * Deliveries (server/deliveries): sales operations ship an effective order's lines in parts with a
 * serial number per unit, the agent confirms receipt, the job confirms what nobody answered within 7
 * days, and the order's delivery status follows every step.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let rsp: { id: string; name: string };
let otherAgent: string;
let product: string;
type Order = { ObjectID: string; OrderNo: string };
/** Effective, 3 units on one line; another agent's, a draft until the receipt cases make it effective. */
let order: Order;
let otherOrder: Order;

/** The delivery information list, whose receiver cells are edited in the row. */
const PAGE = 'ordersSetup.deliveryInfoConfirm';
const db = () => t.database.db;
const call = (path: string, body: unknown, who = 'ops') => t.post(path, body, tokens[who]);
const enter = (agent: string, quantity: number) => enterOrder(t, tokens.ops, agent, product, quantity);
const makeEffective = (o: Order & { Version?: number }) => agreed(t, tokens.ops, o);

async function one<T>(query: { execute(db: unknown): Promise<{ rows: unknown[] }> }) {
  return (await query.execute(db())).rows[0] as T;
}

const versionOf = async (o: Order) =>
  (await one<{ v: number }>(sql`select version as v from sales_order where object_id = ${o.ObjectID}`)).v;
const deliveryOf = async (o: Order) =>
  (
    await one<{ s: string }>(
      sql`select delivery_status as s from sales_order where object_id = ${o.ObjectID}`,
    )
  ).s;

const ship = async (o: Order, quantity: number, serials: string[], who = 'ops', version?: number) =>
  call(
    '/shipment/ship',
    {
      ObjectID: o.ObjectID,
      Version: version ?? (await versionOf(o)),
      LogisticsCompany: 'SF Express',
      TrackingNo: 'SF100200300',
      Lines: [{ LineNo: 1, Quantity: quantity, SerialNumbers: serials }],
    },
    who,
  );

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'rsp', 'finance', 'province']) tokens[user] = await t.login(user, 'Demo@123456');
  rsp = await one(sql`select c.object_id::text as id, c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`);
  otherAgent = (
    await one<{ name: string }>(sql`select name from customer where status = '161' and customer_type = '111'
      and name <> ${rsp.name} order by account_id limit 1`)
  ).name;
  product = (
    await one<{ code: string }>(sql`select product_code as code from product
      where standard_price between 1000 and 50000 and coalesce(category, '') <> '181' order by product_code limit 1`)
  ).code;
  // Both agents order on 30 days' credit with a large limit, so their orders pass approval unpaid.
  await sql`update customer set data = data || ${JSON.stringify({ ExtPaymentTerms_SDK: '111', ExtCreditLimit_SDK: '100000000.00' })}::jsonb
    where name in (${rsp.name}, ${otherAgent})`.execute(db());
  order = await enter(rsp.name, 3);
  otherOrder = await enter(otherAgent, 1);
  await makeEffective(order);
});
afterAll(() => t?.close());

describe('the demo deliveries', () => {
  it('went in through the commands: partly shipped, received and auto-confirmed, the orders agreeing', async () => {
    const orders = await sql<{
      status: string;
      ordered: number;
      shipped: number;
      open: number;
      auto: boolean;
    }>`
      select o.delivery_status as status,
        (select sum(i.quantity)::int from order_item i where i.order_id = o.object_id) as ordered,
        sum(s.quantity)::int as shipped, count(*) filter (where s.shipment_status <> '141')::int as open,
        bool_or(s.auto_confirmed) as auto
      from sales_order o join shipment s on s.order_id = o.object_id group by o.object_id`.execute(db());
    expect(orders.rows.length).toBeGreaterThanOrEqual(3);
    for (const o of orders.rows)
      expect(o.status).toBe(o.shipped < o.ordered ? '111' : o.open ? '121' : '131');
    const statuses = orders.rows.map((o) => o.status);
    expect(statuses).toEqual(expect.arrayContaining(['111', '131']));
    expect(orders.rows.some((o) => o.auto && o.status === '131')).toBe(true);
    expect(orders.rows.some((o) => !o.auto && o.status === '131')).toBe(true);
  });
});

describe('a shipment', () => {
  it('is refused for an order that is not effective, and to a role that does not ship', async () => {
    const notEffective = await ship(otherOrder, 1, ['SN-DRAFT-1']);
    expect(notEffective.status).toBe(409);
    expect(notEffective.body.message).toContain(otherOrder.OrderNo);
    expect((await ship(order, 1, ['SN-RSP-1'], 'rsp')).status).toBe(403);
    // Finance and the province manager read the shipments on the list sales operations ship from.
    const reads = zh.server.readOnlyForRole.replace('{{page}}', '自有品牌发货确认');
    for (const who of ['finance', 'province']) {
      const refused = await ship(order, 1, [`SN-${who}-1`], who);
      expect([refused.status, refused.body.message], who).toEqual([403, reads]);
    }
    expect(await deliveryOf(order)).toBe('101');
  });

  it('never ships more than is ordered, needs a serial per unit and the Version last seen', async () => {
    const over = await ship(order, 4, ['A1', 'A2', 'A3', 'A4']);
    expect(over.status).toBe(400);
    expect(over.body.message).toContain('3');
    const short = await ship(order, 2, ['A1']);
    expect(short.status).toBe(400);
    const repeated = await ship(order, 2, ['A1', 'A1']);
    expect(repeated.status).toBe(400);
    expect(repeated.body.message).toContain('A1');
    const stale = await ship(order, 1, ['A1'], 'ops', (await versionOf(order)) - 1);
    expect(stale.status).toBe(409);
    expect(
      await one(sql`select count(*)::int as n from shipment where order_id = ${order.ObjectID}`),
    ).toEqual({
      n: 0,
    });
  });

  it('takes the order from not shipped to partly shipped to shipped, a serial never shipped twice', async () => {
    const first = await ship(order, 1, ['SN-0001']);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.results.ShipmentNo).toMatch(/^FH/);
    expect(await deliveryOf(order)).toBe('111');
    const again = await ship(order, 2, ['SN-0001', 'SN-0002']);
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('SN-0001');
    const rest = await ship(order, 2, ['SN-0002', 'SN-0003']);
    expect(rest.status, rest.body.message).toBe(200);
    expect(await deliveryOf(order)).toBe('121');
    const long = await ship(order, 1, ['S'.repeat(65)]);
    expect(long.status).toBe(400);
    const more = await ship(order, 1, ['SN-0004']);
    expect(more.status).toBe(400);
  });
});

describe('the ship form and the line shipment page', () => {
  it('read an effective order by number with what is open of each line, for those who ship only', async () => {
    const read = await call('/shipment/orderToShip', { OrderNo: order.OrderNo });
    expect(read.status, read.body.message).toBe(200);
    expect(read.body.results.Lines).toEqual([
      expect.objectContaining({
        LineNo: 1,
        Quantity: 3,
        ShippedQuantity: 3,
        OpenQuantity: 0,
        Serialised: true,
      }),
    ]);
    expect((await call('/shipment/orderToShip', { OrderNo: order.OrderNo }, 'rsp')).status).toBe(403);
    const draft = await enter(rsp.name, 1);
    const notEffective = await call('/shipment/orderToShip', { OrderNo: draft.OrderNo });
    expect(notEffective.status).toBe(409);
    expect(notEffective.body.message).toContain(draft.OrderNo);
    expect((await call('/shipment/orderToShip', { OrderNo: 'DD000000000000' })).status).toBe(404);
  });

  it('refuses a waybill number past its length, naming the field, and ships nothing', async () => {
    const long = await call('/shipment/ship', {
      ObjectID: otherOrder.ObjectID,
      Version: await versionOf(otherOrder),
      TrackingNo: 'T'.repeat(61),
      Lines: [{ LineNo: 1, Quantity: 1, SerialNumbers: ['SN-LONG-1'] }],
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('运单号');
  });

  it("shows a shipment's lines, the day the job would confirm it, and whether the reader may answer", async () => {
    const row = await one<{ id: string }>(sql`select object_id::text as id from shipment
      where order_id = ${order.ObjectID} and quantity = 2`);
    const [asAgent] = (await call('/shipment/getOne', { ObjectID: row.id }, 'rsp')).body.results;
    expect(asAgent.MayConfirmReceipt).toBe(true);
    expect(asAgent.AutoConfirmOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(asAgent.ShipmentLines).toEqual([expect.objectContaining({ LineNo: 1, Quantity: 2 })]);
    expect(asAgent.ShipmentLines[0].SerialNumbers.split('\n')).toEqual(['SN-0002', 'SN-0003']);
  });
});

describe('delivery information', () => {
  const info = (o: Order) =>
    one<{ status: string | null; name: string; address: string; v: number }>(sql`select
      data->>'DeliveryInfoStatus' as status, data->>'ReceiverName' as name,
      data->>'ReceiverAddress' as address, version as v from sales_order where object_id = ${o.ObjectID}`);

  it('lists the demo orders by their confirmation, entered through the commands', async () => {
    const statuses = await sql<{ s: string }>`select distinct confirm_status as s from delivery_info`.execute(
      db(),
    );
    expect(statuses.rows.map((r) => r.s).sort()).toEqual(['101', '111', '121']);
    const listed = await call('/deliveryInfo/search', {
      PageID: 'ordersSetup.deliveryInfoConfirm',
      ConfirmStatus: '121',
    });
    expect(listed.status, listed.body.message).toBe(200);
    expect(listed.body.results[0]).toMatchObject({
      ConfirmStatus: '121',
      ReceiverAddress: expect.any(String),
    });
    // A vendor page: the agent's staff have no access to it.
    expect(
      (await call('/deliveryInfo/search', { PageID: 'ordersSetup.deliveryInfoConfirm' }, 'rsp')).status,
    ).toBe(403);
  });

  it("takes one of the agent's delivery addresses, then is confirmed; the Version seen and the agent are checked", async () => {
    const open = await enter(rsp.name, 1);
    await makeEffective(open);
    const place = await one<{ p: string; c: string | null }>(sql`select province_code as p, city_code as c
      from customer where object_id = ${rsp.id}`);
    const created = await call('/address/createByCustomer', {
      CustomerID: rsp.id,
      AddressType: '101',
      ReceiverName: 'Dock receiver',
      ReceiverPhone: '13900000000',
      ProvinceCode: place.p,
      CityCode: place.c,
      DetailAddress: 'Dock 7',
    });
    expect(created.status, created.body.message).toBe(200);
    const theirs = await one<{ id: string }>(sql`select a.object_id::text as id from customer_address a
      where a.customer_id <> ${rsp.id} and a.address_type = '101' limit 1`);
    const version = (await info(open)).v;
    const foreign = await call('/deliveryInfo/update', {
      ObjectID: open.ObjectID,
      Version: version,
      AddressID: theirs.id,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain('收货地址');
    // Finance and the province manager read the list; the desk that ships confirms and changes it.
    const reads = zh.server.readOnlyForRole.replace('{{page}}', '收货信息确认及修改');
    for (const who of ['finance', 'province']) {
      const typed = await call(
        '/deliveryInfo/update',
        { ObjectID: open.ObjectID, Version: version, ReceiverName: `${who} typed` },
        who,
      );
      const confirm = await call('/deliveryInfo/confirm', { ObjectID: open.ObjectID, Version: version }, who);
      expect([typed.status, typed.body.message, confirm.status, confirm.body.message], who).toEqual([
        403,
        reads,
        403,
        reads,
      ]);
      expect((await call('/deliveryInfo/addresses', { ObjectID: open.ObjectID }, who)).status, who).toBe(200);
    }
    expect((await info(open)).v).toBe(version);
    const offered = await call('/deliveryInfo/addresses', { ObjectID: open.ObjectID });
    expect(offered.body.results.map((a: { ObjectID: string }) => a.ObjectID)).toContain(
      created.body.results.ObjectID,
    );
    const taken = await call('/deliveryInfo/update', {
      ObjectID: open.ObjectID,
      Version: version,
      AddressID: created.body.results.ObjectID,
    });
    expect(taken.status, taken.body.message).toBe(200);
    expect(await info(open)).toMatchObject({
      status: '121',
      name: 'Dock receiver',
      address: expect.stringContaining('Dock 7'),
    });
    expect((await call('/deliveryInfo/confirm', { ObjectID: open.ObjectID, Version: version })).status).toBe(
      409,
    );
    const blank = await call('/deliveryInfo/update', {
      ObjectID: open.ObjectID,
      Version: version + 1,
      ReceiverName: ' ',
    });
    expect(blank.status).toBe(400);
    const confirmed = await call('/deliveryInfo/confirm', { ObjectID: open.ObjectID, Version: version + 1 });
    expect(confirmed.status, confirmed.body.message).toBe(200);
    expect(confirmed.body.results).toMatchObject({ ConfirmStatus: '111', ModifiedBy: expect.any(String) });
    const again = await call('/deliveryInfo/confirm', { ObjectID: open.ObjectID, Version: version + 2 });
    expect(again.status).toBe(409);
  });

  it('is settled once everything is shipped', async () => {
    const late = await call('/deliveryInfo/update', {
      ObjectID: order.ObjectID,
      Version: await versionOf(order),
      ReceiverName: 'Too late',
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain(order.OrderNo);
    expect((await info(order)).name).toBe('张收货');
  });

  it('is offered in the list’s row while something is left to ship, and each save is answered as offered', async () => {
    const page = pageById(PAGE)!;
    const open = await enter(rsp.name, 2);
    await makeEffective(open);
    const rowOf = async (o: Order) => {
      const listed = await call('/deliveryInfo/search', { PageID: PAGE, OrderNo: o.OrderNo });
      expect(listed.status, listed.body.message).toBe(200);
      return listed.body.results[0] as Record<string, unknown>;
    };
    // The order shipped whole above shows why its cells are locked; the new one is not shipped yet.
    const [shipped, unshipped] = [await rowOf(order), await rowOf(open)];
    expect([shipped.DeliveryStatus, unshipped.DeliveryStatus]).toEqual(['121', '101']);
    for (const [row, offered] of [
      [shipped, false],
      [unshipped, true],
    ] as const) {
      expect(mayEditCell(page, 'ReceiverName', row), String(row.OrderNo)).toBe(offered);
      const saved = await call('/deliveryInfo/update', {
        ObjectID: row.ObjectID,
        Version: row.Version,
        PageID: PAGE,
        ReceiverName: 'Typed in the row',
      });
      expect(saved.status, saved.body.message).toBe(offered ? 200 : 409);
    }
    expect((await info(open)).name).toBe('Typed in the row');
    expect((await info(order)).name).toBe('张收货');
  });
});

describe('receipt', () => {
  it("is confirmed by the agent on its own shipments only; another agent's answer 404", async () => {
    await makeEffective(otherOrder);
    const other = await ship(otherOrder, 1, ['SN-OTHER-1']);
    expect(other.status, other.body.message).toBe(200);
    const row = other.body.results.Lines[0];
    expect(
      (await call('/shipment/confirmReceipt', { ObjectID: row.ObjectID, Version: row.Version }, 'rsp'))
        .status,
    ).toBe(404);
    const mine = await one<{
      id: string;
      version: number;
    }>(sql`select object_id::text as id, version from shipment
      where order_id = ${order.ObjectID} and quantity = 2`);
    const stale = await call(
      '/shipment/confirmReceipt',
      { ObjectID: mine.id, Version: mine.version + 1 },
      'rsp',
    );
    expect(stale.status).toBe(409);
    const confirmed = await call(
      '/shipment/confirmReceipt',
      { ObjectID: mine.id, Version: mine.version },
      'rsp',
    );
    expect(confirmed.status, confirmed.body.message).toBe(200);
    expect(confirmed.body.results.ShipmentStatus).toBe('141');
    const [answered] = (await call('/shipment/getOne', { ObjectID: mine.id }, 'rsp')).body.results;
    expect([answered.MayConfirmReceipt, answered.AutoConfirmOn]).toEqual([false, null]);
    // One shipment of the order still awaits its receipt.
    expect(await deliveryOf(order)).toBe('121');
    // Sales operations report the other agent's shipment damaged: it is no receipt.
    const reported = await call('/shipment/confirmReceipt', {
      ObjectID: row.ObjectID,
      Version: row.Version,
      ExceptionNote: 'Box damaged',
    });
    expect(reported.status, reported.body.message).toBe(200);
    expect(reported.body.results.ShipmentStatus).toBe('151');
    expect(await deliveryOf(otherOrder)).toBe('121');
  });

  it('is confirmed by the job 7 days after dispatch, flagged as such, and the order is received', async () => {
    const now = new Date();
    await sql`update shipment set dispatched_at = ${new Date(now.getTime() - 8 * 86_400_000)}
      where order_id = ${order.ObjectID} and signed_on is null`.execute(db());
    // The job confirms every shipment left unanswered over 7 days, the demo's own among them: partner
    // shipments the demo's pull brought in, dispatched before the demo's today and still awaiting their
    // agent, are due by now as well.
    const { n: alsoDue } = await one<{ n: number }>(sql`select count(distinct shipment_no)::int as n
      from shipment where signed_on is null and shipment_status = '111' and order_id <> ${order.ObjectID}
        and dispatched_at <= ${new Date(now.getTime() - 7 * 86_400_000)}`);
    const job = jobHandler('shipmentAutoConfirm')!;
    const message = await runJobOnce(db(), job, now);
    expect(message).toEqual({ key: 'deliveries.job.message', params: { count: 1 + alsoDue } });
    expect(
      await one(sql`select bool_and(auto_confirmed) as auto, count(*)::int as n from shipment
        where order_id = ${order.ObjectID} and quantity = 1`),
    ).toEqual({ auto: true, n: 1 });
    expect(await deliveryOf(order)).toBe('131');
    // The other agent's shipment, reported damaged, is not the job's to confirm.
    expect(await deliveryOf(otherOrder)).toBe('121');
  });

  it('is settled when sales operations resolve a reported exception, with a note of what was done', async () => {
    const row = await one<{ id: string; version: number }>(sql`select object_id::text as id, version
      from shipment where order_id = ${otherOrder.ObjectID}`);
    const resolve = (note: string, who = 'ops', version = row.version) =>
      call('/shipment/resolveException', { ObjectID: row.id, Version: version, ResolutionNote: note }, who);
    expect((await resolve('Replaced', 'rsp')).status).toBe(403);
    expect((await resolve('  ')).status).toBe(400);
    const [before] = (await call('/shipment/getOne', { ObjectID: row.id })).body.results;
    expect(before.MayResolve).toBe(true);
    const resolved = await resolve('Box replaced by courier');
    expect(resolved.status, resolved.body.message).toBe(200);
    expect(resolved.body.results).toMatchObject({
      ShipmentStatus: '161',
      ResolutionNote: 'Box replaced by courier',
    });
    expect(await deliveryOf(otherOrder)).toBe('131');
    expect((await resolve('Again', 'ops', row.version + 1)).status).toBe(409);
  });
});
