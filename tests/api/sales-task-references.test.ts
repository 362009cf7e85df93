import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerType } from '../../domain/codes/customers.codes';
import { Brand } from '../../domain/codes/products.codes';
import { TaskIndicatorType, TaskType } from '../../domain/codes/sales-tasks.codes';
import { zh } from '../../locales/zh/messages';
import { planYears } from '../../server/sales-tasks/task-references.rules';
import { startTestApp, type TestApp } from './harness';

/**
 * What a province target, an RSP line and a city manager's task name is real, and who writes them is
 * the province office (docs/decisions.md "Sales tasks: who does what"): the Jiangsu province manager
 * cannot set a target for another province, a district, 1900 or nothing; an RSP line needs its target
 * and an RSP of its province; a city manager's task a city of its province and a real city manager; and
 * nobody approves a target of their own.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
type Row = Record<string, unknown> & { ObjectID: string; Version: number };
const problems = zh.salesTasks.problems;
// Targets are set before their period: next year, on the partner line, which the demo leaves free there.
const { max: PLAN_YEAR } = planYears();
const target = {
  Year: PLAN_YEAR,
  ProvinceName: '江苏省',
  Brand: Brand.partnerBrand,
  IndicatorType: TaskIndicatorType.sellIn,
};

const call = (path: string, body: unknown, who: string) => t.post(path, body, tokens[who]);
const countOf = async (resource: string) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from record where resource = ${resource}`.execute(
      t.database.db,
    )
  ).rows[0].n;
/** The demo RSP's company (Jiangsu), or an RSP of another province. */
const rspOf = async (jiangsu: boolean) =>
  (
    await (jiangsu
      ? sql<{ name: string }>`select c.name from customer c join employee e on e.company_id = c.object_id
          where e.username = 'rsp'`
      : sql<{ name: string }>`select name from customer where customer_type = ${CustomerType.rsp}
          and province_code <> '320000' order by name limit 1`
    ).execute(t.database.db)
  ).rows[0].name;

beforeAll(async () => {
  t = await startTestApp('demo');
  for (const user of ['province', 'city', 'channel', 'channeldept', 'rsp', 'vp'])
    tokens[user] = await t.login(user, 'Demo@123456');
});
afterAll(() => t?.close());

describe('a province target names a real province of the writer, a plan year and a target', () => {
  it.each([
    ['another province', { ProvinceName: '浙江省' }, 'ProvinceName', problems.provinceOutsideScope],
    ['a district', { ProvinceName: '朝阳区' }, 'ProvinceName', problems.notAProvince],
    ['an invented place', { ProvinceName: '火星省' }, 'ProvinceName', problems.notAProvince],
    ['1900', { Year: 1900 }, 'Year', 'yearOutsidePlan'],
    ['an annual target of 0', { AnnualTask: '0' }, 'AnnualTask', problems.notPositive],
  ])('refuses %s naming the field, and writes nothing', async (_, change, field, problem) => {
    const before = await countOf('provinceTask');
    const answer = await call(
      '/provinceTask/create',
      { ...target, AnnualTask: '1000000', ...change },
      'province',
    );
    expect([answer.status, answer.body.field]).toEqual([400, field]);
    if (problem !== 'yearOutsidePlan') expect(answer.body.message).toContain(problem);
    expect(await countOf('provinceTask')).toBe(before);
  });

  it.each(['city', 'channel', 'channeldept'])('refuses a province target set by %s', async (who) => {
    const before = await countOf('provinceTask');
    const answer = await call('/provinceTask/create', { ...target, AnnualTask: '1000000' }, who);
    expect(answer.status).toBe(403);
    expect(await countOf('provinceTask')).toBe(before);
  });
});

describe('RSP lines and city manager tasks name their target, their RSP, their city and their manager', () => {
  let created: Row;
  beforeAll(async () => {
    const answer = await call('/provinceTask/create', { ...target, AnnualTask: '1000000' }, 'province');
    expect(answer.status, answer.body.message).toBe(200);
    created = answer.body.results;
  });

  it('refuses an RSP line without a target', async () => {
    const answer = await call(
      '/rspTaskAllocation/create',
      {
        ...target,
        IndicatorType: TaskIndicatorType.collections,
        AgentName: await rspOf(true),
        LoadBearingAmount: '100',
      },
      'province',
    );
    expect([answer.status, answer.body.field]).toEqual([400, 'IndicatorType']);
    expect(answer.body.message).toContain(problems.noTarget);
  });

  it("refuses another province's RSP on a Jiangsu target", async () => {
    const answer = await call(
      '/rspTaskAllocation/create',
      { ...target, AgentName: await rspOf(false), LoadBearingAmount: '100' },
      'province',
    );
    expect([answer.status, answer.body.field]).toEqual([400, 'AgentName']);
    expect(answer.body.message).toContain(problems.rspOfOtherProvince);
  });

  it('holds one line per RSP and target in the database too', async () => {
    const agent = await rspOf(true);
    const line = { ...target, AgentName: agent, LoadBearingAmount: '1100000' };
    expect((await call('/rspTaskAllocation/create', line, 'province')).status).toBe(200);
    const db = t.database.db;
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into record (resource, data) values ('rspTaskAllocation', ${JSON.stringify(line)}::jsonb)`.execute(
          trx,
        );
      }),
    ).rejects.toThrow(/rsp_task_line_uq/);
  });

  const cityTask = {
    Year: PLAN_YEAR,
    ProvinceName: '江苏省',
    CityName: '南京市',
    Brand: Brand.partnerBrand,
    TaskType: TaskType.cityManagerSellIn,
    AnnualTask: '400000',
    // The city manager's task form asks for its quarters (they must add up to the annual target).
    Q1Task: '80000',
    Q2Task: '100000',
    Q3Task: '100000',
    Q4Task: '120000',
    cityManagerName: '赵城市',
  };

  it.each([
    ['an invented city', { CityName: '火星市' }, 'CityName'],
    ['a city of another province', { CityName: '杭州市' }, 'CityName'],
    ['the vice-president as city manager', { cityManagerName: '郑副总' }, 'cityManagerName'],
    ['a plan year out of the window', { Year: 1900 }, 'Year'],
    ['an annual target of 0', { AnnualTask: '0' }, 'AnnualTask'],
  ])('refuses a city manager task naming %s', async (_, change, field) => {
    const before = await countOf('cityManagerTask');
    const answer = await call('/cityManagerTask/create', { ...cityTask, ...change }, 'province');
    expect([answer.status, answer.body.field], answer.body.message).toEqual([400, field]);
    expect(await countOf('cityManagerTask')).toBe(before);
  });

  it('refuses a city manager setting his own task, and takes the province office’s', async () => {
    expect((await call('/cityManagerTask/create', cityTask, 'city')).status).toBe(403);
    const answer = await call('/cityManagerTask/create', cityTask, 'province');
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.results.cityManagerCode).toBe('city');
  });

  it('refuses the approval of a target by the one who set it', async () => {
    const decide = (workflow: string, id: string, command: string, who: string) =>
      call('/workflow/decide', { workflow, ObjectID: id, command, payload: {} }, who);
    const lines = await call(
      '/rspTaskAllocation/search',
      { Year: String(PLAN_YEAR), Brand: target.Brand, pageSize: 50 },
      'province',
    );
    const line = (lines.body.results as Row[]).find((r) => r.IndicatorType === target.IndicatorType) as Row;
    expect((await decide('salesTask', created.ObjectID, 'requestConfirmation', 'province')).status).toBe(200);
    expect((await decide('rspTaskConfirmation', line.ObjectID, 'confirm', 'rsp')).status).toBe(200);
    expect((await decide('salesTask', created.ObjectID, 'submit', 'province')).status).toBe(200);
    await sql`update record set created_by = (select object_id from employee where username = 'vp')
      where object_id = ${created.ObjectID}`.execute(t.database.db);
    const own = await decide('salesTask', created.ObjectID, 'agree', 'vp');
    expect([own.status, own.body.message]).toEqual([403, problems.ownTarget]);
    await sql`update record set created_by = (select object_id from employee where username = 'province')
      where object_id = ${created.ObjectID}`.execute(t.database.db);
    expect((await decide('salesTask', created.ObjectID, 'agree', 'vp')).status).toBe(200);
  });
});

describe('the task pages the others read offer them no write, and the server takes none', () => {
  // Told they read the page, named as their menu names it.
  const readsOnly = (page: string) => zh.server.readOnlyForRole.replace('{{page}}', page);
  const oneOf = async (resource: string, where = sql`true`) =>
    (
      await sql<{ id: string; version: number }>`select object_id::text as id, version from record
        where resource = ${resource} and ${where} order by object_id limit 1`.execute(t.database.db)
    ).rows[0];
  const versionOf = async (id: string) =>
    (await sql<{ v: number }>`select version as v from record where object_id = ${id}`.execute(t.database.db))
      .rows[0].v;

  it('a city manager reads his tasks: no new task, no change, no import', async () => {
    const own = await oneOf('cityManagerTask', sql`data->>'cityManagerCode' = 'city'`);
    const before = await countOf('cityManagerTask');
    const create = await call('/cityManagerTask/create', { Remark: 'mine' }, 'city');
    const update = await call(
      '/cityManagerTask/update',
      { ObjectID: own.id, Version: own.version, Remark: 'mine' },
      'city',
    );
    const template = await call(
      '/import/template',
      { PageID: 'salesTask.cityManagerTaskAllocation' },
      'city',
    );
    expect([create, update, template].map((a) => [a.status, a.body.message])).toEqual([
      [403, readsOnly('城市经理任务分配')],
      [403, readsOnly('城市经理任务分解')],
      [403, readsOnly('城市经理任务分配')],
    ]);
    expect([await countOf('cityManagerTask'), await versionOf(own.id)]).toEqual([before, own.version]);
    // The province office keeps all three.
    const office = await call(
      '/import/template',
      { PageID: 'salesTask.cityManagerTaskAllocation' },
      'province',
    );
    expect(office.status).toBe(200);
  });

  it('the channel department reads RSP lines and the executive the share table, writing neither', async () => {
    const line = await oneOf('rspTaskAllocation');
    const lines = await countOf('rspTaskAllocation');
    const removal = await call('/rspTaskAllocation/delete', { ObjectIDs: [line.id] }, 'channeldept');
    expect([removal.status, removal.body.message]).toEqual([403, readsOnly('RSP任务分配')]);
    // Its only form of the lines is the RSP's answer, where the allocated figure is not written.
    const change = await call(
      '/rspTaskAllocation/update',
      { ObjectID: line.id, Version: line.version, LoadBearingAmount: '1.00' },
      'channeldept',
    );
    expect([change.status, change.body.field]).toEqual([400, 'LoadBearingAmount']);
    const shares = await countOf('quarterMonthShare');
    const share = await call(
      '/quarterMonthShare/create',
      { Year: PLAN_YEAR, ProvinceName: '江苏省', Brand: Brand.ownBrand, Quarter: 'Q1', QuarterShare: '25' },
      'vp',
    );
    expect([share.status, share.body.message]).toEqual([403, readsOnly('季度月度分摊比例')]);
    expect([
      await countOf('rspTaskAllocation'),
      await versionOf(line.id),
      await countOf('quarterMonthShare'),
    ]).toEqual([lines, line.version, shares]);
  });
});
