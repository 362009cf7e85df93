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
  const free = Object.values(TaskIndicatorType).find((code) => !taken.rows.some((r) => r.indicator === code));
  expect(free, 'a free indicator of the province’s brand line next year').toBeDefined();
  indicator = String(free);
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
  });
});
