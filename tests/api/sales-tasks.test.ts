import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en as messages } from '../../locales/en/messages';
import { planYears } from '../../server/sales-tasks/task-references.rules';
import { fenOf, splitAnnual, yuanOf } from '../../server/sales-tasks/task-split';
import { startTestApp, type TestApp } from './harness';

/**
 * Sales tasks (server/sales-tasks): the server splits an annual target into quarters and months that
 * always add up to it, refuses a hand-made split that does not (with the difference), refuses a task
 * without what identifies it, and freezes a task in approval or approved against every edit and delete.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const en = { 'accept-language': 'en' };
const fields = messages.field as unknown as Record<string, Record<string, string>>;
const labelOf = (resource: string, field: string) =>
  fields[resource]?.[field] ?? fields.common[field] ?? field;
const call = (path: string, body: unknown, who = 'province') => t.post(path, body, tokens[who], en);

// Targets are set before their period: next year, in keys of the province manager's province the demo
// leaves free (its targets there are the own line's sell-in and sell-out).
const { max: YEAR } = planYears();
const identity = { Year: YEAR, ProvinceName: '江苏省', Brand: '111', IndicatorType: '121' };
type Task = { ObjectID: string; Version: number; [field: string]: unknown };
let approved: Task;
let rspName: string;
let otherRsp: string;
let inApproval: Task;

async function create(resource: string, body: Record<string, unknown>): Promise<Task> {
  const { status, body: answer } = await call(`/${resource}/create`, body);
  if (status !== 200) throw new Error(`${resource}: ${answer.message}`);
  return answer.results;
}

/** The approval workflow's end state, written as the approval writes it. */
const setApproval = (task: Task, status: string) =>
  sql`update record set data = data || ${JSON.stringify({ TaskApprovalStatus: status })}::jsonb
    where object_id = ${task.ObjectID}`.execute(t.database.db);

const recordCount = async () =>
  (await sql<{ n: number }>`select count(*)::int as n from record`.execute(t.database.db)).rows[0].n;

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['province', 'rsp']) tokens[user] = await t.login(user, 'Demo@123456');
  const rsps = await sql<{ name: string; own: boolean }>`select c.name, e.object_id is not null as own
    from customer c left join employee e on e.company_id = c.object_id and e.username = 'rsp'
    where c.customer_type = '111' and c.province_code = '320000' order by own desc, c.name limit 2`.execute(
    t.database.db,
  );
  [rspName, otherRsp] = rsps.rows.map((r) => r.name);
  approved = await create('salesTask', { ...identity, AnnualTask: '1200.00' });
  inApproval = await create('provinceTask', { ...identity, AnnualTask: '800.00' });
  await setApproval(approved, '121');
  await setApproval(inApproval, '111');
});
afterAll(() => t?.close());

describe('the split of an annual target', () => {
  it('always adds up to the annual figure, quarters by the default shares and months equal', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }), (annual) => {
        const { quarters, months } = splitAnnual(annual);
        expect(quarters.reduce((a, b) => a + b, 0n)).toBe(annual);
        expect(months.reduce((a, b) => a + b, 0n)).toBe(annual);
        quarters.forEach((q, i) => {
          expect(months.slice(i * 3, i * 3 + 3).reduce((a, b) => a + b, 0n)).toBe(q);
        });
        expect(fenOf(yuanOf(annual))).toBe(annual);
      }),
    );
  });

  it('is computed by the server when left blank, the remainder on the last period', async () => {
    const task = await create('salesTask', { ...identity, AnnualTask: '1000.01' });
    expect(task.TaskNo).toMatch(/^RW/);
    expect([task.Q1Task, task.Q2Task, task.Q3Task, task.Q4Task]).toEqual([
      '200.00',
      '250.00',
      '250.00',
      '300.01',
    ]);
    expect([task.Month10Task, task.Month11Task, task.Month12Task]).toEqual(['100.00', '100.00', '100.01']);
    const shown = (await call('/salesTask/getOne', { ObjectID: task.ObjectID })).body.results[0];
    expect(shown.Q4Task).toBe('300.01');
    // A target of its own: one year, province, brand line and indicator has one target.
    const province = await create('provinceTask', {
      ...identity,
      IndicatorType: '131',
      AnnualTask: '10.00',
    });
    expect([province.Q1Task, province.Q4Task]).toEqual(['2.00', '3.00']);
  });

  it('follows the annual target when only the target is edited, and stays when the quarters come along', async () => {
    const task = await create('salesTask', { ...identity, AnnualTask: '1000.00' });
    const alone = await call('/salesTask/update', {
      ObjectID: task.ObjectID,
      Version: task.Version,
      AnnualTask: '2000.00',
    });
    expect(alone.status).toBe(200);
    const edited = (await call('/salesTask/getOne', { ObjectID: task.ObjectID })).body.results[0];
    expect([edited.Q1Task, edited.Q2Task, edited.Q3Task, edited.Q4Task]).toEqual([
      '400.00',
      '500.00',
      '500.00',
      '600.00',
    ]);
    expect([edited.Month01Task, edited.Month12Task]).toEqual(['133.33', '200.00']);
    const byHand = await call('/salesTask/update', {
      ObjectID: task.ObjectID,
      Version: edited.Version,
      AnnualTask: '2100.00',
      Q1Task: '500.00',
    });
    expect(byHand.status).toBe(200);
    const kept = (await call('/salesTask/getOne', { ObjectID: task.ObjectID })).body.results[0];
    expect([kept.Q1Task, kept.Q4Task, kept.Month01Task]).toEqual(['500.00', '600.00', '166.66']);
  });

  it('entered by hand must add up, or the save is refused with the difference and nothing is kept', async () => {
    const before = await recordCount();
    const quarters = await call('/provinceTask/create', {
      ...identity,
      Year: YEAR,
      IndicatorType: '111',
      AnnualTask: '1000.00',
      Q1Task: '200.00',
      Q2Task: '250.00',
      Q3Task: '250.00',
      Q4Task: '299.00',
    });
    expect(quarters.status).toBe(400);
    expect(quarters.body.message).toContain(labelOf('provinceTask', 'AnnualTask'));
    expect(quarters.body.message).toContain('a difference of 1.00');
    const task = await create('salesTask', { ...identity, AnnualTask: '300.00' });
    const months = await call('/salesTask/update', {
      ObjectID: task.ObjectID,
      Version: task.Version,
      Month01Task: '30.00',
    });
    expect(months.status).toBe(400);
    expect(months.body.message).toContain(labelOf('salesTask', 'Q1Task'));
    expect(months.body.message).toContain('a difference of -10.00');
    expect(await recordCount()).toBe(before + 1);
    expect((await call('/salesTask/getOne', { ObjectID: task.ObjectID })).body.results[0].Month01Task).toBe(
      '20.00',
    );
  });

  it('needs what identifies a task: a blank create is refused naming the field', async () => {
    const blank = await call('/salesTask/create', { PageID: 'salesTask.taskSplit' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(`${labelOf('salesTask', 'Year')} is required`);
    const noAnnual = await call('/salesTask/create', { ...identity });
    expect(noAnnual.body.message).toBe(`${labelOf('salesTask', 'AnnualTask')} is required`);
  });
});

describe('load bearing of a province target', () => {
  it('is the RSPs’ shares over the annual target, recomputed after every allocation and target change', async () => {
    const key = { ...identity, Year: YEAR, IndicatorType: '101' };
    const target = await create('provinceTask', { ...key, AnnualTask: '1000.00' });
    expect([target.RspAllocated, target.LoadBearingRate]).toEqual(['0.00', 0]);
    // One line per RSP: the second share is another RSP's.
    const allocate = (amount: string, agent: string) =>
      create('rspTaskAllocation', { ...key, AgentName: agent, LoadBearingAmount: amount });
    const first = await allocate('600.00', rspName);
    expect([first.Q1Task, first.Q4Task]).toEqual(['120.00', '180.00']);
    await allocate('550.01', otherRsp);
    const shown = async () =>
      (await call('/provinceTask/getOne', { ObjectID: target.ObjectID })).body.results[0];
    expect([(await shown()).RspAllocated, (await shown()).LoadBearingRate]).toEqual(['1150.01', 115]);
    const raised = await call('/provinceTask/update', {
      ObjectID: target.ObjectID,
      Version: target.Version,
      AnnualTask: '2000.00',
      Q1Task: '400.00',
      Q2Task: '500.00',
      Q3Task: '500.00',
      Q4Task: '600.00',
    });
    expect(raised.status).toBe(200);
    expect((await shown()).LoadBearingRate).toBe(57.5);
  });

  it('past ten million percent is still shown by the provincial report, flagged outside the approval window', async () => {
    // A target typed in ten-thousands of yuan against a line typed in yuan: 550,000,000 %.
    const key = { ...identity, Brand: '101', IndicatorType: '131' };
    await create('provinceTask', { ...key, AnnualTask: '1.00' });
    await create('rspTaskAllocation', { ...key, AgentName: rspName, LoadBearingAmount: '5500000.00' });
    const report = await call('/provincialTaskReport/search', {
      PageID: 'salesTask.provincialTaskReport',
      Year: String(key.Year),
      pageSize: 100,
    });
    expect(report.status, report.body.message).toBe(200);
    const rows = report.body.results as Task[];
    const row = rows.find((r) => r.IndicatorType === '131' && r.Brand === key.Brand);
    expect([row?.LoadBearingRate, row?.LoadBearingOutsideWindow]).toEqual(['550000000.00', true]);
    const flagged = await call('/provincialTaskReport/search', {
      PageID: 'salesTask.provincialTaskReport',
      Year: String(key.Year),
      LoadBearingOutsideWindow: false,
    });
    expect(flagged.body.results.map((r: Task) => r.ObjectID)).not.toContain(row?.ObjectID);
  });
});

describe('the demo targets', () => {
  it('went in through the same rules: split by the server, allocated 110% to the province’s RSPs', async () => {
    const found = await call('/provinceTask/search', { Year: '2027', pageSize: 100 });
    const demo = found.body.results.filter((r: Task) =>
      ['12000000.00', '3600000.01'].includes(String(r.AnnualTask)),
    );
    expect(demo.map((r: Task) => [r.RspAllocated, r.LoadBearingRate, r.Q4Task])).toEqual(
      expect.arrayContaining([
        ['13200000.00', 110, '3600000.00'],
        ['3960000.01', 110, '1080000.01'],
      ]),
    );
  });
});

describe('the demo tasks', () => {
  it('add up, so any of them can be edited without first correcting its split', async () => {
    const found = await call('/salesTask/search', { pageSize: 100 });
    expect(found.body.results.length).toBeGreaterThan(0);
    for (const task of found.body.results as Task[]) {
      const quarters = ['Q1Task', 'Q2Task', 'Q3Task', 'Q4Task'].map((f) => fenOf(String(task[f])));
      expect(
        quarters.reduce((a, b) => a + b, 0n),
        String(task.TaskNo),
      ).toBe(fenOf(String(task.AnnualTask)));
    }
  });
});

describe('an RSP allocation', () => {
  it('names an RSP, and that RSP reads its own allocations only', async () => {
    const key = { ...identity, Brand: '101', IndicatorType: '121' };
    await create('provinceTask', { ...key, AnnualTask: '100.00' });
    const notRsp = await call('/rspTaskAllocation/create', {
      ...key,
      AgentName: 'Nobody Ltd',
      LoadBearingAmount: '1.00',
    });
    expect([notRsp.status, notRsp.body.message]).toEqual([
      400,
      `${labelOf('rspTaskAllocation', 'AgentName')}: is not an RSP (first-tier agent)`,
    ]);
    await create('rspTaskAllocation', { ...key, AgentName: rspName, LoadBearingAmount: '10.00' });
    await create('rspTaskAllocation', { ...key, AgentName: otherRsp, LoadBearingAmount: '20.00' });
    const seen = await call(
      '/rspTaskAllocation/search',
      { Year: String(YEAR), IndicatorType: '121', PageID: 'salesTask.rspTaskConfirm' },
      'rsp',
    );
    expect(seen.status).toBe(200);
    expect(seen.body.results.map((r: { AgentName: string }) => r.AgentName)).toEqual([rspName]);
    const province = await call('/rspTaskAllocation/search', { Year: String(YEAR), IndicatorType: '121' });
    expect(province.body.results).toHaveLength(2);
  });
});

describe('a task in approval or approved', () => {
  it('refuses an update with its status named, and is not deleted; it stays as it was', async () => {
    const edit = await call('/salesTask/update', {
      ObjectID: approved.ObjectID,
      Version: approved.Version,
      Remark: 'changed',
    });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toContain('is approved');
    // No task page offers delete: the route refuses it outright; the lock would refuse it too.
    expect((await call('/salesTask/delete', { ObjectIDs: [approved.ObjectID] })).status).toBe(403);
    const frozen = await call('/provinceTask/update', {
      ObjectID: inApproval.ObjectID,
      Version: inApproval.Version,
      AnnualTask: '900.00',
    });
    expect([frozen.status, frozen.body.message]).toEqual([409, expect.stringContaining('in approval')]);
    // An RSP line added to it is refused naming the target in words, not by its province alone.
    const line = await call('/rspTaskAllocation/create', {
      ...identity,
      AgentName: rspName,
      LoadBearingAmount: '1.00',
    });
    expect([line.status, line.body.message]).toEqual([
      409,
      expect.stringContaining(`The ${YEAR} Partner brand Collections target of 江苏省 is in approval`),
    ]);
    const kept = (await call('/salesTask/getOne', { ObjectID: approved.ObjectID })).body.results[0];
    expect([kept.Version, kept.Remark ?? null]).toEqual([approved.Version, null]);
    expect((await call('/provinceTask/getOne', { ObjectID: inApproval.ObjectID })).status).toBe(200);
  });

  it('is not written by a role without the sales task pages', async () => {
    expect((await call('/provinceTask/create', { ...identity, AnnualTask: '1.00' }, 'rsp')).status).toBe(403);
    expect((await call('/salesTask/delete', [approved.ObjectID], 'rsp')).status).toBe(403);
  });
});
