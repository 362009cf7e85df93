import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { en as messages } from '../../locales/en/messages';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * A target is set before its period (docs/sales-tasks.md "Set before its period"): a province target
 * for a year already begun on the business clock (Asia/Shanghai) is refused naming its year, unless
 * it carries a reason and HQ allows it; until then, and when HQ refuses, it takes no lines.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const en = { 'accept-language': 'en' };
const problems = messages.salesTasks.problems;
const fields = messages.field as unknown as Record<string, Record<string, string>>;
const yearLabel = fields.provinceTask?.Year ?? fields.common.Year;
const db = () => t.database.db;
const call = (path: string, body: unknown, who = 'province') => t.post(path, body, tokens[who], en);
const decide = (id: string, command: string, who: string, payload = {}) =>
  call('/workflow/decide', { workflow: 'salesTask', ObjectID: id, command, payload }, who);
const target = (IndicatorType: string, extra: Record<string, unknown> = {}) => ({
  Year: 2026,
  ProvinceName: '江苏省',
  Brand: '111',
  IndicatorType,
  AnnualTask: '1000000.00',
  ...extra,
});
const lineOf = (IndicatorType: string) => {
  const { AnnualTask: _whole, ...key } = target(IndicatorType);
  return { ...key, AgentName: rspName, LoadBearingAmount: '1100000.00' };
};
const stored = async (IndicatorType: string, Year = '2026') =>
  (
    await sql<{ n: number }>`select count(*)::int as n from record where resource = 'provinceTask'
      and data->>'Year' = ${Year} and data->>'Brand' = '111' and data->>'IndicatorType' = ${IndicatorType}`.execute(
      db(),
    )
  ).rows[0].n;
const getOne = async (id: string) =>
  (await call('/provinceTask/getOne', { ObjectID: id })).body.results[0] as Record<string, unknown>;

/** Today on the business clock; people log in again, as a day later they would. */
async function today(instant: string) {
  vi.setSystemTime(new Date(instant));
  for (const user of ['province', 'vp', 'rsp']) tokens[user] = await t.login(user, 'Demo@123456');
}
let rspName: string;

beforeAll(async () => {
  t = await startTestApp();
  vi.useFakeTimers({ toFake: ['Date'] });
  rspName = (
    await sql<{ name: string }>`select c.name from customer c join employee e on e.company_id = c.object_id
      where e.username = 'rsp'`.execute(db())
  ).rows[0].name;
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe('a province target is set before its year begins', () => {
  it('on the last evening of the year before (business time), a target needs no reason', async () => {
    // 23:30 in Shanghai is still the old year there, though it is 15:30 UTC.
    await today('2025-12-31T23:30:00+08:00');
    const answer = await call('/provinceTask/create', target('121'));
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.results.TaskPackageStatus).toBe('121');
  });

  it('half an hour into the year (business time) it is refused naming the year, and nothing is stored', async () => {
    // 00:30 in Shanghai, while UTC still reads 31 December.
    await today('2026-01-01T00:30:00+08:00');
    const answer = await call('/provinceTask/create', target('131'));
    expect([answer.status, answer.body.field]).toEqual([400, 'Year']);
    expect(answer.body.message).toContain(yearLabel);
    expect(answer.body.message).toContain(
      problems.yearBegun.replace('{{year}}', '2026').replace('{{start}}', '2026-01-01'),
    );
    expect(await stored('131')).toBe(0);
  });

  it('an existing target is not moved into a year already begun', async () => {
    await today('2026-03-10T10:00:00+08:00');
    const created = await call('/provinceTask/create', { ...target('101'), Year: 2027 });
    expect(created.status, created.body.message).toBe(200);
    const { ObjectID, Version } = created.body.results;
    const moved = await call('/provinceTask/update', { ObjectID, Version, Year: 2026 });
    expect([moved.status, moved.body.field]).toEqual([400, 'Year']);
    expect(await stored('101', '2027')).toBe(1);
  });
});

describe('a late target with a reason waits for HQ', () => {
  let id: string;

  it('is stored waiting for HQ, locked, and takes no lines meanwhile', async () => {
    await today('2026-03-10T10:00:00+08:00');
    const answer = await call(
      '/provinceTask/create',
      target('131', { LateReason: 'The province was split after the year began' }),
    );
    expect(answer.status, answer.body.message).toBe(200);
    id = answer.body.results.ObjectID;
    const row = await getOne(id);
    expect([row.TaskPackageStatus, row.TaskApprovalStatus]).toEqual(['191', '111']);
    const line = await call('/rspTaskAllocation/create', lineOf('131'));
    expect([line.status, line.body.field]).toEqual([400, 'Year']);
    expect(line.body.message).toContain(problems.lateAwaitingException);
    // The province office cannot send it on nor allow it; the panel offers HQ the exception.
    const options = await call('/workflow/options', { workflow: 'salesTask', ObjectID: id }, 'vp');
    expect(options.body.results.Commands.map((c: { Name: string }) => c.Name)).toEqual(
      expect.arrayContaining(['allowLate', 'refuseLate']),
    );
    const refused = [
      await decide(id, 'requestConfirmation', 'province'),
      await decide(id, 'allowLate', 'province'),
    ];
    expect(refused.map((r) => r.status)).toEqual([409, 403]);
    expect((await getOne(id)).TaskPackageStatus).toBe('191');
  });

  it('allowed by HQ, it is allocated like a target set in time', async () => {
    const allowed = await decide(id, 'allowLate', 'vp', { comment: 'Agreed with the province' });
    expect(allowed.status, allowed.body.message).toBe(200);
    const row = await getOne(id);
    expect([row.TaskPackageStatus, row.TaskApprovalStatus]).toEqual(['121', '101']);
    const line = await call('/rspTaskAllocation/create', lineOf('131'));
    expect(line.status, line.body.message).toBe(200);
    expect((await decide(id, 'requestConfirmation', 'province')).status).toBe(200);
  });

  it('the reason it was allowed for stays as it was given', async () => {
    const row = await getOne(id);
    const changed = await call('/provinceTask/update', {
      ObjectID: id,
      Version: row.Version,
      LateReason: 'Another reason',
    });
    expect(changed.status).toBe(409);
    expect((await getOne(id)).LateReason).toBe('The province was split after the year began');
  });

  it('refused by HQ with a reason, it is closed and takes no lines', async () => {
    const late = await call('/provinceTask/create', target('111', { LateReason: 'Forgotten in December' }));
    expect(late.status, late.body.message).toBe(200);
    const lateId = late.body.results.ObjectID;
    expect((await decide(lateId, 'refuseLate', 'vp', { reason: ' ' })).status).toBe(400);
    const refused = await decide(lateId, 'refuseLate', 'vp', { reason: 'Set it with next year' });
    expect(refused.status, refused.body.message).toBe(200);
    const row = await getOne(lateId);
    expect(row.TaskPackageStatus).toBe('201');
    const line = await call('/rspTaskAllocation/create', lineOf('111'));
    expect([line.status, line.body.field]).toEqual([400, 'Year']);
    expect(line.body.message).toContain(problems.lateRefusedLines);
    const edit = await call('/provinceTask/update', {
      ObjectID: lateId,
      Version: row.Version,
      AnnualTask: '2000000.00',
    });
    expect(edit.status).toBe(409);
    expect((await getOne(lateId)).AnnualTask).toBe('1000000.00');
  });
});

endsWithBooksBalanced(() => t, ['salesTasks', 'rebates']);
