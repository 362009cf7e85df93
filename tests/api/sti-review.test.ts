import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { en as messages } from '../../locales/en/messages';
import { checkBooks } from '../../server/books/check-books';
import { checkAfterCorruption } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * An RSP's STI (docs/sales-tasks.md "STI"): calculated per closed quarter only, only for a target
 * approved before the quarter began, then reviewed by the executive and posted by the channel
 * department — never by whoever calculated it — or returned and calculated again; the books hold
 * each posted STI to exactly one ledger flow.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const en = { 'accept-language': 'en' };
const problems = messages.salesTasks.problems;
const db = () => t.database.db;
const call = (path: string, body: unknown, who: string) => t.post(path, body, tokens[who], en);
const decide = (workflow: string, id: string, command: string, who: string, payload = {}) =>
  call('/workflow/decide', { workflow, ObjectID: id, command, payload }, who);
const review = (id: string, command: string, who: string, payload = {}) =>
  decide('rspStiReview', id, command, who, payload);
const calculate = (line: string, quarter: number, who = 'channeldept') =>
  call('/rspTaskAllocation/calculateSti', { ObjectID: line, Quarter: quarter }, who);
const stiRow = async (id: string) =>
  (await sql<{ data: Record<string, string> }>`select data from record where object_id = ${id}`.execute(db()))
    .rows[0].data;
const USERS = ['province', 'rsp', 'vp', 'channeldept', 'admin'];

/** Today on the business clock; people log in again, as a day later they would. */
async function today(instant: string) {
  vi.setSystemTime(new Date(instant));
  for (const user of USERS)
    tokens[user] = await t.login(user, user === 'admin' ? 'Admin@123456' : 'Demo@123456');
}

/**
 * A partner-line sell-in target of Jiangsu for 2026 with the demo RSP's line carrying all of it,
 * confirmed by the RSP, submitted and approved by the executive, today. Answers the line.
 */
async function approvedLine(indicator: string, lateReason?: string) {
  const key = { Year: 2026, ProvinceName: '江苏省', Brand: '111', IndicatorType: indicator };
  const target = await call(
    '/provinceTask/create',
    { ...key, AnnualTask: '500000.00', ...(lateReason ? { LateReason: lateReason } : {}) },
    'province',
  );
  expect(target.status, target.body.message).toBe(200);
  const id = target.body.results.ObjectID;
  if (lateReason) expect((await decide('salesTask', id, 'allowLate', 'vp')).status).toBe(200);
  const line = await call(
    '/rspTaskAllocation/create',
    { ...key, AgentName: rspName, LoadBearingAmount: '500000.00' },
    'province',
  );
  expect(line.status, line.body.message).toBe(200);
  const lineId = line.body.results.ObjectID;
  for (const [workflow, subject, command, who] of [
    ['salesTask', id, 'requestConfirmation', 'province'],
    ['rspTaskConfirmation', lineId, 'confirm', 'rsp'],
    ['salesTask', id, 'submit', 'province'],
    ['salesTask', id, 'agree', 'vp'],
  ]) {
    const step = await decide(workflow, subject, command, who);
    expect(step.status, `${command}: ${step.body.message}`).toBe(200);
  }
  return lineId as string;
}
let rspName: string;
let inTime: string;
let late: string;
/** An STI the channel department calculated, left for the executive's review. */
let calculatedByDept: string;

beforeAll(async () => {
  t = await startTestApp();
  vi.useFakeTimers({ toFake: ['Date'] });
  rspName = (
    await sql<{ name: string }>`select c.name from customer c join employee e on e.company_id = c.object_id
      where e.username = 'rsp'`.execute(db())
  ).rows[0].name;
  // Set and approved in December for the coming year; another set late in March, with HQ's exception.
  await today('2025-12-10T10:00:00+08:00');
  inTime = await approvedLine('101');
  await today('2026-03-10T10:00:00+08:00');
  late = await approvedLine('121', 'The province office was reorganised in January');
  await today('2026-11-28T10:00:00+08:00');
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe('an STI is calculated for a closed quarter of a target approved before it began', () => {
  it('refuses a quarter not over yet, naming it, and opens nothing', async () => {
    const open = await calculate(inTime, 4);
    expect(open.status).toBe(409);
    expect(open.body.message).toBe(problems.stiQuarterOpen.replace('{{quarter}}', '2026 Q4'));
    const stored = await sql<{
      n: number;
    }>`select count(*)::int as n from record where resource = 'rspSti'`.execute(db());
    expect(stored.rows[0].n).toBe(0);
  });

  it('refuses a quarter that began before its target was approved, naming both days', async () => {
    const refused = await calculate(late, 1);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('2026 Q1');
    expect(refused.body.message).toContain('2026-01-01');
    expect(refused.body.message).toContain('2026-03-10');
    // The late target's next quarter began after its approval: it counts.
    const next = await calculate(late, 2);
    expect(next.status, next.body.message).toBe(200);
  });

  it('is not calculated by the RSP or the province office, nor twice', async () => {
    for (const who of ['rsp', 'province'])
      expect((await calculate(inTime, 3, who)).status, who).toBeGreaterThanOrEqual(403);
    const first = await calculate(inTime, 3);
    expect(first.status, first.body.message).toBe(200);
    calculatedByDept = first.body.results.StiID;
    const twice = await calculate(inTime, 3, 'admin');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain(first.body.results.No);
  });
});

describe('an STI is reviewed and posted by people other than its calculator', () => {
  it('its calculator may neither review nor post it', async () => {
    const calculated = await calculate(inTime, 1, 'vp');
    expect(calculated.status, calculated.body.message).toBe(200);
    const id = calculated.body.results.StiID;
    const own = await review(id, 'agree', 'vp');
    expect([own.status, own.body.message]).toEqual([403, problems.stiOwnCalculation]);

    const byDept = await calculate(inTime, 2, 'channeldept');
    const deptId = byDept.body.results.StiID;
    expect((await review(deptId, 'agree', 'vp')).status).toBe(200);
    const posted = await review(deptId, 'post', 'channeldept');
    expect([posted.status, posted.body.message]).toEqual([403, problems.stiOwnCalculation]);
    expect((await stiRow(deptId)).StiStatus).toBe('121');
    const flows = await sql<{ n: number }>`select count(*)::int as n from rebate_flow
      where source_doc_type = 'sti' and source_doc_no = ${byDept.body.results.No}`.execute(db());
    expect(flows.rows[0].n).toBe(0);
  });

  it('calculated by one, reviewed and posted by two others: one STI flow of its amount', async () => {
    const calculated = await calculate(late, 3, 'admin');
    expect(calculated.status, calculated.body.message).toBe(200);
    const id = calculated.body.results.StiID;
    expect((await stiRow(id)).StiStatus).toBe('111');
    expect((await review(id, 'post', 'channeldept')).status).toBe(409);
    expect((await review(id, 'agree', 'vp')).status).toBe(200);
    expect((await stiRow(id)).StiStatus).toBe('121');
    const posted = await review(id, 'post', 'channeldept');
    expect(posted.status, posted.body.message).toBe(200);
    const row = await stiRow(id);
    expect(row.StiStatus).toBe('131');
    const flows = await sql<{ type: string; amount: string; no: string }>`select flow_type as type,
        amount::text as amount, flow_no as no from rebate_flow
      where source_doc_type = 'sti' and source_doc_no = ${row.StiNo}`.execute(db());
    if (Number(row.StiAmount) > 0)
      expect(flows.rows).toEqual([{ type: '191', amount: row.StiAmount, no: row.PostedFlowNo }]);
    else expect(flows.rows).toEqual([]);
    expect((await review(id, 'post', 'channeldept')).status).toBe(409);
  });

  it('returned with a reason, it is calculated again and reviewed anew', async () => {
    const id = calculatedByDept;
    expect((await review(id, 'return', 'vp', { reason: ' ' })).status).toBe(400);
    const returned = await review(id, 'return', 'vp', { reason: 'Late orders of the quarter came in' });
    expect(returned.status, returned.body.message).toBe(200);
    expect(await stiRow(id)).toMatchObject({
      StiStatus: '141',
      ReturnReason: 'Late orders of the quarter came in',
    });
    const again = await review(id, 'calculate', 'channeldept');
    expect(again.status, again.body.message).toBe(200);
    expect((await stiRow(id)).StiStatus).toBe('111');
  });
});

describe('what people see and what the books hold', () => {
  it('the STI list and the line panel show every status in words', async () => {
    const words = await call('/commonSession/searchAll', { code: 'StiStatus' }, 'vp');
    const options = words.body.results as { keyword: string; content: string }[];
    const list = await call('/rspSti/search', { pageSize: 50, PageID: 'salesTask.rspSti' }, 'vp');
    expect(list.status, list.body.message).toBe(200);
    const shown = new Set((list.body.results as { StiStatus: string }[]).map((r) => r.StiStatus));
    expect([...shown].sort()).toEqual(['111', '121', '131']);
    for (const status of shown) {
      const word = options.find((o) => o.keyword === status)?.content;
      expect(word, status).toMatch(/[A-Za-z]/);
      expect(word).not.toBe(status);
    }
    // Nobody writes an STI but through its workflow: no create, no change of its figures, no delete.
    const one = (list.body.results as { ObjectID: string; Version: number }[])[0];
    const writes = [
      await call('/rspSti/create', { StiNo: 'STI-forged', StiAmount: '99999.00' }, 'admin'),
      await call(
        '/rspSti/update',
        { ObjectID: one.ObjectID, Version: one.Version, StiAmount: '99999.00' },
        'admin',
      ),
      await call('/rspSti/delete', { ObjectIDs: [one.ObjectID] }, 'admin'),
    ];
    for (const write of writes) expect(write.status, write.body.message).toBeGreaterThanOrEqual(400);
    expect((await stiRow(one.ObjectID)).StiAmount).not.toBe('99999.00');
    const panel = await call('/rspTaskAllocation/sti', { ObjectID: inTime }, 'vp');
    expect(panel.body.results.Quarters.map((q: { StiStatus: string | null }) => q.StiStatus)).toEqual([
      '111',
      '121',
      '111',
      null,
    ]);
  });

  it('the books balance, and name an STI posted for a quarter that began before its target was approved', async () => {
    const report = await checkBooks(db(), (k) => k.startsWith('salesTasks.sti'));
    expect(report.checks.map((c) => [c.key, c.total])).toEqual([
      ['salesTasks.stiPostedOnce', 0],
      ['salesTasks.stiOnlyForTargetsSetBefore', 0],
    ]);
    const posted = (
      await sql<{ id: string; no: string }>`select object_id::text as id, data->>'StiNo' as no from record
        where resource = 'rspSti' and data->>'StiStatus' = '131'`.execute(db())
    ).rows[0];
    // The late target's STI marked as of its first quarter, which began before the target was approved.
    const found = await checkAfterCorruption(db(), 'salesTasks.stiOnlyForTargetsSetBefore', (trx) =>
      sql`update record set data = data || '{"Quarter": "Q1"}'::jsonb where object_id = ${posted.id}`.execute(
        trx,
      ),
    );
    expect(found.rows.map((r) => r.label)).toEqual([expect.stringContaining(posted.no)]);
  });
});
