import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { en as messages } from '../../locales/en/messages';
import { checkBooks } from '../../server/books/check-books';
import { startTestApp, type TestApp } from './harness';

/**
 * A city manager's STI (STI_1/STI_2, docs/sales-tasks.md "STI"): each quarter's row moves through its
 * workflow — 计算中 while the quarter runs, 待核算 once it is over, calculated by HQ, reviewed by the
 * executive and posted by the channel department, never by whoever calculated it, or returned and
 * calculated again — and the lists show the workflow's words.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const en = { 'accept-language': 'en' };
const problems = messages.salesTasks.problems;
const db = () => t.database.db;
const call = (path: string, body: unknown, who: string) => t.post(path, body, tokens[who], en);
const decide = (id: string, command: string, who: string, payload = {}) =>
  call('/workflow/decide', { workflow: 'cityManagerStiReview', ObjectID: id, command, payload }, who);
const USERS = ['province', 'rsp', 'vp', 'channeldept', 'admin', 'city', 'cm320500'];

async function today(instant: string) {
  vi.setSystemTime(new Date(instant));
  for (const user of USERS)
    tokens[user] = await t.login(user, user === 'admin' ? 'Admin@123456' : 'Demo@123456');
}

interface StiRow {
  ObjectID: string;
  Quarter: string;
  StiStatus: string;
  StiAmount: string;
  TaskAmount: string;
  CalculatedBy: string | null;
  ReturnReason: string | null;
}

/** The STI_1 rows of the demo city manager's task, by quarter, as the list shows them. */
async function stiRows(who = 'vp', extra: Record<string, unknown> = {}): Promise<Record<string, StiRow>> {
  const list = await call(
    '/stiTask/search',
    {
      pageSize: 50,
      PageID: 'salesTask.cityManagerSti1',
      StiKind: '1',
      Year: '2026',
      TaskID: taskId,
      ...extra,
    },
    who,
  );
  expect(list.status, list.body.message).toBe(200);
  return Object.fromEntries((list.body.results as StiRow[]).map((r) => [r.Quarter, r]));
}

let taskId: string;
let lineId: string;
let otherLineId: string;
let rows: Record<string, StiRow>;

beforeAll(async () => {
  t = await startTestApp();
  vi.useFakeTimers({ toFake: ['Date'] });
  const rspName = (
    await sql<{ name: string }>`select c.name from customer c join employee e on e.company_id = c.object_id
      where e.username = 'rsp'`.execute(db())
  ).rows[0].name;
  const manager = (
    await sql<{ name: string }>`select last_name as name from employee where username = 'city'`.execute(db())
  ).rows[0].name;
  // Set and approved in December for the coming year, with the Nanjing city manager's sell-in task.
  await today('2025-12-10T10:00:00+08:00');
  const key = { Year: 2026, ProvinceName: '江苏省', Brand: '111', IndicatorType: '101' };
  const target = await call('/provinceTask/create', { ...key, AnnualTask: '500000.00' }, 'province');
  expect(target.status, target.body.message).toBe(200);
  const id = target.body.results.ObjectID;
  const line = await call(
    '/rspTaskAllocation/create',
    { ...key, AgentName: rspName, LoadBearingAmount: '500000.00' },
    'province',
  );
  expect(line.status, line.body.message).toBe(200);
  const task = await call(
    '/cityManagerTask/create',
    {
      Year: 2026,
      ProvinceName: '江苏省',
      CityName: '南京市',
      Brand: '111',
      cityManagerName: manager,
      TaskType: '111',
      AnnualTask: '400000.00',
      Q1Task: '100000.00',
      Q2Task: '100000.00',
      Q3Task: '100000.00',
      Q4Task: '100000.00',
    },
    'province',
  );
  expect(task.status, task.body.message).toBe(200);
  taskId = task.body.results.ObjectID;
  lineId = line.body.results.ObjectID;
  // A sell-out target of the same brand line with no task of Nanjing: a package the city manager has no part in.
  const free = await sql<{ i: string }>`select v.i from (values ('111'), ('121'), ('131')) v(i)
    where not exists (select 1 from record where resource in ('cityManagerTask', 'provinceTask')
      and data->>'Year' = '2026' and data->>'ProvinceName' = '江苏省' and data->>'Brand' = '111'
      and (data->>'TaskType' = (v.i::int + 10)::text or data->>'IndicatorType' = v.i))
    order by v.i limit 1`.execute(db());
  const other = { ...key, IndicatorType: free.rows[0].i };
  expect((await call('/provinceTask/create', { ...other, AnnualTask: '300000.00' }, 'province')).status).toBe(
    200,
  );
  const otherLine = await call(
    '/rspTaskAllocation/create',
    { ...other, AgentName: rspName, LoadBearingAmount: '300000.00' },
    'province',
  );
  expect(otherLine.status, otherLine.body.message).toBe(200);
  otherLineId = otherLine.body.results.ObjectID;
  for (const [workflow, subject, command, who] of [
    ['salesTask', id, 'requestConfirmation', 'province'],
    ['rspTaskConfirmation', line.body.results.ObjectID, 'confirm', 'rsp'],
    ['salesTask', id, 'submit', 'province'],
    ['salesTask', id, 'agree', 'vp'],
  ]) {
    const step = await call('/workflow/decide', { workflow, ObjectID: subject, command, payload: {} }, who);
    expect(step.status, `${command}: ${step.body.message}`).toBe(200);
  }
  await today('2026-11-28T10:00:00+08:00');
  rows = await stiRows();
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

describe('a city manager’s STI moves through its workflow', () => {
  it('shows a running quarter as calculating and a finished one as awaiting calculation', async () => {
    expect(Object.keys(rows).sort()).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
    expect(rows.Q4.StiStatus).toBe('101');
    expect(rows.Q1.StiStatus).toBe('151');
    const words = await sql<{ code: string; zh: string }>`select keyword as code, content_zh as zh
      from dictionary_entry where code = 'StiStatus' and keyword in ('101', '151')
      order by keyword`.execute(db());
    expect(words.rows).toEqual([
      { code: '101', zh: '计算中' },
      { code: '151', zh: '待核算' },
    ]);
  });

  it('offers calculation on the row’s page to HQ for a finished quarter only', async () => {
    const offered = async (id: string, who: string) => {
      const panel = await call('/workflow/options', { workflow: 'cityManagerStiReview', ObjectID: id }, who);
      expect(panel.status, panel.body.message).toBe(200);
      return (panel.body.results.Commands as { Name: string }[]).map((c) => c.Name);
    };
    expect(await offered(rows.Q1.ObjectID, 'channeldept')).toEqual(['calculate']);
    expect(await offered(rows.Q4.ObjectID, 'channeldept')).toEqual([]);
    expect(await offered(rows.Q1.ObjectID, 'city')).toEqual([]);
  });

  it('refuses a quarter not over, the city manager and the RSP, and starts nothing', async () => {
    const open = await decide(rows.Q4.ObjectID, 'calculate', 'channeldept');
    expect(open.status).toBe(409);
    expect(open.body.message).toBe(problems.stiQuarterOpen.replace('{{quarter}}', '2026 Q4'));
    expect((await decide(rows.Q1.ObjectID, 'calculate', 'city')).status).toBe(403);
    // A review of an STI nobody calculated is no command at all.
    expect((await decide(rows.Q1.ObjectID, 'agree', 'vp')).status).toBe(404);
    const streams = await sql<{ n: number }>`select count(*)::int as n from workflow_stream
      where workflow = 'cityManagerStiReview'`.execute(db());
    expect(streams.rows[0].n).toBe(0);
  });

  it('is calculated by HQ, reviewed by the executive and posted by the channel department', async () => {
    const calculated = await decide(rows.Q1.ObjectID, 'calculate', 'admin');
    expect(calculated.status, calculated.body.message).toBe(200);
    let now = await stiRows();
    expect(now.Q1.StiStatus).toBe('111');
    expect(now.Q1.TaskAmount).toBe('100000.00');
    expect(now.Q1.CalculatedBy).toBeTruthy();
    // The executive's to-do lists it; the city manager's own page does not offer it to anyone else.
    const todo = await stiRows('vp', { AwaitingMe: 1 });
    expect(Object.keys(todo)).toEqual(['Q1']);
    expect((await decide(rows.Q1.ObjectID, 'post', 'channeldept')).status).toBeGreaterThanOrEqual(400);
    expect((await decide(rows.Q1.ObjectID, 'agree', 'vp')).status).toBe(200);
    now = await stiRows();
    expect(now.Q1.StiStatus).toBe('121');
    expect((await decide(rows.Q1.ObjectID, 'post', 'channeldept')).status).toBe(200);
    now = await stiRows();
    expect(now.Q1.StiStatus).toBe('131');
    // Posting a city manager's STI is payroll's: no rebate flow is written.
    const flows = await sql<{ n: number }>`select count(*)::int as n from rebate_flow
      where source_doc_type = 'sti'`.execute(db());
    expect(flows.rows[0].n).toBe(0);
  });

  it('is neither reviewed nor posted by whoever calculated it, and returns with its reason', async () => {
    expect((await decide(rows.Q2.ObjectID, 'calculate', 'channeldept')).status).toBe(200);
    const returned = await decide(rows.Q2.ObjectID, 'return', 'vp', { reason: 'Orders of June missing' });
    expect(returned.status, returned.body.message).toBe(200);
    let now = await stiRows();
    expect(now.Q2.StiStatus).toBe('141');
    expect(now.Q2.ReturnReason).toBe('Orders of June missing');
    expect((await decide(rows.Q2.ObjectID, 'calculate', 'channeldept')).status).toBe(200);
    expect((await decide(rows.Q2.ObjectID, 'agree', 'vp')).status).toBe(200);
    const own = await decide(rows.Q2.ObjectID, 'post', 'channeldept');
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(problems.stiOwnCalculation);
    now = await stiRows();
    expect(now.Q2.StiStatus).toBe('121');
    expect(now.Q2.ReturnReason).toBeNull();
  });

  it('keeps the books', async () => {
    const books = await checkBooks(db());
    expect(books.checks.filter((c) => c.total > 0).map((c) => c.key)).toEqual([]);
  });
});

describe('a city manager reads the RSP lines of the packages its cities have tasks in', () => {
  const lines = async (who: string) => {
    const list = await call(
      '/rspTaskAllocation/search',
      { pageSize: 50, PageID: 'salesTask.rspTaskAllocation', Year: '2026' },
      who,
    );
    expect(list.status, list.body.message).toBe(200);
    return (list.body.results as { ObjectID: string }[]).map((r) => r.ObjectID);
  };

  it('lists and opens the line carrying the target its task belongs to, and no other', async () => {
    const seen = await lines('city');
    expect(seen).toContain(lineId);
    expect(seen).not.toContain(otherLineId);
    const one = await call('/rspTaskAllocation/getOne', { ObjectID: lineId }, 'city');
    expect(one.status, one.body.message).toBe(200);
    expect((await call('/rspTaskAllocation/getOne', { ObjectID: otherLineId }, 'city')).status).toBe(404);
    // Another city's manager, with no task in the package, reads none of it.
    expect(await lines('cm320500')).not.toContain(lineId);
    expect((await call('/rspTaskAllocation/getOne', { ObjectID: lineId }, 'cm320500')).status).toBe(404);
  });

  it('writes none of them', async () => {
    const before = await sql<{
      version: number;
    }>`select version from record where object_id = ${lineId}`.execute(db());
    const created = await call(
      '/rspTaskAllocation/create',
      {
        Year: 2026,
        ProvinceName: '江苏省',
        Brand: '111',
        IndicatorType: '121',
        AgentName: 'x',
        LoadBearingAmount: '1.00',
      },
      'city',
    );
    expect(created.status).toBe(403);
    const changed = await call(
      '/rspTaskAllocation/update',
      { ObjectID: lineId, Version: before.rows[0].version, LoadBearingAmount: '1.00' },
      'city',
    );
    // The one form of the lines he holds is the RSP's answer page, where the figure is read-only.
    expect([changed.status, changed.body.field]).toEqual([400, 'LoadBearingAmount']);
    expect(
      (await call('/rspTaskAllocation/delete', { ObjectIDs: [lineId] }, 'city')).status,
    ).toBeGreaterThanOrEqual(403);
    const after = await sql<{
      version: number;
    }>`select version from record where object_id = ${lineId}`.execute(db());
    expect(after.rows[0].version).toBe(before.rows[0].version);
  });
});
