import { sql } from 'kysely';
import { DeliveryMethod, OrderApprovalStatus, OrderType } from '../../../domain/codes/orders.codes';
import { PaymentMethod } from '../../../domain/codes/payments.codes';
import { answer, type Command, expectationOf, type Step } from './command';
import { agentName, choose, inState, OWNERS, orderNow, yuan } from './records';
import type { Made, Owner, Role, World } from './world';

const receiver = {
  ReceiverName: '张收货',
  ReceiverPhone: '13800000000',
  ReceiverAddress: '南京市玄武区一号',
};
const common = (world: World, owner: Owner) => ({
  AgentName: agentName(world, owner),
  EndUserName: '模拟月最终用户',
  OrderDate: '2026-11-20',
  PaymentMethod: PaymentMethod.wireTransfer,
  DeliveryMethod: DeliveryMethod.directFromVendor,
  ...receiver,
});

/** Whose order an actor enters: staff of an agent their own company's, now and then another's. */
function ownerFor(as: Role, n: number): Owner {
  if ((as === 'rsp' || as === 'ccp') && n % 7 !== 3) return as;
  return OWNERS[n % OWNERS.length];
}

/** The lines and form of a new order: a standard order, an RSP order using rebate, or one against an execution order. */
async function orderForm(world: World, owner: Owner, n: number) {
  const product = world.products[n % world.products.length];
  const quantity = 1 + (n % 3);
  const form = n % 4;
  if (form === 1)
    return {
      PageID: 'ordersSetup.rspHardwareOrderNew',
      ProductLine: '服务器',
      // Rebate used on the order: frozen at submission, used once effective, released on a way back.
      RebateDeduction: yuan(100 * (1 + (n % 50))),
      Lines: [{ ProductCode: product.code, Quantity: quantity }],
    };
  if (form === 2) {
    // The owner's own execution orders, now and then another agent's, which order entry refuses.
    const executions = world.made.executionOrders.filter((e) => n % 9 === 0 || e.owner === owner);
    const execution = executions[n % Math.max(1, executions.length)];
    if (execution) {
      const { rows } = await sql<{
        no: string;
        code: string;
        open: number;
      }>`select r.data->>'ExecutionOrderNo' as no,
          l.product_code as code, l.approved_quantity - l.drawn_quantity as open
        from record r join execution_order_line l on l.execution_order_id = r.object_id
        where r.object_id = ${execution.id} order by l.line_no`.execute(world.db);
      const line = rows[n % Math.max(1, rows.length)];
      if (line)
        return {
          PageID: 'ordersSetup.specialAdd',
          ExecutionOrderNo: line.no,
          ContractNo: `HT-SIM-${world.next()}`,
          // Now and then more than is left, which the execution order refuses.
          Lines: [
            {
              ProductCode: line.code,
              Quantity: n % 6 === 5 ? line.open + 1 : Math.max(1, Math.min(quantity, line.open)),
            },
          ],
        };
    }
  }
  return {
    PageID: 'ordersSetup.selfBuiltOrder',
    OrderType: OrderType.standard,
    Lines: [{ ProductCode: product.code, Quantity: quantity }],
  };
}

const enter: Command = {
  weight: 8,
  actors: ['ops', 'rsp', 'ccp', 'rsp', 'city', 'finance', 'gd', 'newstaff'],
  async run(world, step) {
    const owner = ownerFor(step.as, step.n);
    const body = { ...common(world, owner), ...(await orderForm(world, owner, step.n)) };
    const response = await world.t.post('/order/create', body, await world.as(step.as));
    if (response.status === 200) world.made.orders.push({ id: response.body.results.ObjectID, owner });
    return answer(response, expectationOf(step.as, owner));
  },
};

/** A command on one order the month entered, chosen among those in `states` for most draws. */
function onOrder(
  weight: number,
  actors: Role[],
  states: string[],
  act: (world: World, order: Made, step: Step) => Promise<{ status: number; body: { message?: string } }>,
): Command {
  return {
    weight,
    actors,
    async run(world, step) {
      const order = await choose(
        world.made.orders,
        step,
        inState(world, 'sales_order', 'approval_status', states),
      );
      if (!order) return undefined;
      return answer(await act(world, order, step), expectationOf(step.as, order.owner));
    },
  };
}

const decide = async (world: World, id: string, as: Role, command: string, payload = {}) =>
  world.t.post(
    '/workflow/decide',
    { workflow: 'orderApproval', ObjectID: id, command, payload },
    await world.as(as),
  );

const DECISIONS = ['agree', 'agree', 'agree', 'reject', 'return'] as const;
const { draft, awaitingReview, effective } = OrderApprovalStatus;

export const orderCommands: Record<string, Command> = {
  'order.enter': enter,
  'order.edit': onOrder(2, ['ops', 'rsp', 'ccp', 'newstaff'], [draft], async (world, order, step) => {
    const now = await orderNow(world, order.id);
    const product = world.products[step.n % world.products.length];
    return world.t.post(
      '/order/update',
      {
        ObjectID: order.id,
        Version: now?.version ?? 1,
        Lines: [{ ProductCode: product.code, Quantity: 1 + (step.n % 4) }],
      },
      await world.as(step.as),
    );
  }),
  'order.submit': onOrder(6, ['rsp', 'ccp', 'ops', 'newstaff'], [draft], async (world, order, step) =>
    world.t.post('/orderApproval/submit', { ObjectID: order.id }, await world.as(step.as)),
  ),
  'order.decide': onOrder(
    6,
    ['ops', 'finance', 'vp', 'rsp', 'newstaff'],
    [awaitingReview],
    async (world, order, step) => {
      const command = DECISIONS[step.n % DECISIONS.length];
      return decide(
        world,
        order.id,
        step.as,
        command,
        command === 'agree' ? {} : { reason: '模拟月：资料不全' },
      );
    },
  ),
  'order.withdraw': onOrder(1, ['rsp', 'ccp', 'ops'], [awaitingReview], async (world, order, step) =>
    decide(world, order.id, step.as, 'withdraw'),
  ),
  'order.cancel': onOrder(
    3,
    ['ops', 'rsp', 'ccp', 'newstaff'],
    [draft, awaitingReview, effective],
    async (world, order, step) => decide(world, order.id, step.as, 'cancel', { reason: '模拟月：客户取消' }),
  ),
  'order.delete': onOrder(3, ['ops', 'rsp', 'ccp', 'city', 'newstaff'], [draft], async (world, order, step) =>
    world.t.post('/order/delete', { ObjectID: order.id }, await world.as(step.as)),
  ),
};
