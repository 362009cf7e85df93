import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provinces } from '../../server/reference/regions.data';
import { planYears } from '../../server/sales-tasks/task-references.rules';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
// Next year: a target is set before its period.
const YEAR = planYears().max;
/** Twelve real provinces other than the demo's Jiangsu, in the order a sort by name gives them. */
const PROVINCES = provinces
  .filter((p) => p.code !== '320000')
  .map((p) => p.nameZh)
  .slice(0, 12);
const task = {
  Year: YEAR,
  ProvinceName: PROVINCES[0],
  Brand: '101',
  // Key products: the demo's targets of next year are other indicators, so a search by it finds only these.
  IndicatorType: '131',
  // Money goes out and comes back as exact decimal text.
  AnnualTask: '1000.00',
  Q1Task: '200.00',
  Q2Task: '250.00',
  Q3Task: '250.00',
  Q4Task: '300.00',
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
});
afterAll(() => t.close());

describe('the resource engine on a shared-table resource (provinceTask)', () => {
  it('creates, reads, updates only what changed, refuses a stale write, deletes', async () => {
    const created = await t.post('/provinceTask/create', task, admin);
    expect(created.body).toMatchObject({
      state: true,
      results: { ...task, Version: 1, CreatedBy: '系统管理员' },
    });
    const id = created.body.results.ObjectID;

    const one = await t.post('/provinceTask/getOne', { ObjectID: id }, admin);
    expect(one.body.results[0]).toMatchObject(task);

    const updated = await t.post(
      '/provinceTask/update',
      { ObjectID: id, Version: 1, Remark: '按季度分解' },
      admin,
    );
    expect(updated.body).toMatchObject({
      state: true,
      message: '更新成功！',
      results: { ...task, Remark: '按季度分解', Version: 2 },
    });

    const stale = await t.post('/provinceTask/update', { ObjectID: id, Version: 1, Remark: '旧的' }, admin);
    expect(stale.status).toBe(409);
    expect((await t.post('/provinceTask/getOne', { ObjectID: id }, admin)).body.results[0].Remark).toBe(
      '按季度分解',
    );

    // No province-task page offers delete, so the engine refuses it to the administrator too.
    expect((await t.post('/provinceTask/delete', [{ ObjectID: id }], admin)).status).toBe(403);
    expect((await t.post('/provinceTask/getOne', { ObjectID: id }, admin)).status).toBe(200);
    await sql`delete from record where object_id = ${id}`.execute(t.database.db);
  });

  it('names the field that is missing, unknown or of the wrong type, and writes nothing', async () => {
    const before = (await t.post('/provinceTask/search', {}, admin)).body.totalSize;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...task, ProvinceName: undefined }, '省份必填'],
      [{ ...task, Brand: '999' }, '品牌 的取值 999 不在可选项中'],
      [{ ...task, Year: 'soon' }, '年度：须为数字'],
      [{ ...task, Nonsense: 1 }, '字段 Nonsense 不可修改'],
      [{ ...task, TaskPackageStatus: '101' }, '字段 任务状态 不可修改'],
      [{ ...task, ProvinceName: 'x'.repeat(501) }, '省份：不能超过 500 个字符'],
    ];
    for (const [body, message] of cases) {
      const answer = await t.post('/provinceTask/create', body, admin);
      expect(answer.status, message).toBe(400);
      expect(answer.body).toMatchObject({ state: false, message });
    }
    expect((await t.post('/provinceTask/search', {}, admin)).body.totalSize).toBe(before);
  });

  it('pages, sorts and filters', async () => {
    for (let i = 1; i <= 12; i++) {
      await t.post(
        '/provinceTask/create',
        { ...task, ProvinceName: PROVINCES[i - 1], Brand: i % 2 ? '101' : '111' },
        admin,
      );
    }
    const page2 = await t.post(
      '/provinceTask/search',
      { Year: YEAR, IndicatorType: task.IndicatorType, currentPage: 2, pageSize: 5, sort: 'ProvinceName' },
      admin,
    );
    expect(page2.body.totalSize).toBe(12);
    const byName = [...PROVINCES].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(page2.body.results.map((r: { ProvinceName: string }) => r.ProvinceName)).toEqual(
      byName.slice(5, 10),
    );
    const partner = await t.post(
      '/provinceTask/search',
      { Year: YEAR, IndicatorType: task.IndicatorType, Brand: '111', pageSize: 100 },
      admin,
    );
    expect(partner.body.totalSize).toBe(6);
    // A name filter matches anywhere in the name.
    const fragment = PROVINCES[3].slice(1, 2);
    const named = await t.post(
      '/provinceTask/search',
      { Year: YEAR, IndicatorType: task.IndicatorType, ProvinceName: fragment },
      admin,
    );
    expect(named.body.results.map((r: { ProvinceName: string }) => r.ProvinceName).sort()).toEqual(
      PROVINCES.filter((p) => p.includes(fragment)).sort(),
    );
    expect((await t.post('/provinceTask/search', { Owner: 'x' }, admin)).body.message).toBe(
      '不支持按 Owner 查询',
    );
    expect((await t.post('/provinceTask/search', { sort: '-Remark' }, admin)).body.message).toBe(
      '不支持按 备注 排序',
    );
    expect((await t.post('/provinceTask/search', { pageSize: 1000 }, admin)).body.message).toBe(
      '每页条数须在 1 到 100 之间',
    );
  });
});
