import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskTypeOf } from '../../server/sales-tasks/task-package';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * What a province target and a task of 任务管理 show for their key follows a line or a city manager
 * task wherever it goes (docs/sales-tasks.md): moved to another target by an edit of its year, province,
 * brand line or indicator (task type), it no longer counts where it was and counts where it went; a
 * target entered after its city manager tasks counts them at once.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.database.db;
type Row = Record<string, unknown> & { ObjectID: string; Version: number };

const call = (path: string, body: unknown, who = 'province') => t.post(path, body, tokens[who]);
async function create(resource: string, body: Record<string, unknown>): Promise<Row> {
  const { status, body: answer } = await call(`/${resource}/create`, body);
  expect(status, answer.message).toBe(200);
  return answer.results;
}
const getOne = async (resource: string, id: string) =>
  (await call(`/${resource}/getOne`, { ObjectID: id })).body.results[0] as Row;
async function update(resource: string, id: string, changes: Record<string, unknown>) {
  const { Version } = await getOne(resource, id);
  const { status, body } = await call(`/${resource}/update`, { ObjectID: id, Version, ...changes });
  expect(status, body.message).toBe(200);
}

// Next year's collections and key products targets of Jiangsu, of either brand line: the demo sets none.
const YEAR = 2027;
const PROVINCE = '江苏省';
const [COLLECTIONS, KEY_PRODUCTS] = ['121', '131'];
const keyOf = (Brand: string, IndicatorType = COLLECTIONS) => ({
  Year: YEAR,
  ProvinceName: PROVINCE,
  Brand,
  IndicatorType,
});
const [OWN, PARTNER] = ['101', '111'];

/** Σ the annual tasks of the city manager tasks of a key, from the records. */
const cityManagerTasksOf = async (brand: string, indicator: string) =>
  (
    await sql<{ yuan: string }>`select coalesce(sum((data->>'AnnualTask')::numeric), 0)::numeric(18, 2)::text
        as yuan
      from record where resource = 'cityManagerTask' and data->>'Year' = ${String(YEAR)}
        and data->>'ProvinceName' = ${PROVINCE} and data->>'Brand' = ${brand}
        and data->>'TaskType' = ${taskTypeOf(indicator)}`.execute(db())
  ).rows[0].yuan;

let rspName: string;
let cityManager: string;

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['province']) tokens[user] = await t.login(user, 'Demo@123456');
  rspName = (
    await sql<{ name: string }>`select c.name from customer c join employee e on e.company_id = c.object_id
      where e.username = 'rsp'`.execute(db())
  ).rows[0].name;
  cityManager = (
    await sql<{ name: string }>`select last_name as name from employee where username = 'city'`.execute(db())
  ).rows[0].name;
  const taken = await sql<{ n: number }>`select count(*)::int as n from record where resource = 'provinceTask'
    and data->>'Year' = ${String(YEAR)} and data->>'ProvinceName' = ${PROVINCE}
    and data->>'IndicatorType' in (${COLLECTIONS}, ${KEY_PRODUCTS})`.execute(db());
  expect(taken.rows[0].n, 'no collections or key products target of Jiangsu next year in the demo').toBe(0);
});
afterAll(() => t?.close());

describe('an RSP line moved to another target', () => {
  it("leaves the load bearing and the task management figures of the target it left, and carries them to the other's", async () => {
    const [own, partner] = [
      await create('provinceTask', { ...keyOf(OWN), AnnualTask: '1000.00' }),
      await create('provinceTask', { ...keyOf(PARTNER), AnnualTask: '2000.00' }),
    ];
    const [ownTask, partnerTask] = [
      await create('salesTask', { ...keyOf(OWN), AnnualTask: '1000.00' }),
      await create('salesTask', { ...keyOf(PARTNER), AnnualTask: '2000.00' }),
    ];
    const line = await create('rspTaskAllocation', {
      ...keyOf(PARTNER),
      AgentName: rspName,
      LoadBearingAmount: '1100.00',
    });
    expect((await getOne('provinceTask', partner.ObjectID)).RspAllocated).toBe('1100.00');
    expect((await getOne('salesTask', partnerTask.ObjectID)).AllocatedAmount).toBe('1100.00');

    // The province office corrects the line's brand line: it belongs to the own line's target.
    await update('rspTaskAllocation', line.ObjectID, { Brand: OWN });
    const [left, reached] = [
      await getOne('provinceTask', partner.ObjectID),
      await getOne('provinceTask', own.ObjectID),
    ];
    expect([left.RspAllocated, left.LoadBearingRate]).toEqual(['0.00', 0]);
    expect([reached.RspAllocated, reached.LoadBearingRate]).toEqual(['1100.00', 110]);
    const [leftTask, reachedTask] = [
      await getOne('salesTask', partnerTask.ObjectID),
      await getOne('salesTask', ownTask.ObjectID),
    ];
    expect([leftTask.AllocatedAmount, leftTask.UnallocatedAmount]).toEqual(['0.00', '2000.00']);
    expect([reachedTask.AllocatedAmount, reachedTask.UnallocatedAmount]).toEqual(['1100.00', '0.00']);
  });

  it('is refused off an approved target, which keeps what it carried', async () => {
    const lines = await call('/rspTaskAllocation/search', { Year: String(YEAR), pageSize: 50 });
    const locked = (lines.body.results as Row[]).find((l) => l.TaskApprovalStatus === '121') as Row;
    const target = await sql<{ id: string; allocated: string }>`select object_id::text as id,
        data->>'RspAllocated' as allocated from record where resource = 'provinceTask'
        and data->>'Year' = ${String(YEAR)} and data->>'ProvinceName' = ${PROVINCE}
        and data->>'Brand' = ${String(locked.Brand)} and data->>'IndicatorType' = ${String(locked.IndicatorType)}`.execute(
      db(),
    );
    const moved = await call('/rspTaskAllocation/update', {
      ObjectID: locked.ObjectID,
      Version: locked.Version,
      IndicatorType: COLLECTIONS,
    });
    expect(moved.status).toBe(409);
    const { id, allocated } = target.rows[0];
    expect((await getOne('provinceTask', id)).RspAllocated).toBe(allocated);
    expect((await getOne('rspTaskAllocation', locked.ObjectID)).IndicatorType).toBe(locked.IndicatorType);
  });
});

describe("a province target's share of its city managers", () => {
  let task: Row;
  const targetOf = async (brand: string, indicator: string) =>
    (
      await sql<{ id: string }>`select object_id::text as id from record where resource = 'provinceTask'
        and data->>'Year' = ${String(YEAR)} and data->>'ProvinceName' = ${PROVINCE}
        and data->>'Brand' = ${brand} and data->>'IndicatorType' = ${indicator}`.execute(db())
    ).rows[0].id;
  const shown = async (brand: string, indicator: string) =>
    (await getOne('provinceTask', await targetOf(brand, indicator))).CityManagerAllocated;

  it('counts the tasks entered before the target', async () => {
    task = await create('cityManagerTask', {
      Year: YEAR,
      ProvinceName: PROVINCE,
      CityName: '南京市',
      cityManagerName: cityManager,
      Brand: PARTNER,
      TaskType: taskTypeOf(KEY_PRODUCTS),
      AnnualTask: '400.00',
    });
    await create('provinceTask', { ...keyOf(PARTNER, KEY_PRODUCTS), AnnualTask: '1000.00' });
    const expected = await cityManagerTasksOf(PARTNER, KEY_PRODUCTS);
    expect(Number(expected)).toBeGreaterThanOrEqual(400);
    expect(await shown(PARTNER, KEY_PRODUCTS)).toBe(expected);
  });

  it('gives a task moved to another task type or brand line back to the target it left', async () => {
    const before = await shown(PARTNER, KEY_PRODUCTS);
    const collections = await shown(PARTNER, COLLECTIONS);
    // Entered as a key products task, it measures collections.
    await update('cityManagerTask', task.ObjectID, { TaskType: taskTypeOf(COLLECTIONS) });
    expect(Number(before) - Number(await shown(PARTNER, KEY_PRODUCTS))).toBe(400);
    expect(Number(await shown(PARTNER, COLLECTIONS)) - Number(collections)).toBe(400);

    // And it is the own line's.
    const own = await shown(OWN, COLLECTIONS);
    await update('cityManagerTask', task.ObjectID, { Brand: OWN });
    expect(await shown(PARTNER, COLLECTIONS)).toBe(collections);
    expect(Number(await shown(OWN, COLLECTIONS)) - Number(own)).toBe(400);
    for (const [brand, indicator] of [
      [PARTNER, KEY_PRODUCTS],
      [PARTNER, COLLECTIONS],
      [OWN, COLLECTIONS],
    ])
      expect(await shown(brand, indicator)).toBe(await cityManagerTasksOf(brand, indicator));
  });
});

endsWithBooksBalanced(() => t, ['salesTasks']);
