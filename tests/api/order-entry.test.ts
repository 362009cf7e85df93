import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../server/http/auth';
import { createOrder } from '../../server/orders/order-entry.service';
import { setApprovedLines } from '../../server/orders/pricing-execution-orders';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
const tokens: Record<string, string> = {};
let rspName: string;
let otherAgent: string;
let products: { code: string; price: string }[];
let serviceCode: string;

const SELF = 'ordersSetup.selfBuiltOrder';
const SPECIAL = 'ordersSetup.specialAdd';
const SERVICE = 'ordersSetup.serviceOrderNew';
const RSP_FORM = 'ordersSetup.rspHardwareOrderNew';
const receiver = {
  ReceiverName: '张收货',
  ReceiverPhone: '13800000000',
  ReceiverAddress: '南京市玄武区一号',
};

const selfBuilt = (agent: string, lines: unknown, extra: Record<string, unknown> = {}) => ({
  PageID: SELF,
  OrderType: '101',
  AgentName: agent,
  EndUserName: '测试最终用户',
  OrderDate: '2026-11-20',
  PaymentMethod: '101',
  DeliveryMethod: '101',
  ...receiver,
  Lines: lines,
  ...extra,
});
const create = (body: unknown, who = 'ops') => t.post('/order/create', body, tokens[who]);
const fen = (yuan: string) => BigInt(yuan.replace('.', ''));

async function one<T>(query: ReturnType<typeof sql<T>>) {
  return (await query.execute(t.database.db)).rows[0] as T;
}

/** A configuration row as the configuration pages keep it (vendor data, no company). */
async function configRow(resource: string, data: Record<string, unknown>) {
  await sql`insert into record (resource, data) values (${resource}, ${JSON.stringify(data)}::jsonb)`.execute(
    t.database.db,
  );
}

/** An execution order of an agent with approved lines, as the special-price approval leaves it. */
async function executionOrder(
  agent: string,
  companyId: string,
  lines: { code: string; price: string; qty: number }[],
) {
  const no = `ZX20261120${String(Math.floor(Math.random() * 9000) + 1000)}`;
  const row = await one(sql<{ id: string }>`insert into record (resource, company_id, province_code, data)
    values ('executionOrder', ${companyId}, (select province_code from customer where object_id = ${companyId}),
      ${JSON.stringify({ ExecutionOrderNo: no, AgentName: agent, Status: '101', ValidUntil: '2027-06-30', SpecialPriceNo: 'TJ202611010001' })}::jsonb)
    returning object_id::text as id`);
  await setApprovedLines(
    t.database.db,
    row.id,
    lines.map((l) => ({ productCode: l.code, approvedPrice: l.price, quantity: l.qty })),
  );
  return no;
}

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'rsp', 'ccp']) tokens[user] = await t.login(user, 'Demo@123456');
  tokens.admin = await t.login('admin', 'Admin@123456');
  const rsp = await one(sql<{
    name: string;
  }>`select c.name from employee e join customer c on c.object_id = e.company_id
    where e.username = 'rsp'`);
  rspName = rsp.name;
  otherAgent = (
    await one(sql<{ name: string }>`select name from customer where status = '161' and customer_type = '111'
      and name <> ${rspName} order by account_id limit 1`)
  ).name;
  products = (
    await sql<{
      code: string;
      price: string;
    }>`select product_code as code, standard_price::text as price from product
      where standard_price > 100 and coalesce(category, '') <> '181' order by product_code limit 4`.execute(
      t.database.db,
    )
  ).rows;
  serviceCode = (
    await one(
      sql<{
        code: string;
      }>`select product_code as code from product where category = '181' order by product_code limit 1`,
    )
  ).code;
});
afterAll(() => t?.close());

describe('entering an order', () => {
  it('prices two lines at the standard price and totals them exactly, in the agent’s scope, as a draft', async () => {
    const [a, b] = products;
    const { status, body } = await create(
      selfBuilt(rspName, [
        { ProductCode: a.code, Quantity: 3 },
        { ProductCode: b.code, Quantity: '2' },
      ]),
    );
    expect(status, body.message).toBe(200);
    const order = body.results;
    expect(order.OrderNo).toMatch(/^DD\d{12}$/);
    expect(order.ApprovalStatus).toBe('101');
    expect(order.OrderChannel).toBe('101');
    expect(order.Lines.map((l: { UnitPrice: string }) => l.UnitPrice)).toEqual([a.price, b.price]);
    expect(fen(order.OrderAmount)).toBe(fen(a.price) * 3n + fen(b.price) * 2n);
    // The agent's own staff see it; the detail page reads its lines.
    const seen = await t.post('/order/lines', { ObjectID: order.ObjectID }, tokens.rsp);
    expect(seen.body.results).toHaveLength(2);
    expect(seen.body.results[1].LineAmount).toBe(order.Lines[1].LineAmount);
    // Another agent does not.
    expect((await t.post('/order/lines', { ObjectID: order.ObjectID }, tokens.ccp)).status).toBe(404);
  });

  it('requires the fields of the form it is entered on, named by label, and no others', async () => {
    const lines = [{ ProductCode: products[0].code, Quantity: 1 }];
    const missingEndUser = await create(selfBuilt(rspName, lines, { EndUserName: '' }));
    expect(missingEndUser.status).toBe(400);
    expect(missingEndUser.body.message).toBe('最终用户必填');
    expect(missingEndUser.body.field).toBe('EndUserName');
    const special = await create({ ...selfBuilt(rspName, lines), PageID: SPECIAL, OrderType: undefined });
    expect(special.body.message).toBe('执行单号必填');
    const service = await create({
      PageID: SERVICE,
      AgentName: rspName,
      EndUserName: 'x',
      ServiceType: '101',
      ServiceStartDate: '2026-11-20',
      ServiceEndDate: '2027-11-19',
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ContactName: '联系人',
      ContactPhone: '13800000000',
      Lines: lines,
    });
    expect(service.body.message).toBe('关联硬件订单号必填');
    const rspForm = await create({ ...selfBuilt(rspName, lines), PageID: RSP_FORM, OrderType: undefined });
    expect(rspForm.body.message).toBe('产品线必填');
    const noLines = await create(selfBuilt(rspName, []));
    expect(noLines.status).toBe(400);
    expect(noLines.body.message).toBe('请至少添加一行订单明细');
  });

  it('refuses a price below standard without an execution order, naming the line', async () => {
    const [a] = products;
    const below = (fen(a.price) - 1n).toString();
    const { status, body } = await create(
      selfBuilt(rspName, [
        { ProductCode: a.code, Quantity: 1, UnitPrice: `${below.slice(0, -2)}.${below.slice(-2)}` },
      ]),
    );
    expect(status).toBe(400);
    expect(body.message).toContain('第1行：单价（元）低于标准价');
    expect(body.field).toBe('UnitPrice');
  });

  it('refuses malformed and huge quantities and prices with 400', async () => {
    const code = products[0].code;
    for (const Quantity of [0, -1, 1.5, 'abc', 1e12, '99999999999', null, { n: 1 }]) {
      const { status, body } = await create(selfBuilt(rspName, [{ ProductCode: code, Quantity }]));
      expect(status, String(Quantity)).toBe(400);
      expect(body.message).toMatch(/第1行：数量/);
    }
    for (const UnitPrice of ['1e9', '-5', '1.234', '12345678901234567.00', 'NaN']) {
      const { status } = await create(selfBuilt(rspName, [{ ProductCode: code, Quantity: 1, UnitPrice }]));
      expect(status, UnitPrice).toBe(400);
    }
    expect(
      (await create(selfBuilt(rspName, [{ ProductCode: 'NO-SUCH', Quantity: 1 }]))).body.message,
    ).toContain('NO-SUCH 不存在');
    expect((await create(selfBuilt(rspName, 'lines'))).status).toBe(400);
  });

  it('lets an agent order for its own company only', async () => {
    const lines = [{ ProductCode: products[0].code, Quantity: 1 }];
    const own = await create(selfBuilt(rspName, lines), 'rsp');
    expect(own.status, own.body.message).toBe(200);
    const other = await create(selfBuilt(otherAgent, lines), 'rsp');
    expect([403, 404]).toContain(other.status);
    expect(other.body.state).toBe(false);
  });

  it('enters an order only on a form the caller’s menu offers', async () => {
    const lines = [{ ProductCode: products[0].code, Quantity: 1 }];
    const { status } = await create(
      { ...selfBuilt(rspName, lines), PageID: RSP_FORM, OrderType: undefined, ProductLine: '服务器' },
      'ccp',
    );
    expect(status).toBe(403);
    expect(
      (await create({ ...selfBuilt(rspName, lines), PageID: 'ordersSetup.selfBuiltOrders' })).status,
    ).toBe(400);
  });

  it('refuses a stale Version and edits only drafts', async () => {
    const created = (await create(selfBuilt(rspName, [{ ProductCode: products[0].code, Quantity: 1 }]))).body
      .results;
    const edited = await t.post(
      '/order/update',
      {
        ObjectID: created.ObjectID,
        Version: created.Version,
        Lines: [{ ProductCode: products[1].code, Quantity: 4 }],
      },
      tokens.ops,
    );
    expect(edited.status, edited.body.message).toBe(200);
    expect(fen(edited.body.results.OrderAmount)).toBe(fen(products[1].price) * 4n);
    const stale = await t.post(
      '/order/update',
      { ObjectID: created.ObjectID, Version: created.Version, Remark: 'x' },
      tokens.ops,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('数据已被他人修改，请刷新后重试');
    const current = edited.body.results;
    await sql`update sales_order set approval_status = '111' where object_id = ${current.ObjectID}`.execute(
      t.database.db,
    );
    const submitted = await t.post(
      '/order/update',
      { ObjectID: current.ObjectID, Version: current.Version, Remark: 'x' },
      tokens.ops,
    );
    // The refusal names the field sent, as the form shows it locked in that state.
    expect([submitted.status, submitted.body.field, submitted.body.message]).toEqual([
      409,
      'Remark',
      '审批状态为「审批中」时，备注不可修改',
    ]);
    const nothing = await t.post(
      '/order/update',
      { ObjectID: current.ObjectID, Version: current.Version },
      tokens.ops,
    );
    expect([nothing.status, nothing.body.message]).toEqual([409, '只有草稿或已退回的订单可以修改']);
  });
});

describe('special-price orders through an execution order', () => {
  let zx: string;
  let approved: string;
  beforeAll(async () => {
    const company = await one(
      sql<{ id: string }>`select object_id::text as id from customer where name = ${rspName}`,
    );
    const [a] = products;
    const price = (fen(a.price) * 80n) / 100n;
    approved = `${price / 100n}.${String(price % 100n).padStart(2, '0')}`;
    zx = await executionOrder(rspName, company.id, [{ code: a.code, price: approved, qty: 10 }]);
  });
  const special = (lines: unknown[], no = zx) => ({
    PageID: SPECIAL,
    ExecutionOrderNo: no,
    OpportunityNo: undefined,
    AgentName: rspName,
    EndUserName: '特价最终用户',
    ContractNo: 'HT2026110001',
    OrderDate: '2026-11-20',
    PaymentMethod: '101',
    DeliveryMethod: '101',
    ...receiver,
    Lines: lines,
  });

  it('takes the approved price, refuses below it, and draws the approved quantity down', async () => {
    const code = products[0].code;
    const below = await create(special([{ ProductCode: code, Quantity: 1, UnitPrice: '0.01' }]), 'rsp');
    expect(below.status).toBe(400);
    expect(below.body.message).toContain(`低于执行单批复价 ${approved} 元`);
    const ok = await create(special([{ ProductCode: code, Quantity: 6 }]), 'rsp');
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.results.Lines[0].UnitPrice).toBe(approved);
    expect(ok.body.results.SpecialPriceNo).toBe('TJ202611010001');
    const over = await create(special([{ ProductCode: code, Quantity: 5 }]), 'rsp');
    expect(over.status).toBe(400);
    expect(over.body.message).toContain('剩余可执行数量 4');
    const rest = await create(special([{ ProductCode: code, Quantity: 4 }]), 'rsp');
    expect(rest.status).toBe(200);
    const zxRow = await one(sql<{ status: string }>`select data->>'Status' as status from record
      where resource = 'executionOrder' and data->>'ExecutionOrderNo' = ${zx}`);
    expect(zxRow.status).toBe('121');
  });

  it('shows its approved lines with what orders drew and what is left, within the reader’s scope', async () => {
    const idOf = async (no: string) =>
      (
        await one(sql<{ id: string }>`select object_id::text as id from record
          where resource = 'executionOrder' and data->>'ExecutionOrderNo' = ${no}`)
      ).id;
    const id = await idOf(zx);
    const read = await t.post('/executionOrder/lines', { ObjectID: id }, tokens.rsp);
    expect(read.status, read.body.message).toBe(200);
    const drawn = await one(sql<{ n: number }>`select coalesce(sum(i.quantity), 0)::int as n from order_item i
      join execution_order_line l on l.object_id = i.execution_order_line_id where l.execution_order_id = ${id}`);
    expect(read.body.results).toEqual([
      {
        LineNo: 1,
        ProductCode: products[0].code,
        ProductName: expect.any(String),
        ApprovedPrice: approved,
        ApprovedQuantity: 10,
        DrawnQuantity: drawn.n,
        RemainingQuantity: 10 - drawn.n,
      },
    ]);
    // Another company's execution order is not found, as its record is not.
    const other = await one(
      sql<{ id: string }>`select object_id::text as id from customer where name = ${otherAgent}`,
    );
    const theirs = await executionOrder(otherAgent, other.id, [
      { code: products[1].code, price: '1.00', qty: 2 },
    ]);
    expect((await t.post('/executionOrder/lines', { ObjectID: await idOf(theirs) }, tokens.rsp)).status).toBe(
      404,
    );
  });

  it("does not find another company's execution order", async () => {
    const other = await one(
      sql<{ id: string }>`select object_id::text as id from customer where name = ${otherAgent}`,
    );
    const theirs = await executionOrder(otherAgent, other.id, [
      { code: products[1].code, price: '1.00', qty: 5 },
    ]);
    const { status } = await create(special([{ ProductCode: products[1].code, Quantity: 1 }], theirs), 'rsp');
    expect(status).toBe(404);
  });
});

describe('service and RSP hardware orders', () => {
  it('sells a service only for a product of the related order, and a controlled part only with its service type', async () => {
    const hardware = (await create(selfBuilt(rspName, [{ ProductCode: products[2].code, Quantity: 2 }]))).body
      .results;
    const service = (serviceType: string) => ({
      PageID: SERVICE,
      AgentName: rspName,
      EndUserName: '服务最终用户',
      RelatedOrderNo: hardware.OrderNo,
      ServiceType: serviceType,
      ServiceStartDate: '2026-11-20',
      ServiceEndDate: '2027-11-19',
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ContactName: '联系人',
      ContactPhone: '13800000000',
      Lines: [{ ProductCode: serviceCode, Quantity: 2 }],
    });
    const unconstrained = await create(service('101'));
    expect(unconstrained.status).toBe(400);
    expect(unconstrained.body.message).toContain('没有与所选服务类型匹配的服务-产品约束');
    for (const type of ['101', '111'])
      await configRow('serviceProductConstraint', {
        ServicePn: serviceCode,
        pn: products[2].code,
        ExtConstraintServiceType_SDK: type,
        Enabled: true,
      });
    await configRow('controlledPart', { PartNumber: products[2].code, ServiceType: '111', Enabled: true });
    const controlled = await create(service('101'));
    expect(controlled.status).toBe(400);
    expect(controlled.body.message).toContain(`${products[2].code} 为受控料号`);
    const allowed = await create(service('111'));
    expect(allowed.status, allowed.body.message).toBe(200);
    expect(allowed.body.results.OrderType).toBe('121');
    // Listed for a second service type too, the part is sold with either of them, with no third.
    await configRow('controlledPart', { PartNumber: products[2].code, ServiceType: '101', Enabled: true });
    const either = await create(service('101'));
    expect(either.status, either.body.message).toBe(200);
    await configRow('serviceProductConstraint', {
      ServicePn: serviceCode,
      pn: products[2].code,
      ExtConstraintServiceType_SDK: '121',
      Enabled: true,
    });
    const third = await create(service('121'));
    expect(third.status).toBe(400);
    expect(third.body.message).toContain(`${products[2].code} 为受控料号`);
  });

  it('takes a service order into effect only after its hardware order', async () => {
    const hardware = (await create(selfBuilt(rspName, [{ ProductCode: products[2].code, Quantity: 1 }]))).body
      .results;
    const entered = await create({
      PageID: SERVICE,
      AgentName: rspName,
      EndUserName: '服务最终用户',
      RelatedOrderNo: hardware.OrderNo,
      ServiceType: '111',
      ServiceStartDate: '2026-11-20',
      ServiceEndDate: '2027-11-19',
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ContactName: '联系人',
      ContactPhone: '13800000000',
      Lines: [{ ProductCode: serviceCode, Quantity: 1 }],
    });
    expect(entered.status, entered.body.message).toBe(200);
    const serviceOrder = entered.body.results;
    const decide = (id: string, command: string) =>
      t.post(
        '/workflow/decide',
        { workflow: 'orderApproval', ObjectID: id, command, payload: {} },
        tokens.ops,
      );
    expect(
      (await t.post('/orderApproval/submit', { ObjectID: serviceOrder.ObjectID }, tokens.ops)).status,
    ).toBe(200);
    const early = await decide(serviceOrder.ObjectID, 'agree');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      `关联硬件订单 ${hardware.OrderNo} 尚未生效：服务订单须在其硬件订单生效后才能生效`,
    );
    expect((await t.post('/orderApproval/submit', { ObjectID: hardware.ObjectID }, tokens.ops)).status).toBe(
      200,
    );
    expect((await decide(hardware.ObjectID, 'agree')).body.results?.State).toBe('approved');
    expect((await decide(serviceOrder.ObjectID, 'agree')).body.results?.State).toBe('approved');
  });

  it('carries the configured RSP cash discount', async () => {
    await configRow('cashDiscountConfig', {
      AgentName: rspName,
      DiscountType: '101',
      DiscountRate: 0.4,
      ThresholdAmount: '0.00',
      StartDate: '2026-01-01',
      EndDate: '2026-12-31',
      Enabled: true,
    });
    const { status, body } = await create(
      {
        ...selfBuilt(rspName, [{ ProductCode: products[3].code, Quantity: 7 }]),
        PageID: RSP_FORM,
        OrderType: undefined,
        ProductLine: '服务器',
      },
      'rsp',
    );
    expect(status, body.message).toBe(200);
    const amount = fen(body.results.OrderAmount);
    expect(fen(body.results.CashDiscountAmount)).toBe((amount * 4000n) / 1_000_000n);
    expect(fen(body.results.PayableAmount)).toBe(amount - fen(body.results.CashDiscountAmount));
  });
});

describe('money', () => {
  it('an order total is the exact sum of its lines, whatever the lines', async () => {
    const ops =
      await one(sql<Caller>`select e.object_id::text as "employeeId", e.username, e.last_name as "lastName",
      e.role_code as "roleCode", r.data_scope as "dataScope", e.province_code as "provinceCode", e.city_code as "cityCode",
      e.company_id::text as "companyId", '' as "tokenHash", false as "mustChangePassword"
      from employee e join role r on r.code = e.role_code where e.username = 'ops'`);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            product: fc.integer({ min: 0, max: products.length - 1 }),
            quantity: fc.integer({ min: 1, max: 1_000_000 }),
            extraFen: fc.bigInt({ min: 0n, max: 10n ** 8n }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (drawn) => {
          const lines = drawn.map((l) => {
            const unit = fen(products[l.product].price) + l.extraFen;
            return {
              ProductCode: products[l.product].code,
              Quantity: l.quantity,
              UnitPrice: `${unit / 100n}.${String(unit % 100n).padStart(2, '0')}`,
            };
          });
          const order = await createOrder(t.database.db, ops, selfBuilt(rspName, lines));
          const sum = order.Lines.reduce(
            (s: bigint, l: Record<string, unknown>) => s + fen(String(l.LineAmount)),
            0n,
          );
          expect(fen(String(order.OrderAmount))).toBe(sum);
          const expected = drawn.reduce(
            (s, l) => s + (fen(products[l.product].price) + l.extraFen) * BigInt(l.quantity),
            0n,
          );
          expect(sum).toBe(expected);
        },
      ),
      { numRuns: 15, seed: 20261124 },
    );
  });
});
