import { sql } from 'kysely';
import { businessDay } from '../../../domain/business-clock';
import { addDays } from '../../../domain/calendar-days';
import { InspectionResult, LoanStatus, LoanType } from '../../../domain/codes/loans.codes';
import { OrderApprovalStatus, OrderChangeType, ShipmentStatus } from '../../../domain/codes/orders.codes';
import { answer, type Command, expectationOf } from './command';
import { agentName, choose, inState, orderNow, versionOf } from './records';
import type { Owner, Role } from './world';

/** Sales operations ship part or all of an effective order's first line, one serial number per unit. */
const ship: Command = {
  weight: 4,
  actors: ['ops', 'ops', 'rsp', 'finance', 'newstaff'],
  async run(world, step) {
    const order = await choose(
      world.made.orders,
      step,
      inState(world, 'sales_order', 'approval_status', [OrderApprovalStatus.effective]),
    );
    if (!order) return undefined;
    const now = await orderNow(world, order.id);
    const quantity = 1 + (step.n % 3);
    const serials = Array.from({ length: quantity }, () => `SN-SIM-${world.next()}`);
    const response = await world.t.post(
      '/shipment/ship',
      {
        ObjectID: order.id,
        Version: now?.version ?? 1,
        LogisticsCompany: '顺丰速运',
        TrackingNo: `SF${world.next()}`,
        Lines: [{ LineNo: 1, Quantity: quantity, SerialNumbers: serials }],
      },
      await world.as(step.as),
    );
    if (response.status === 200)
      for (const line of response.body.results.Lines ?? [])
        world.made.shipments.push({ id: line.ObjectID, owner: order.owner });
    return answer(response, expectationOf(step.as, order.owner, ['rsp', 'ccp', 'gd']));
  },
};

/** The agent confirms a shipment's receipt; sales operations now and then report it damaged. */
const receive: Command = {
  weight: 3,
  actors: ['rsp', 'ccp', 'ops', 'newstaff'],
  async run(world, step) {
    const shipment = await choose(
      world.made.shipments,
      step,
      inState(world, 'shipment', 'shipment_status', [
        ShipmentStatus.dispatched,
        ShipmentStatus.inTransit,
        ShipmentStatus.awaitingReceipt,
      ]),
    );
    if (!shipment) return undefined;
    const response = await world.t.post(
      '/shipment/confirmReceipt',
      {
        ObjectID: shipment.id,
        Version: await versionOf(world, 'shipment', shipment.id),
        ...(step.as === 'ops' && step.n % 2 ? { ExceptionNote: '模拟月：外箱破损' } : {}),
      },
      await world.as(step.as),
    );
    return answer(response, expectationOf(step.as, shipment.owner));
  },
};

/** An agent asks to borrow a few units for a test. */
const askLoan: Command = {
  weight: 3,
  actors: ['rsp', 'rsp', 'ccp', 'ops', 'finance', 'newstaff'],
  async run(world, step) {
    const owner: Owner = step.as === 'ccp' ? 'ccp' : step.n % 5 === 4 ? 'far' : 'rsp';
    const product = world.products[step.n % world.products.length];
    const response = await world.t.post(
      '/loanOrder/create',
      {
        LoanType: LoanType.test,
        AgentName: agentName(world, owner),
        EndUserName: '模拟月测试医院',
        ExpectedReturnDate: addDays(businessDay(), 30),
        Purpose: 'POC',
        Lines: [{ ProductCode: product.code, Quantity: 1 + (step.n % 3) }],
      },
      await world.as(step.as),
    );
    if (response.status === 200) world.made.loans.push({ id: response.body.results.ObjectID, owner });
    return answer(response, expectationOf(step.as, owner));
  },
};

/** The loan's next step by its decider: agreed, shipped, written off; or a unit returned or converted to a sale. */
const LOAN_STEPS: { command: string; by: Role; payload?: Record<string, unknown> }[] = [
  { command: 'agree', by: 'province' },
  { command: 'ship', by: 'ops' },
  // A unit sold is named by its serial (the first still out, see moveLoan).
  { command: 'convert', by: 'rsp' },
  { command: 'verify', by: 'finance' },
  { command: 'reject', by: 'province', payload: { reason: '模拟月：无测试计划' } },
];

/** A shipment's payload: a serial number never used before for each unit of each line of the loan. */
async function serialsOf(world: Parameters<Command['run']>[0], loanId: string) {
  const { rows } = await sql<{ line_no: number; quantity: number }>`select line_no, quantity from loan_line
    where loan_id = ${loanId} order by line_no`.execute(world.db);
  return {
    lines: rows.map((line) => ({
      lineNo: line.line_no,
      serialNumbers: Array.from({ length: line.quantity }, () => `SIM-SN-${world.next()}`),
    })),
  };
}

/** The first unit of the loan's first line still out, by its serial: what a return or a sale ticks. */
async function firstUnitOut(world: Parameters<Command['run']>[0], loanId: string) {
  const { rows } = await sql<{ serial: string }>`select serial_no as serial from loan_serial
    where loan_id = ${loanId} and line_no = 1 and settled_as is null order by serial_no limit 1`.execute(
    world.db,
  );
  return rows.map((r) => r.serial);
}

const moveLoan: Command = {
  weight: 4,
  actors: ['province', 'ops', 'rsp', 'finance', 'ccp', 'newstaff'],
  async run(world, step) {
    const loan = await choose(
      world.made.loans,
      step,
      inState(world, 'loan_order', 'loan_status', [
        LoanStatus.inApproval,
        LoanStatus.toShip,
        LoanStatus.onLoan,
        LoanStatus.partlyReturned,
        LoanStatus.toWriteOff,
      ]),
    );
    if (!loan) return undefined;
    const token = await world.as(step.as);
    if (step.n % 6 === 5) {
      const { rows } = await sql<{
        no: string;
      }>`select loan_no as no from loan_order where object_id = ${loan.id}`.execute(world.db);
      const response = await world.t.post(
        '/loanReturn/create',
        {
          LoanNo: rows[0]?.no,
          Lines: [
            {
              LineNo: 1,
              ReturnQuantity: 1,
              InspectionResult: InspectionResult.goodRestocked,
              SerialNumbers: await firstUnitOut(world, loan.id),
            },
          ],
          TrackingNo: `SF${world.next()}`,
        },
        token,
      );
      return answer(response, expectationOf(step.as, loan.owner, ['rsp', 'ccp', 'gd']));
    }
    // The step's own decider most of the time, another role now and then.
    const next = LOAN_STEPS[step.n % LOAN_STEPS.length];
    const payload =
      next.command === 'ship'
        ? await serialsOf(world, loan.id)
        : next.command === 'convert'
          ? { lines: [{ lineNo: 1, quantity: 1, serialNumbers: await firstUnitOut(world, loan.id) }] }
          : (next.payload ?? {});
    const response = await world.t.post(
      '/workflow/decide',
      { workflow: 'loanOrder', ObjectID: loan.id, command: next.command, payload },
      token,
    );
    return answer(response, expectationOf(step.as, loan.owner));
  },
};

/** A change of an effective order's first line asked by its agent or sales operations. */
const askChange: Command = {
  weight: 3,
  actors: ['rsp', 'ops', 'ccp', 'newstaff'],
  async run(world, step) {
    const order = await choose(
      world.made.orders,
      step,
      inState(world, 'sales_order', 'approval_status', [OrderApprovalStatus.effective]),
    );
    if (!order) return undefined;
    const now = await orderNow(world, order.id);
    const response = await world.t.post(
      '/orderChange/create',
      {
        PageID: 'ordersSetup.orderChangeEdit',
        OrderNo: now?.no,
        ChangeType: OrderChangeType.quantity,
        ChangeReason: '模拟月：最终用户追加数量',
        Lines: [{ LineNo: 1, Quantity: 1 + (step.n % 5) }],
      },
      await world.as(step.as),
    );
    if (response.status === 200)
      world.made.changes.push({ id: response.body.results.ObjectID, owner: order.owner });
    return answer(response, expectationOf(step.as, order.owner));
  },
};

const CHANGE_STEPS = ['submit', 'confirm', 'agree', 'withdraw', 'confirm'] as const;

const moveChange: Command = {
  weight: 3,
  actors: ['rsp', 'ops', 'ccp', 'finance', 'newstaff'],
  async run(world, step) {
    const change = await choose(world.made.changes, step);
    if (!change) return undefined;
    const response = await world.t.post(
      '/workflow/decide',
      {
        workflow: 'orderChange',
        ObjectID: change.id,
        command: CHANGE_STEPS[step.n % CHANGE_STEPS.length],
        payload: {},
      },
      await world.as(step.as),
    );
    return answer(response, expectationOf(step.as, change.owner));
  },
};

export const goodsCommands: Record<string, Command> = {
  'shipment.ship': ship,
  'shipment.receive': receive,
  'loan.ask': askLoan,
  'loan.move': moveLoan,
  'change.ask': askChange,
  'change.move': moveChange,
};
