import { sql } from 'kysely';
import { Brand } from '../../../domain/codes/products.codes';
import { SalesCustomerType } from '../../../domain/codes/reports.codes';
import { TaskIndicatorType } from '../../../domain/codes/sales-tasks.codes';
import { makeCreditCode } from '../../../domain/credit-code';
import { upload } from '../report-upload';
import { answer, type Command, expectationOf } from './command';
import { agentName, choose, yuan } from './records';
import type { World } from './world';

const PROVINCE = '江苏省';
/** Two years and two indicators: a target for a key already set comes up often, as it does in a real office. */
const keyOf = (n: number) => ({
  Year: 2027 + (n % 2),
  ProvinceName: PROVINCE,
  Brand: Brand.ownBrand,
  IndicatorType: n % 4 < 2 ? TaskIndicatorType.sellIn : TaskIndicatorType.sellOut,
});

const setTarget: Command = {
  weight: 3,
  actors: ['province', 'province', 'ops', 'rsp', 'newstaff'],
  async run(world, step) {
    const response = await world.t.post(
      '/provinceTask/create',
      { ...keyOf(step.n), AnnualTask: yuan(100_000_00 * (1 + (step.n % 9))) },
      await world.as(step.as),
    );
    if (response.status === 200) world.made.tasks.push({ id: response.body.results.ObjectID, owner: 'rsp' });
    return answer(response, expectationOf(step.as, undefined, ['rsp', 'ccp', 'gd']));
  },
};

/** The target's key, read back from the target the command acts on. */
async function keyOfTarget(world: World, id: string) {
  const { rows } = await sql<
    Record<string, unknown>
  >`select (data->>'Year')::int as "Year", data->>'ProvinceName' as "ProvinceName",
      data->>'Brand' as "Brand", data->>'IndicatorType' as "IndicatorType" from record where object_id = ${id}`.execute(
    world.db,
  );
  return rows[0];
}

/** A share of a target put on the RSP (or the CCP, which no target line may carry). */
const allocate: Command = {
  weight: 3,
  actors: ['province', 'province', 'rsp', 'newstaff'],
  async run(world, step) {
    const target = await choose(world.made.tasks, step);
    if (!target) return undefined;
    const key = await keyOfTarget(world, target.id);
    if (!key) return undefined;
    const response = await world.t.post(
      '/rspTaskAllocation/create',
      {
        ...key,
        AgentName: agentName(world, step.n % 5 === 4 ? 'ccp' : 'rsp'),
        LoadBearingAmount: yuan(50_000_00 * (1 + (step.n % 6))),
      },
      await world.as(step.as),
    );
    if (response.status === 200)
      world.made.targetLines.push({ id: response.body.results.ObjectID, owner: 'rsp' });
    return answer(response, expectationOf(step.as, undefined, ['rsp', 'ccp', 'gd']));
  },
};

/** The target's package along its flow: sent for confirmation, confirmed by the RSP, submitted, approved by the executive. */
const TASK_STEPS = [
  { workflow: 'salesTask', command: 'requestConfirmation', on: 'tasks' },
  { workflow: 'rspTaskConfirmation', command: 'confirm', on: 'targetLines' },
  { workflow: 'salesTask', command: 'submit', on: 'tasks' },
  { workflow: 'salesTask', command: 'agree', on: 'tasks' },
  { workflow: 'salesTask', command: 'reopen', on: 'tasks' },
] as const;

const moveTask: Command = {
  weight: 4,
  actors: ['province', 'rsp', 'vp', 'province', 'ccp', 'newstaff'],
  async run(world, step) {
    const next = TASK_STEPS[step.n % TASK_STEPS.length];
    const subject = await choose(world.made[next.on], step);
    if (!subject) return undefined;
    const response = await world.t.post(
      '/workflow/decide',
      { workflow: next.workflow, ObjectID: subject.id, command: next.command, payload: {} },
      await world.as(step.as),
    );
    return answer(response, expectationOf(step.as, undefined, ['gd']));
  },
};

const dropTarget: Command = {
  weight: 1,
  actors: ['province', 'rsp', 'newstaff'],
  async run(world, step) {
    const target = await choose(world.made.tasks, step);
    if (!target) return undefined;
    const response = await world.t.post(
      '/provinceTask/delete',
      { ObjectID: target.id },
      await world.as(step.as),
    );
    return answer(response, expectationOf(step.as, undefined, ['rsp', 'ccp', 'gd']));
  },
};

const STOCK = 'report.distributorStockReport';
const SALES = 'report.distributorSalesReport';
const PERIODS = ['2027-01', '2027-02', '2027-03'];

/** The distributor's stock of one model for a month, opening at the closing it reported for the month before. */
async function stockRows(world: World, n: number) {
  const model = world.models[n % world.models.length];
  const period = PERIODS[n % PERIODS.length];
  const before = PERIODS[PERIODS.indexOf(period) - 1];
  const { rows } = await sql<{
    closing: number;
  }>`select (data->>'ClosingQuantity')::int as closing from record
    where resource = 'stockReport' and data->>'ProductModel' = ${model} and data->>'Period' = ${before ?? ''}
    limit 1`.execute(world.db);
  const opening = rows[0]?.closing ?? 0;
  const purchase = n % 7;
  const sales = Math.min(opening + purchase, n % 5);
  return [
    {
      AgentName: '',
      Period: period,
      ProductModel: model,
      OpeningQuantity: opening,
      PurchaseQuantity: purchase,
      SalesQuantity: sales,
      // Now and then a closing that does not follow from the others, which the file is refused for.
      ClosingQuantity: opening + purchase - sales + (n % 11 === 10 ? 1 : 0),
    },
  ];
}

const salesRows = (n: number) => [
  {
    AgentName: '',
    Period: PERIODS[n % PERIODS.length],
    CustomerName: `模拟月客户${n % 3}`,
    CreditCode: makeCreditCode('91320100MA1PRTAL0'),
    SalesCustomerType: SalesCustomerType.downstreamAgent,
    ProductModel: '',
    Quantity: 1 + (n % 4),
    UnitPrice: '10.50',
    OutboundDate: `${PERIODS[n % PERIODS.length]}-03`,
  },
];

/** The distributor uploads a stock or sales report, or the very same file it uploaded before. */
const uploadReport: Command = {
  weight: 3,
  actors: ['gd', 'gd', 'rsp', 'ops', 'newstaff'],
  async run(world, step) {
    const again =
      step.n % 3 === 0 ? world.made.reports[step.pick % Math.max(1, world.made.reports.length)] : undefined;
    const file = again ?? {
      pageId: step.n % 2 ? SALES : STOCK,
      rows: step.n % 2 ? salesRows(step.n) : await stockRows(world, step.n),
    };
    const rows = file.rows.map((row) => ({
      ...row,
      AgentName: world.distributor,
      ...(row.ProductModel === '' ? { ProductModel: world.models[0] } : {}),
    }));
    const response = await upload(
      world.t,
      file.pageId,
      rows,
      await world.as(step.as),
      'simulated-month.xlsx',
    );
    if (response.status === 200 && !again) world.made.reports.push({ pageId: file.pageId, rows });
    return answer(response, expectationOf(step.as, undefined, ['newstaff']));
  },
};

export const planCommands: Record<string, Command> = {
  'task.set': setTarget,
  'task.allocate': allocate,
  'task.move': moveTask,
  'task.drop': dropTarget,
  'report.upload': uploadReport,
};
