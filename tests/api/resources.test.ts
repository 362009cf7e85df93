import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
const job = {
  JobName: '合作品牌订单拉取',
  JobGroup: '同步',
  Handler: 'partnerOrderPull',
  CronExpression: '0 */10 * * * ?',
  Status: '101',
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
});
afterAll(() => t.close());

describe('the resource engine on a shared-table resource (cronJob)', () => {
  it('creates, reads, updates only what changed, refuses a stale write, deletes', async () => {
    const created = await t.post('/cronJob/create', job, admin);
    expect(created.body).toMatchObject({
      state: true,
      results: { ...job, Version: 1, CreatedBy: '系统管理员' },
    });
    const id = created.body.results.ObjectID;

    const one = await t.post('/cronJob/getOne', { ObjectID: id }, admin);
    expect(one.body.results[0]).toMatchObject(job);

    const updated = await t.post('/cronJob/update', { ObjectID: id, Version: 1, Remark: '每十分钟' }, admin);
    expect(updated.body).toMatchObject({
      state: true,
      message: '更新成功！',
      results: { ...job, Remark: '每十分钟', Version: 2 },
    });

    const stale = await t.post('/cronJob/update', { ObjectID: id, Version: 1, Remark: '旧的' }, admin);
    expect(stale.status).toBe(409);
    expect((await t.post('/cronJob/getOne', { ObjectID: id }, admin)).body.results[0].Remark).toBe(
      '每十分钟',
    );

    expect((await t.post('/cronJob/delete', [{ ObjectID: id }], admin)).body).toMatchObject({
      state: true,
      message: '删除成功!',
    });
    expect((await t.post('/cronJob/getOne', { ObjectID: id }, admin)).status).toBe(404);
  });

  it('names the field that is missing, unknown or of the wrong type, and writes nothing', async () => {
    const before = (await t.post('/cronJob/search', {}, admin)).body.totalSize;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...job, JobName: undefined }, 'JobName必填'],
      [{ ...job, Status: '999' }, 'Status 的取值 999 不在可选项中'],
      [{ ...job, TimeoutSeconds: 'soon' }, 'TimeoutSeconds：须为数字'],
      [{ ...job, Concurrent: 'yes' }, 'Concurrent：须为是或否'],
      [{ ...job, Nonsense: 1 }, '字段 Nonsense 不可修改'],
      [{ ...job, LastRunTime: '2026-01-01' }, '字段 LastRunTime 不可修改'],
      [{ ...job, JobName: 'x'.repeat(501) }, 'JobName：不能超过 500 个字符'],
    ];
    for (const [body, message] of cases) {
      const answer = await t.post('/cronJob/create', body, admin);
      expect(answer.status, message).toBe(400);
      expect(answer.body).toEqual({ state: false, message });
    }
    expect((await t.post('/cronJob/search', {}, admin)).body.totalSize).toBe(before);
  });

  it('pages, sorts and filters', async () => {
    for (let i = 1; i <= 12; i++) {
      await t.post(
        '/cronJob/create',
        { ...job, JobName: `任务${String(i).padStart(2, '0')}`, Status: i % 2 ? '101' : '111' },
        admin,
      );
    }
    const page2 = await t.post('/cronJob/search', { currentPage: 2, pageSize: 5, sort: 'JobName' }, admin);
    expect(page2.body.totalSize).toBe(12);
    expect(page2.body.results.map((r: { JobName: string }) => r.JobName)).toEqual([
      '任务06',
      '任务07',
      '任务08',
      '任务09',
      '任务10',
    ]);
    const paused = await t.post('/cronJob/search', { Status: '111', pageSize: 100 }, admin);
    expect(paused.body.totalSize).toBe(6);
    const named = await t.post('/cronJob/search', { JobName: '务1' }, admin);
    expect(named.body.results.map((r: { JobName: string }) => r.JobName).sort()).toEqual([
      '任务10',
      '任务11',
      '任务12',
    ]);
    expect((await t.post('/cronJob/search', { Owner: 'x' }, admin)).body.message).toBe('不支持按 Owner 查询');
    expect((await t.post('/cronJob/search', { sort: '-Params' }, admin)).body.message).toBe(
      '不支持按 Params 排序',
    );
    expect((await t.post('/cronJob/search', { pageSize: 1000 }, admin)).body.message).toBe(
      '每页条数须在 1 到 100 之间',
    );
  });
});
