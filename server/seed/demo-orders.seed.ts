import { fenToYuanString } from '../../domain/money';
import type { Db } from '../db/database';
import { ROLE } from '../identity/roles';
import { resources } from '../resources/registry';
import { BASE_COLUMNS, insertRows } from './bulk';
import { endUserName, poolNumber } from './demo-text';
import { fillFields } from './demo-values';
import type { DemoCustomer, DemoOrder, DemoProduct, DemoWorld, FillContext } from './demo-world';
import { addDays, DEMO_TODAY, notAfterToday, type Random } from './random';
import { cityShort } from './regions.seed';

export const DEMO_ORDERS = 600;
const DAYS = 548;

/** Quantity ranges per product category: servers by the unit, PCs by the batch. */
const QUANTITY: Record<string, [number, number]> = {
  '101': [1, 12],
  '111': [1, 4],
  '121': [5, 150],
  '131': [5, 100],
  '141': [1, 40],
  '151': [1, 10],
  '161': [5, 80],
  '171': [1, 4],
  '181': [1, 10],
};

interface Line {
  product: DemoProduct;
  quantity: number;
  unitFen: number;
}
interface Draft extends DemoOrder {
  at: string;
  lines: Line[];
  type: string;
  approval: string;
  payment: string;
  delivery: string;
  invoicing: string;
  synch: string | null;
}

const w = <T extends string>(...pairs: [T, number][]) => pairs;

function statuses(rng: Random, age: number, partner: boolean) {
  const approval = partner
    ? rng.weighted(w(['121', 95], ['151', 3], ['141', 2]))
    : age < 7
      ? rng.weighted(w(['101', 2], ['111', 4], ['121', 3], ['131', 1]))
      : rng.weighted(w(['121', 85], ['131', 4], ['141', 4], ['151', 2], ['111', 3], ['101', 2]));
  const effective = approval === '121' || approval === '151';
  const payment = !effective
    ? '101'
    : age > 120
      ? rng.weighted(w(['121', 75], ['111', 12], ['101', 10], ['131', 3]))
      : age > 30
        ? rng.weighted(w(['121', 40], ['111', 30], ['101', 30]))
        : rng.weighted(w(['121', 10], ['111', 20], ['101', 70]));
  const delivery = !effective
    ? '101'
    : age > 60
      ? rng.weighted(w(['131', 70], ['121', 20], ['111', 5], ['101', 5]))
      : age > 14
        ? rng.weighted(w(['121', 40], ['131', 20], ['111', 25], ['101', 15]))
        : rng.weighted(w(['101', 60], ['111', 25], ['121', 15]));
  const invoicing =
    payment === '121' || payment === '131'
      ? rng.weighted(w(['121', 70], ['111', 15], ['101', 10], ['131', 5]))
      : payment === '111'
        ? rng.weighted(w(['111', 50], ['101', 50]))
        : '101';
  const synch = partner
    ? rng.weighted(w(['SUCCESS', 88], ['FAIL', 5], ['PENDING', 4], ['PROCESSING', 3]))
    : null;
  return { approval, payment, delivery, invoicing, synch };
}

/** 600 orders over the last 18 months on both lines, with 1–4 items each; amounts in integer fen. */
export function buildOrders(world: DemoWorld): Draft[] {
  const rng = world.rng.fork('orders');
  const active = world.customers.filter((c) => c.status === '161' || c.status === '171');
  const byType = (type: string) => active.filter((c) => c.type === type);
  const [gds, rsps, ccps] = [byType('101'), byType('111'), byType('121')];
  const drafts: Draft[] = [];
  for (let i = 0; i < DEMO_ORDERS; i += 1) {
    // Recent months are busier: ages are drawn towards today.
    const age = Math.floor(DAYS * rng.next() ** 1.3);
    const day = addDays(DEMO_TODAY, -age);
    // The demo accounts' companies get a fair share, so their order pages are full.
    const who = rng.weighted<() => DemoCustomer>([
      [() => world.demoRsp, 8],
      [() => world.demoCcp, 5],
      [() => world.demoGd, 3],
      [() => rng.pick(gds), 5],
      [() => rng.pick(rsps), 35],
      [() => rng.pick(ccps), 44],
    ])();
    const partner = rng.chance(0.3);
    const type = partner ? '141' : rng.weighted(w(['101', 60], ['111', 20], ['121', 10], ['131', 10]));
    const pool = type === '121' ? world.products.filter((p) => p.category === '181') : world.products;
    const lines = rng.sample(pool, rng.int(1, 4)).map((product) => {
      const [low, high] = QUANTITY[product.category];
      const discount = type === '111' ? rng.int(60, 85) : rng.int(85, 100);
      return {
        product,
        quantity: rng.int(low, high),
        unitFen: Math.round((product.priceFen * discount) / 100),
      };
    });
    drafts.push({
      id: rng.uuid(),
      no: '',
      day,
      at: rng.timeOn(day),
      agent: who,
      endUser: endUserName(rng, cityShort(who.city)),
      channel: partner ? '111' : '101',
      type,
      lines,
      amountFen: lines.reduce((sum, l) => sum + l.quantity * l.unitFen, 0),
      product: lines[0].product,
      ...statuses(rng, age, partner),
    });
  }
  drafts.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  for (const d of drafts) d.no = world.numbers.next('DD', d.day);
  world.orders = drafts;
  return drafts;
}

const fraction = (rng: Random, fen: number, low: number, high: number) =>
  Math.round((fen * rng.int(low, high)) / 100);

export async function insertOrders(db: Db, world: DemoWorld, drafts: Draft[]) {
  const rng = world.rng.fork('order-rows');
  const orderDef = resources.get('order')!;
  const itemDef = resources.get('orderItem')!;
  const orders: Record<string, unknown>[] = [];
  const items: Record<string, unknown>[] = [];
  drafts.forEach((o, index) => {
    const { agent } = o;
    const ctx: FillContext = {
      resource: 'order',
      index,
      day: o.day,
      province: agent.province,
      city: agent.city,
      agent,
      order: o,
      product: o.product,
      company: o.endUser,
    };
    const data = fillFields(world, rng, orderDef, ctx);
    const rebate = rng.chance(0.2) ? fraction(rng, o.amountFen, 1, 5) : 0;
    const cash = agent.type === '111' && rng.chance(0.3) ? Math.round(o.amountFen / 100) : 0;
    const payable = o.amountFen - rebate - cash;
    const paid =
      { '101': 0, '111': fraction(rng, payable, 20, 80), '121': payable }[o.payment] ?? payable + 100_00;
    const invoiced = { '111': fraction(rng, payable, 30, 70), '121': payable }[o.invoicing] ?? 0;
    const decided = ['121', '131', '151'].includes(o.approval);
    const done = o.delivery === '131' && o.payment === '121' && o.invoicing === '121';
    Object.assign(data, {
      RebateDeduction: fenToYuanString(rebate),
      CashDiscountAmount: fenToYuanString(cash),
      PayableAmount: fenToYuanString(payable),
      PaidAmount: fenToYuanString(paid),
      UnpaidAmount: fenToYuanString(Math.max(0, payable - paid)),
      InvoicedAmount: fenToYuanString(invoiced),
      OrderStatus: ['131', '141'].includes(o.approval) ? '121' : done ? '111' : '101',
      SubmittedOn: o.approval === '101' ? null : o.day,
      ApprovedOn: decided ? notAfterToday(addDays(o.day, rng.int(0, 3))) : null,
      ApprovalNode: decided ? '审批完成' : o.approval === '111' ? '商务审核' : null,
      Approver: decided ? '钱商务' : null,
      ApprovalOpinion: o.approval === '131' ? '价格低于授权底价，请重新提交' : decided ? '同意' : null,
      RequiredDeliveryDate: addDays(o.day, rng.int(7, 45)),
      ProductLine: o.product.line,
      PartnerOrderNo: o.channel === '111' ? data.PartnerOrderNo : null,
      SynchTime: o.channel === '111' ? o.at : null,
      OpportunityNo: o.type === '111' ? data.OpportunityNo : null,
      SpecialPriceNo: o.type === '111' ? data.SpecialPriceNo : null,
      ExecutionOrderNo: o.type === '111' ? data.ExecutionOrderNo : null,
      RelatedOrderNo: o.type === '131' ? poolNumber(world, rng, 'JH').no : null,
    });
    // A general distributor buys from the vendor itself: no distributor in between.
    if (agent.type === '101') for (const key of ['SupplierName', 'DistributorName']) delete data[key];
    if (o.type !== '121')
      for (const key of ['ServiceType', 'WarrantyService', 'ServiceStartDate', 'ServiceEndDate'])
        delete data[key];
    for (const key of Object.keys(data)) if (data[key] === null) delete data[key];
    const scope = {
      created_at: o.at,
      updated_at: o.at,
      created_by_name: (data.ContactName as string | undefined) ?? agent.name,
      updated_by_name: (data.ContactName as string | undefined) ?? agent.name,
      company_id: agent.id,
      province_code: agent.province.code,
      city_code: agent.city.code,
    };
    orders.push({
      object_id: o.id,
      ...scope,
      data,
      order_no: o.no,
      order_channel: o.channel,
      order_type: o.type,
      agent_name: agent.name,
      end_user_name: o.endUser,
      contract_no: rng.chance(0.9) ? `HT${o.day.slice(0, 4)}${rng.digits(6)}` : null,
      order_date: o.day,
      order_amount: fenToYuanString(o.amountFen),
      approval_status: o.approval,
      payment_status: o.payment,
      delivery_status: o.delivery,
      invoicing_status: o.invoicing,
      synch_state: o.synch,
      city_manager_name: cityManagerOf(world, agent),
    });
    for (const line of o.lines) {
      const itemData = fillFields(world, rng, itemDef, {
        ...ctx,
        resource: 'orderItem',
        product: line.product,
      });
      const shipped = { '101': 0, '111': rng.int(0, line.quantity) }[o.delivery] ?? line.quantity;
      Object.assign(itemData, {
        OrderChannel: o.channel,
        OrderDate: o.day,
        AgentName: agent.name,
        EndUserName: o.endUser,
        CustomerName: o.endUser,
        ProvinceName: agent.province.nameZh,
        ProductModel: line.product.model,
        LineAmount: fenToYuanString(line.quantity * line.unitFen),
        ShippedQuantity: shipped,
        ItemPaymentStatus:
          o.payment === '101' ? '101' : o.payment === '111' ? rng.pick(['101', '111', '121']) : '121',
      });
      items.push({
        object_id: rng.uuid(),
        ...scope,
        data: itemData,
        order_id: o.id,
        order_no: o.no,
        product_code: line.product.code,
        quantity: line.quantity,
        unit_price: fenToYuanString(line.unitFen),
      });
    }
  });
  const orderColumns = Object.fromEntries(
    [
      'order_no',
      'order_channel',
      'order_type',
      'agent_name',
      'end_user_name',
      'contract_no',
      'approval_status',
    ]
      .concat(['payment_status', 'delivery_status', 'invoicing_status', 'synch_state', 'city_manager_name'])
      .map((c) => [c, 'text' as const]),
  );
  await insertRows(
    db,
    'sales_order',
    { ...BASE_COLUMNS, ...orderColumns, order_date: 'date', order_amount: 'numeric' },
    orders,
  );
  await insertRows(
    db,
    'order_item',
    {
      ...BASE_COLUMNS,
      order_id: 'uuid',
      order_no: 'text',
      product_code: 'text',
      quantity: 'integer',
      unit_price: 'numeric',
    },
    items,
  );
}

/** The city manager of the agent's city, else one of its province. */
function cityManagerOf(world: DemoWorld, agent: DemoCustomer): string {
  const managers = world.staff.filter((s) => s.roleCode === ROLE.cityManager);
  return (
    managers.find((s) => s.cityCode === agent.city.code) ??
    managers.find((s) => s.provinceCode === agent.province.code) ??
    managers[0]
  ).name;
}
