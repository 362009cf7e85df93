import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderApprovalStatus } from '../../domain/codes/orders.codes';
import { TaskApprovalStatus } from '../../domain/codes/sales-tasks.codes';
import { makeCreditCode } from '../../domain/credit-code';
import { planYears } from '../../server/sales-tasks/task-references.rules';
import { startTestApp, type TestApp } from './harness';
import { labelOf, upload } from './report-upload';

/**
 * Authority inside a record, written as an attacker would (docs/security.md "Authority inside a
 * record"): a reported line belongs to the agent it names within the writer's scope and counts at
 * least one unit, typed as a plain number; a target or task belongs to the province office, once per
 * key; a record out of scope is not found whatever its state; prices are edited by the product and
 * sales operations desks alone. Every refusal names its field and writes nothing.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.database.db;
const SALES = 'report.distributorSalesReport';
const SALES_FORM = 'report.distributorSalesReportCreate';
const CREDIT = makeCreditCode('91320100MA1AUTH10');
const names: Record<string, string> = {};
let model = '';

const countOf = async (resource: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from record where resource = ${resource}`.execute(db()))
    .rows[0].n;
const salesLinesOf = async (period: string) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from record where resource = 'salesReport'
      and data->>'Period' = ${period}`.execute(db())
  ).rows[0].n;

/** A sales line of the demo distributor, as its form or its import's template carries it. */
const salesLine = (period: string, day = '03') => ({
  AgentName: names.gd,
  Period: period,
  CustomerName: 'Acme',
  CreditCode: CREDIT,
  SalesCustomerType: '101',
  ProductModel: model,
  Quantity: 2 as number | string,
  UnitPrice: '10.50',
  OutboundDate: `${period}-${day}`,
});

beforeAll(async () => {
  t = await startTestApp('demo');
  for (const user of ['gd', 'rsp', 'province', 'city', 'channel', 'legal', 'product', 'ops'])
    tokens[user] = await t.login(user, 'Demo@123456');
  tokens.admin = await t.login('admin', 'Admin@123456');
  const rows = await sql<{ username: string; name: string }>`select e.username, c.name from employee e
    join customer c on c.object_id = e.company_id where e.username in ('gd', 'rsp')`.execute(db());
  for (const row of rows.rows) names[row.username] = row.name;
  model = (
    await sql<{ model: string }>`select data->>'ProductModel' as model from product
      where data->>'ProductModel' is not null order by product_code limit 1`.execute(db())
  ).rows[0].model;
}, 120_000);
afterAll(() => t?.close());

describe('a reported line: its agent and its quantity', () => {
  it("refuses a distributor's line naming another company, and stores the right one under its own", async () => {
    const period = '2027-08';
    const form = { PageID: SALES_FORM, ...salesLine(period), ProvinceName: '江苏省' };
    const foreign = await t.post('/salesReport/create', { ...form, AgentName: names.rsp }, tokens.gd);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain(labelOf('salesReport', 'AgentName'));
    expect(await salesLinesOf(period)).toBe(0);

    const own = await t.post('/salesReport/create', form, tokens.gd);
    expect(own.status, own.body.message).toBe(200);
    // Renamed afterwards to the other company: refused too, and the line stays the distributor's.
    const renamed = await t.post(
      '/salesReport/update',
      {
        PageID: SALES_FORM,
        ObjectID: own.body.results.ObjectID,
        Version: own.body.results.Version,
        AgentName: names.rsp,
      },
      tokens.gd,
    );
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toContain(labelOf('salesReport', 'AgentName'));
    const stored = await t.post('/salesReport/getOne', { ObjectID: own.body.results.ObjectID }, tokens.gd);
    expect(stored.body.results[0].AgentName).toBe(names.gd);
    // The RSP does not find it: it was never filed under the RSP's company.
    const seen = await t.post('/salesReport/getOne', { ObjectID: own.body.results.ObjectID }, tokens.rsp);
    expect(seen.status).toBe(404);
  });

  it.each([
    [-5, '不能小于 1'],
    [0, '不能小于 1'],
    ['1e3', '须为数字'],
    ['0x10', '须为数字'],
  ])('refuses a quantity of %s on the form, naming it, and writes nothing', async (quantity, words) => {
    const period = '2027-09';
    const answer = await t.post(
      '/salesReport/create',
      { PageID: SALES_FORM, ...salesLine(period), ProvinceName: '江苏省', Quantity: quantity },
      tokens.gd,
    );
    expect([answer.status, answer.body.message]).toEqual([
      400,
      `${labelOf('salesReport', 'Quantity')}：${words}`,
    ]);
    expect(await salesLinesOf(period)).toBe(0);
  });

  it.each([
    [-5, '数量不能小于1'],
    ['-5', '数量不能小于1'],
    [0, '数量不能小于1'],
    ['1e3', '数量须为整数'],
  ])(
    'refuses an imported quantity of %s by its row and column, and writes nothing',
    async (quantity, reason) => {
      const period = '2027-10';
      const answer = await upload(
        t,
        SALES,
        [salesLine(period), { ...salesLine(period, '04'), Quantity: quantity }],
        tokens.gd,
      );
      expect(answer.status).toBe(422);
      expect(answer.body.results.Rejected).toEqual([{ Row: 3, Reasons: [reason] }]);
      expect(await salesLinesOf(period)).toBe(0);
    },
  );

  it('refuses a negative stock count in an import, and takes a negative adjustment', async () => {
    const stock = (opening: number, adjustment: number, closing: number) => ({
      AgentName: names.gd,
      Period: '2027-11',
      ProductModel: model,
      OpeningQuantity: opening,
      PurchaseQuantity: 0,
      SalesQuantity: 0,
      AdjustQuantity: adjustment,
      ClosingQuantity: closing,
    });
    const before = await countOf('stockReport');
    const negative = await upload(t, 'report.distributorStockReport', [stock(-3, 0, -3)], tokens.gd);
    expect(negative.status).toBe(422);
    expect(negative.body.results.Rejected[0].Reasons).toEqual([
      `${labelOf('stockReport', 'OpeningQuantity')}不能小于0`,
      `${labelOf('stockReport', 'ClosingQuantity')}不能小于0`,
    ]);
    expect(await countOf('stockReport')).toBe(before);
  });
});

describe('targets and tasks: once per key, by the province office only', () => {
  const { max: YEAR } = planYears();
  const key = { Year: YEAR, ProvinceName: '江苏省', Brand: '111', IndicatorType: '101' };

  it('refuses a second target of a key, and a second RSP line of a target, naming the field', async () => {
    const first = await t.post('/provinceTask/create', { ...key, AnnualTask: '1000000' }, tokens.province);
    expect(first.status, first.body.message).toBe(200);
    const targets = await countOf('provinceTask');
    const second = await t.post('/provinceTask/create', { ...key, AnnualTask: '2000000' }, tokens.province);
    expect([second.status, second.body.field]).toEqual([400, 'IndicatorType']);
    expect(await countOf('provinceTask')).toBe(targets);

    const line = { ...key, AgentName: names.rsp, LoadBearingAmount: '1100000' };
    expect((await t.post('/rspTaskAllocation/create', line, tokens.province)).status).toBe(200);
    const lines = await countOf('rspTaskAllocation');
    const twice = await t.post('/rspTaskAllocation/create', line, tokens.province);
    expect([twice.status, twice.body.field]).toEqual([400, 'AgentName']);
    expect(await countOf('rspTaskAllocation')).toBe(lines);
  });

  it('refuses a city manager changing his own task, open or approved, as not his duty, and leaves it as it was', async () => {
    const found = await t.post('/cityManagerTask/search', { pageSize: 50 }, tokens.city);
    const tasks: Record<string, string | number>[] = found.body.results;
    // The demo's approved targets carry the Nanjing city manager's quarters: their tasks are locked.
    const statuses = new Set(tasks.map((task) => task.TaskApprovalStatus));
    expect(statuses, 'open and approved demo tasks of the Nanjing city manager').toContain(
      TaskApprovalStatus.approved,
    );
    expect(statuses.size).toBeGreaterThan(1);
    for (const task of tasks) {
      const change = { ObjectID: task.ObjectID, Version: task.Version, AnnualTask: '1.00' };
      const answer = await t.post('/cityManagerTask/update', change, tokens.city);
      // Whose duty it is comes before the task's state: never "locked, ask for an adjustment".
      expect([task.TaskApprovalStatus, answer.status]).toEqual([task.TaskApprovalStatus, 403]);
      const after = await t.post('/cityManagerTask/getOne', { ObjectID: task.ObjectID }, tokens.city);
      expect([after.body.results[0].AnnualTask, after.body.results[0].Version]).toEqual([
        task.AnnualTask,
        task.Version,
      ]);
    }
  });

  it("answers not found for another province's target in approval, never that it is locked", async () => {
    const foreign = await t.post(
      '/provinceTask/create',
      { ...key, ProvinceName: '浙江省', AnnualTask: '5.00' },
      tokens.admin,
    );
    expect(foreign.status, foreign.body.message).toBe(200);
    const { ObjectID, Version } = foreign.body.results;
    // Sent for approval: its own province office would now be refused with the lock's 409.
    await sql`update record set data = data || ${JSON.stringify({
      TaskApprovalStatus: TaskApprovalStatus.inApproval,
    })}::jsonb where object_id = ${ObjectID}`.execute(db());
    for (const change of [{ Remark: 'x' }, { AnnualTask: '1.00' }]) {
      const answer = await t.post('/provinceTask/update', { ObjectID, Version, ...change }, tokens.province);
      expect(answer.status, JSON.stringify(change)).toBe(404);
    }
    const still = await t.post('/provinceTask/getOne', { ObjectID }, tokens.admin);
    expect([still.body.results[0].AnnualTask, still.body.results[0].Version]).toEqual(['5.00', Version]);
  });
});

describe("an order's draft follows the entry forms the caller holds", () => {
  it('refuses an RSP whose menus no longer hold the form the draft was entered on, and writes nothing', async () => {
    const { rows } = await sql<{ id: string; version: number }>`select o.object_id::text as id, o.version
      from sales_order o join employee e on e.company_id = o.company_id and e.username = 'rsp'
      where o.approval_status = ${OrderApprovalStatus.draft}
        and o.data->>'EntryPage' = 'ordersSetup.rspHardwareOrderNew'
      order by o.order_no limit 1`.execute(db());
    expect(rows[0], "a demo draft of the RSP's hardware order form").toBeDefined();
    const { id, version } = rows[0];
    const remarkOf = async () =>
      (
        await sql<{ version: number; remark: string | null }>`select version, data->>'Remark' as remark
          from sales_order where object_id = ${id}`.execute(db())
      ).rows[0];
    const before = await remarkOf();
    const role = (
      await sql<{ code: string }>`select role_code as code from employee where username = 'rsp'`.execute(db())
    ).rows[0].code;
    const page = 'ordersSetup.rspHardwareOrderNew';
    const taken = await sql`delete from role_menu where role_code = ${role} and path = ${page}
      returning path`.execute(db());
    expect(taken.rows.length).toBe(1);
    try {
      for (const body of [{}, { PageID: page }]) {
        const answer = await t.post(
          '/order/update',
          { ...body, ObjectID: id, Version: version, Remark: 'x' },
          tokens.rsp,
        );
        expect(answer.status, JSON.stringify(body)).toBe(403);
      }
      expect(await remarkOf()).toEqual(before);
    } finally {
      await sql`insert into role_menu (role_code, menu_id, path) values (${role}, ${page}, ${page})`.execute(
        db(),
      );
    }
    // Given the form back, the RSP saves its draft.
    const own = await t.post('/order/update', { ObjectID: id, Version: version, Remark: 'x' }, tokens.rsp);
    expect(own.status, own.body.message).toBe(200);
  });
});

describe('standard prices are edited inline by product management and the sales operations desk', () => {
  it('refuses the price to every other role that reads products, and takes it from those two', async () => {
    const found = await t.post('/product/search', { pageSize: 1 }, tokens.ops);
    const product = found.body.results[0];
    const price = product.ExtStandardPrice_SDK;
    const versionOf = async () =>
      (
        await sql<{
          v: number;
        }>`select version as v from product where object_id = ${product.ObjectID}`.execute(db())
      ).rows[0].v;
    const write = async (who: string, value: string) =>
      t.post(
        '/product/update',
        { ObjectID: product.ObjectID, Version: await versionOf(), ExtStandardPrice_SDK: value },
        tokens[who],
      );
    for (const who of ['province', 'city', 'channel', 'legal', 'gd']) {
      const answer = await write(who, '1.00');
      expect(answer.status, who).toBe(403);
    }
    const stored = await t.post('/product/getOne', { ObjectID: product.ObjectID }, tokens.ops);
    expect(stored.body.results[0].ExtStandardPrice_SDK).toBe(price);
    for (const who of ['product', 'ops']) expect((await write(who, price)).status, who).toBe(200);
  });
});
