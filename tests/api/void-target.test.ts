import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TaskApprovalStatus,
  TaskIndicatorType,
  TaskPackageStatus,
} from '../../domain/codes/sales-tasks.codes';
import { checkBooks } from '../../server/books/check-books';
import { startTestApp, type TestApp } from './harness';

/**
 * A province target entered in error is voided through its workflow, with a reason, by the province
 * office while the package is still its own: its lines go with it, the books still balance, and its
 * year, province, brand line and indicator are free for the target that should have been entered.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.database.db;
const YEAR = '2027';
const PROVINCE = '江苏省';
const BRAND = '111';
let indicator: string;
let rspName: string;
/** The indicator of the target voided while out with the RSPs. */
let outIndicator: string;

const call = (path: string, body: unknown, who = 'province', lang = 'zh') =>
  t.post(path, body, tokens[who], { 'accept-language': lang });
const decide = (id: string, command: string, who = 'province', payload: Record<string, unknown> = {}) =>
  call('/workflow/decide', { workflow: 'salesTask', ObjectID: id, command, payload }, who);
const key = () => ({ Year: YEAR, ProvinceName: PROVINCE, Brand: BRAND, IndicatorType: indicator });
const newTarget = async (annual = '1000000.00') => {
  const answer = await call('/provinceTask/create', { ...key(), AnnualTask: annual });
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.results as Record<string, string>;
};
const linesOfKey = async () =>
  (
    await sql<{ n: number }>`select count(*)::int as n from record where resource = 'rspTaskAllocation'
      and data->>'Year' = ${YEAR} and data->>'ProvinceName' = ${PROVINCE} and data->>'Brand' = ${BRAND}
      and data->>'IndicatorType' = ${indicator}`.execute(db())
  ).rows[0].n;
const getTarget = async (id: string) =>
  (await call('/provinceTask/getOne', { ObjectID: id })).body.results[0] as Record<string, unknown>;

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['province', 'rsp', 'city', 'vp', 'admin'])
    tokens[user] = await t.login(user, user === 'admin' ? 'Admin@123456' : 'Demo@123456');
  rspName = (
    await sql<{ name: string }>`select c.name from customer c join employee e on e.company_id = c.object_id
      where e.username = 'rsp'`.execute(db())
  ).rows[0].name;
  const taken = await sql<{ indicator: string }>`select data->>'IndicatorType' as indicator from record
    where resource = 'provinceTask' and data->>'Year' = ${YEAR} and data->>'ProvinceName' = ${PROVINCE}
      and data->>'Brand' = ${BRAND}`.execute(db());
  const free = Object.values(TaskIndicatorType).filter(
    (code) => !taken.rows.some((r) => r.indicator === code),
  );
  expect(free.length, 'two free indicators of the province’s brand line next year').toBeGreaterThanOrEqual(2);
  [indicator, outIndicator] = free.map(String);
});
afterAll(() => t?.close());

describe('voiding a target entered in error', () => {
  let voidedId: string;

  it('is offered to the province office while allocating, and asks a reason', async () => {
    const target = await newTarget();
    voidedId = target.ObjectID;
    const line = await call('/rspTaskAllocation/create', {
      ...key(),
      AgentName: rspName,
      LoadBearingAmount: '1100000.00',
    });
    expect(line.status, line.body.message).toBe(200);
    const options = await call('/workflow/options', { workflow: 'salesTask', ObjectID: voidedId });
    expect(options.body.results.Commands.map((c: { Name: string }) => c.Name)).toContain('void');

    const bare = await decide(voidedId, 'void');
    expect(bare.status).toBe(400);
    expect(bare.body.message).toMatch(/原因/);
    expect(await linesOfKey()).toBe(1);
  });

  it('is refused to an RSP, a city manager and an approver outside the office', async () => {
    for (const who of ['rsp', 'city']) {
      const answer = await decide(voidedId, 'void', who, { reason: '录错了' });
      expect([403, 404], `${who}: ${answer.body.message}`).toContain(answer.status);
    }
    const vp = await decide(voidedId, 'void', 'vp', { reason: '录错了' });
    expect(vp.status).toBeGreaterThanOrEqual(400);
    expect(vp.status).toBeLessThan(500);
    expect((await getTarget(voidedId)).TaskPackageStatus).toBe(TaskPackageStatus.allocating);
  });

  it('voids it with the reason, removes its lines and keeps the books balanced', async () => {
    const voided = await decide(voidedId, 'void', 'province', { reason: '省份录错，应为浙江省' });
    expect(voided.status, voided.body.message).toBe(200);
    const target = await getTarget(voidedId);
    expect([target.TaskPackageStatus, target.TaskApprovalStatus]).toEqual([
      TaskPackageStatus.voided,
      TaskApprovalStatus.voided,
    ]);
    expect(await linesOfKey()).toBe(0);
    const history = await call('/processHistory/searchAll', {
      subjectResource: 'provinceTask',
      subjectId: voidedId,
    });
    expect(JSON.stringify(history.body.results)).toContain('省份录错，应为浙江省');
    const report = await checkBooks(db(), (k) => k.startsWith('salesTasks.'));
    expect(report.violations).toBe(0);
  });

  it('frees its key: the right target is entered and takes lines; the voided one stays voided', async () => {
    const right = await newTarget('2000000.00');
    expect(right.TaskPackageStatus).toBe(TaskPackageStatus.allocating);
    const line = await call('/rspTaskAllocation/create', {
      ...key(),
      AgentName: rspName,
      LoadBearingAmount: '2200000.00',
    });
    expect(line.status, line.body.message).toBe(200);
    expect((await getTarget(right.ObjectID)).LoadBearingRate).toBe(110);
    const again = await decide(voidedId, 'requestConfirmation');
    expect(again.status).toBe(409);
    // It stands as it was voided: not edited, not deleted.
    const voided = await getTarget(voidedId);
    const edit = await call('/provinceTask/update', {
      ObjectID: voidedId,
      Version: voided.Version,
      AnnualTask: '1.00',
    });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toMatch(/已作废/);
    const removal = await call('/provinceTask/delete', { ObjectID: voidedId });
    expect([403, 409], removal.body.message).toContain(removal.status);
    expect((await getTarget(voidedId)).TaskPackageStatus).toBe(TaskPackageStatus.voided);
    expect((await getTarget(voidedId)).TaskPackageStatus).toBe(TaskPackageStatus.voided);
    const report = await checkBooks(db(), (k) => k.startsWith('salesTasks.'));
    expect(report.violations).toBe(0);
  });

  it('is not offered once the package went for approval', async () => {
    const target = await sql<{
      id: string;
    }>`select object_id::text as id from record where resource = 'provinceTask'
      and data->>'TaskApprovalStatus' in (${TaskApprovalStatus.inApproval}, ${TaskApprovalStatus.approved})
      and data->>'ProvinceName' = ${PROVINCE} limit 1`.execute(db());
    expect(target.rows.length, 'a Jiangsu target in approval or approved in the demo').toBe(1);
    const answer = await decide(target.rows[0].id, 'void', 'province', { reason: '录错了' });
    expect(answer.status).toBe(409);
    // In words, not a code or a machine's name.
    expect(answer.body.message).toMatch(/[\u4e00-\u9fff]/);
    expect(answer.body.message).not.toMatch(/package\.void|inApproval|approved/);
  });

  it("is out of reach of another province's target: not found", async () => {
    const foreign = await call(
      '/provinceTask/create',
      { ...key(), ProvinceName: '浙江省', AnnualTask: '5.00' },
      'admin',
    );
    expect(foreign.status, foreign.body.message).toBe(200);
    const answer = await decide(foreign.body.results.ObjectID, 'void', 'province', { reason: '录错了' });
    expect(answer.status).toBe(404);
    const still = await call('/provinceTask/getOne', { ObjectID: foreign.body.results.ObjectID }, 'admin');
    expect(still.body.results[0].TaskPackageStatus).toBe(TaskPackageStatus.allocating);
  });
});

describe('voiding a target out with the RSPs for confirmation', () => {
  const outKey = () => ({ ...key(), IndicatorType: outIndicator });
  /** RSP任务分配 as the province office reads it, RSP任务确认 as the RSP does: the lines of the key. */
  const rspLines = async (who: string) => {
    const page = who === 'rsp' ? { PageID: 'salesTask.rspTaskConfirm' } : {};
    const answer = await call(
      '/rspTaskAllocation/search',
      { Year: YEAR, IndicatorType: outIndicator, pageSize: 50, ...page },
      who,
    );
    expect(answer.status, answer.body.message).toBe(200);
    return (answer.body.results as Array<Record<string, unknown>>).filter(
      (r) => r.ProvinceName === PROVINCE && r.Brand === BRAND,
    );
  };
  /** RSP承载's rows of the line (one row per RSP line). */
  const bearing = async (lineId: string) =>
    (
      (await call('/loadBearing/search', { Year: YEAR, Brand: BRAND, pageSize: 50 })).body.results as Array<
        Record<string, unknown>
      >
    ).filter((r) => r.ObjectID === lineId);

  it('withdraws the open confirmation and takes the line out of RSP任务分配, RSP承载 and the report', async () => {
    const created = await call('/provinceTask/create', { ...outKey(), AnnualTask: '500000.00' });
    expect(created.status, created.body.message).toBe(200);
    const id = created.body.results.ObjectID as string;
    const line = await call('/rspTaskAllocation/create', {
      ...outKey(),
      AgentName: rspName,
      LoadBearingAmount: '550000.00',
    });
    expect(line.status, line.body.message).toBe(200);
    const lineId = line.body.results.ObjectID as string;
    expect((await decide(id, 'requestConfirmation')).status).toBe(200);
    expect((await rspLines('rsp')).map((r) => r.ObjectID)).toEqual([lineId]);
    expect((await bearing(lineId)).length).toBe(1);

    const voided = await decide(id, 'void', 'province', { reason: '指标录错' });
    expect(voided.status, voided.body.message).toBe(200);
    const streams = await sql<{ status: string }>`select status from workflow_stream
      where workflow = 'rspTaskConfirmation' and subject_id = ${lineId}`.execute(db());
    expect(streams.rows.map((r) => r.status)).toEqual(['withdrawn']);
    expect(await rspLines('province')).toEqual([]);
    expect(await rspLines('rsp')).toEqual([]);
    expect(await bearing(lineId)).toEqual([]);
    const report = await call('/provincialTaskReport/search', { Year: YEAR, pageSize: 50 });
    expect(report.body.results.map((r: Record<string, unknown>) => r.ObjectID)).not.toContain(id);
    const books = await checkBooks(db(), (k) => k.startsWith('salesTasks.'));
    expect(books.violations).toBe(0);
  });
});
