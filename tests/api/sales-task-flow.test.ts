import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en as messages } from '../../locales/en/messages';
import type { Caller } from '../../server/http/auth';
import { autoConfirmRspLines } from '../../server/sales-tasks/rsp-confirmation.job';
import { stiOf } from '../../server/sales-tasks/sti';
import { calculateRspSti } from '../../server/sales-tasks/sti-posting.service';
import { planYears } from '../../server/sales-tasks/task-references.rules';
import { fenOf } from '../../server/sales-tasks/task-split';
import { decide as decideAs } from '../../server/workflows/decisions';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * A province target from its split to its approved lock (notes §6.2): the share table drives the split,
 * the RSP lines are sent for confirmation and answered (confirm, object and ruling, silence), the
 * package is submitted and approved only with a load bearing of 100–130%, and once approved neither
 * the target nor its lines change except through an adjustment request HQ agrees to.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const en = { 'accept-language': 'en' };
const fields = messages.field as unknown as Record<string, Record<string, string>>;
const labelOf = (resource: string, field: string) =>
  fields[resource]?.[field] ?? fields.common[field] ?? field;
const call = (path: string, body: unknown, who = 'province') => t.post(path, body, tokens[who], en);

type Row = { ObjectID: string; Version: number; [field: string]: unknown };
// The last plan year, whose quarters have not begun; the partner brand line, which the demo leaves free.
const { max: YEAR } = planYears();
const key = { Year: YEAR, ProvinceName: '江苏省', Brand: '111', IndicatorType: '101' };
let rspName: string;
let otherRsp: string;

async function create(resource: string, body: Record<string, unknown>, who = 'province'): Promise<Row> {
  const { status, body: answer } = await call(`/${resource}/create`, body, who);
  if (status !== 200) throw new Error(`${resource}: ${answer.message}`);
  return answer.results;
}
const getOne = async (resource: string, id: string, who = 'province') =>
  (await call(`/${resource}/getOne`, { ObjectID: id }, who)).body.results?.[0] as Row;
const decide = (workflow: string, id: string, command: string, who: string, payload = {}, version?: number) =>
  call('/workflow/decide', { workflow, ObjectID: id, command, payload, WorkflowVersion: version }, who);

beforeAll(async () => {
  t = await startTestApp();
  for (const [user, password] of [
    ['province', 'Demo@123456'],
    ['rsp', 'Demo@123456'],
    ['vp', 'Demo@123456'],
    ['admin', 'Admin@123456'],
  ])
    tokens[user] = await t.login(user, password);
  const rsps = await sql<{ name: string; own: boolean }>`select c.name, e.object_id is not null as own
    from customer c left join employee e on e.company_id = c.object_id and e.username = 'rsp'
    where c.customer_type = '111' and c.province_code = '320000' order by own desc, c.name limit 2`.execute(
    t.database.db,
  );
  [rspName, otherRsp] = rsps.rows.map((r) => r.name);
});
afterAll(() => t?.close());

describe('the quarter and month share table', () => {
  it('drives the split of a new target, and refuses shares that do not add up, naming the difference', async () => {
    const share = { Year: YEAR, ProvinceName: key.ProvinceName, Brand: key.Brand };
    const rows = [
      { Quarter: 'Q1', QuarterShare: 10, Month1Share: 50, Month2Share: 30, Month3Share: 20 },
      { Quarter: 'Q2', QuarterShare: 20 },
      { Quarter: 'Q3', QuarterShare: 30 },
    ];
    for (const row of rows) await create('quarterMonthShare', { ...share, ...row });
    const over = await call('/quarterMonthShare/create', { ...share, Quarter: 'Q4', QuarterShare: 45 });
    expect([over.status, over.body.message]).toEqual([
      400,
      `${labelOf('quarterMonthShare', 'QuarterShare')}: the quarter shares add up to 105%, not 100%: a difference of -5%`,
    ]);
    const months = await call('/quarterMonthShare/create', {
      ...share,
      Quarter: 'Q4',
      QuarterShare: 40,
      Month1Share: 30,
      Month2Share: 30,
      Month3Share: 30,
    });
    expect(months.body.message).toContain('a difference of 10%');
    await create('quarterMonthShare', { ...share, Quarter: 'Q4', QuarterShare: 40 });
    const task = await create('salesTask', { ...key, AnnualTask: '1000.00' });
    expect([task.Q1Task, task.Q2Task, task.Q3Task, task.Q4Task]).toEqual([
      '100.00',
      '200.00',
      '300.00',
      '400.00',
    ]);
    expect([task.Month01Task, task.Month02Task, task.Month03Task]).toEqual(['50.00', '30.00', '20.00']);
    expect([task.Month04Task, task.Month06Task]).toEqual(['66.66', '66.68']);
  });

  it('a new task without what identifies it is refused naming the field, and nothing is saved', async () => {
    const before = await sql<{
      n: number;
    }>`select count(*)::int as n from record where resource = 'salesTask'`.execute(t.database.db);
    const blank = await call('/salesTask/create', {});
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(`${labelOf('salesTask', 'Year')} is required`);
    const after = await sql<{
      n: number;
    }>`select count(*)::int as n from record where resource = 'salesTask'`.execute(t.database.db);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe('a province target from allocation to its approved lock', () => {
  let target: Row;
  let mine: Row;
  let theirs: Row;

  it('is sent to its RSPs, answered, and submitted only inside 100–130% load bearing', async () => {
    target = await create('provinceTask', { ...key, AnnualTask: '1000.00' });
    expect([target.TaskPackageStatus, target.TaskApprovalStatus]).toEqual(['121', '101']);
    expect([target.Q1Task, target.Q4Task]).toEqual(['100.00', '400.00']);
    mine = await create('rspTaskAllocation', { ...key, AgentName: rspName, LoadBearingAmount: '500.00' });
    theirs = await create('rspTaskAllocation', { ...key, AgentName: otherRsp, LoadBearingAmount: '400.00' });
    expect((await decide('salesTask', target.ObjectID, 'requestConfirmation', 'province')).status).toBe(200);
    expect((await getOne('rspTaskAllocation', mine.ObjectID)).ConfirmStatus).toBe('101');
    // Another RSP's line is not this RSP's to answer: it does not exist for it.
    expect((await decide('rspTaskConfirmation', theirs.ObjectID, 'confirm', 'rsp')).status).toBe(404);
    expect((await decide('rspTaskConfirmation', mine.ObjectID, 'confirm', 'rsp')).status).toBe(200);
    const unanswered = await decide('salesTask', target.ObjectID, 'submit', 'province');
    expect([unanswered.status, unanswered.body.message]).toEqual([
      409,
      `1 RSP line(s) are not answered yet (${otherRsp}): it cannot be submitted`,
    ]);
    expect(await autoConfirmRspLines(t.database.db, new Date('2099-01-01T00:00:00Z'))).toBeGreaterThan(0);
    const silent = await getOne('rspTaskAllocation', theirs.ObjectID);
    expect([silent.ConfirmStatus, Boolean(silent.ConfirmedOn)]).toEqual(['141', true]);
    const short = await decide('salesTask', target.ObjectID, 'submit', 'province');
    expect(short.status).toBe(409);
    expect(short.body.message).toContain('The load bearing is 90.00%, outside 100%–130%');
  });

  it('goes back to allocation, where an objection with a proposed figure is ruled', async () => {
    expect((await decide('salesTask', target.ObjectID, 'reopen', 'province')).status).toBe(200);
    const raised = await call('/rspTaskAllocation/update', {
      ObjectID: theirs.ObjectID,
      Version: (await getOne('rspTaskAllocation', theirs.ObjectID)).Version,
      LoadBearingAmount: '700.00',
      Q1Task: '',
      Q2Task: '',
      Q3Task: '',
      Q4Task: '',
    });
    expect(raised.status).toBe(200);
    expect((await decide('salesTask', target.ObjectID, 'requestConfirmation', 'province')).status).toBe(200);
    const noFigure = await decide('rspTaskConfirmation', mine.ObjectID, 'object', 'rsp', {
      reason: 'too high',
    });
    expect(noFigure.status).toBe(400);
    expect(noFigure.body.message).toContain(labelOf('rspTaskAllocation', 'ObjectionAmount'));
    const objected = await decide('rspTaskConfirmation', mine.ObjectID, 'object', 'rsp', {
      reason: 'stock is high',
      amount: '450.00',
    });
    expect(objected.status).toBe(200);
    expect((await decide('rspTaskConfirmation', theirs.ObjectID, 'confirm', 'admin')).status).toBe(403);
    await autoConfirmRspLines(t.database.db, new Date('2099-01-01T00:00:00Z'));
    expect((await decide('rspTaskConfirmation', mine.ObjectID, 'accept', 'province')).status).toBe(200);
    const ruled = await getOne('rspTaskAllocation', mine.ObjectID);
    expect([ruled.ConfirmStatus, ruled.LoadBearingAmount, ruled.Q4Task]).toEqual(['131', '450.00', '180.00']);
    expect((await getOne('provinceTask', target.ObjectID)).LoadBearingRate).toBe(115);
  });

  it('is approved by HQ and then locked, its lines too, on every route', async () => {
    const submitted = await decide('salesTask', target.ObjectID, 'submit', 'province');
    expect(submitted.status).toBe(200);
    expect((await getOne('rspTaskAllocation', mine.ObjectID)).TaskApprovalStatus).toBe('111');
    const stale = await decide(
      'salesTask',
      target.ObjectID,
      'agree',
      'vp',
      {},
      submitted.body.results.WorkflowVersion - 1,
    );
    expect(stale.status).toBe(409);
    expect((await decide('salesTask', target.ObjectID, 'agree', 'province')).status).toBe(403);
    expect((await decide('salesTask', target.ObjectID, 'agree', 'vp')).status).toBe(200);
    const locked = await getOne('provinceTask', target.ObjectID);
    expect([locked.TaskPackageStatus, locked.TaskApprovalStatus]).toEqual(['161', '121']);
    const edit = await call('/provinceTask/update', {
      ObjectID: target.ObjectID,
      Version: locked.Version,
      Remark: 'x',
    });
    expect([edit.status, edit.body.message]).toEqual([
      409,
      `The ${YEAR} Partner brand Sell-in target of ${key.ProvinceName} is approved (task approval status: approved) and cannot be changed or deleted; use a task adjustment request`,
    ]);
    const line = await getOne('rspTaskAllocation', theirs.ObjectID);
    const lineEdit = await call('/rspTaskAllocation/update', {
      ObjectID: line.ObjectID,
      Version: line.Version,
      Remark: 'x',
    });
    expect([lineEdit.status, line.TaskApprovalStatus]).toEqual([409, '121']);
    const added = await call('/rspTaskAllocation/create', {
      ...key,
      AgentName: rspName,
      LoadBearingAmount: '1.00',
    });
    expect(added.status).toBe(409);
    const cityLine = await call('/cityManagerTask/create', {
      Year: YEAR,
      ProvinceName: key.ProvinceName,
      Brand: key.Brand,
      cityManagerName: '赵城市',
      CityName: '南京市',
      TaskType: '111',
      AnnualTask: '10.00',
      Q1Task: '2.00',
      Q2Task: '2.50',
      Q3Task: '2.50',
      Q4Task: '3.00',
    });
    expect(cityLine.status).toBe(409);
  });

  it('changes only after an adjustment request HQ agrees to', async () => {
    const noReason = await decide('salesTask', target.ObjectID, 'requestAdjustment', 'province', {
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    expect(
      (await decide('salesTask', target.ObjectID, 'requestAdjustment', 'province', { reason: 'new plant' }))
        .status,
    ).toBe(200);
    expect((await getOne('provinceTask', target.ObjectID)).TaskApprovalStatus).toBe('121');
    expect((await decide('salesTask', target.ObjectID, 'agreeAdjustment', 'vp')).status).toBe(200);
    const open = await getOne('provinceTask', target.ObjectID);
    expect([open.TaskPackageStatus, open.TaskApprovalStatus]).toEqual(['171', '101']);
    const stale = await call('/provinceTask/update', {
      ObjectID: open.ObjectID,
      Version: open.Version - 1,
      Remark: 'y',
    });
    expect(stale.status).toBe(409);
    const edit = await call('/provinceTask/update', {
      ObjectID: open.ObjectID,
      Version: open.Version,
      Remark: 'y',
    });
    expect(edit.status).toBe(200);
  });

  it("is out of reach of another province's staff", async () => {
    const foreign = await create(
      'provinceTask',
      { ...key, ProvinceName: '浙江省', AnnualTask: '5.00' },
      'admin',
    );
    expect((await call('/provinceTask/getOne', { ObjectID: foreign.ObjectID })).status).toBe(404);
    expect((await decide('salesTask', foreign.ObjectID, 'requestConfirmation', 'province')).status).toBe(404);
  });
});

describe('figures computed from records', () => {
  it('report a target, its RSPs and the STI by the same rule as the code', async () => {
    const report = await call('/provincialTaskReport/search', { Year: String(YEAR), pageSize: 50 });
    const row = report.body.results.find(
      (r: Row) =>
        r.ProvinceName === key.ProvinceName && r.Brand === key.Brand && r.IndicatorType === key.IndicatorType,
    );
    expect([row.RspCount, row.AnnualTask, row.GapAmount]).toEqual([2, '1000.00', '1000.00']);
    const bearing = await call('/loadBearing/search', { Year: String(YEAR), Brand: key.Brand, pageSize: 50 });
    expect(bearing.body.results.map((r: Row) => r.LoadBearingAmount).sort()).toEqual(['450.00', '700.00']);
    const sti = await call(
      '/stiTask/search',
      { pageSize: 100, PageID: 'salesTask.cityManagerSti2' },
      'admin',
    );
    expect(sti.status).toBe(200);
    for (const r of sti.body.results as Row[]) {
      const computed = stiOf(fenOf(String(r.TaskAmount)), fenOf(String(r.AchievedAmount)));
      expect([fenOf(String(r.StiAmount)), r.StiLevel]).toEqual([computed.amount, computed.level]);
    }
  });
});

describe("an RSP's STI", () => {
  it('is calculated once, from what it achieved in a finished quarter of its approved line', async () => {
    // The RSP's line on the demo's own-brand sell-out target of the year, its share set to 1000.00.
    const lines = await call('/rspTaskAllocation/search', {
      Year: String(YEAR),
      IndicatorType: '111',
      pageSize: 50,
    });
    const line = (lines.body.results as Row[]).find(
      (r) => r.AgentName === rspName && r.Brand === '101',
    ) as Row;
    const share = {
      LoadBearingAmount: '1000.00',
      Q1Task: '200.00',
      Q2Task: '250.00',
      Q3Task: '250.00',
      Q4Task: '300.00',
    };
    const before = Object.fromEntries(Object.keys(share).map((key) => [key, line[key]]));
    await sql`update record set data = data || ${JSON.stringify(share)}::jsonb
      where object_id = ${line.ObjectID}`.execute(t.database.db);
    const post = (who: string) =>
      call('/rspTaskAllocation/calculateSti', { ObjectID: line.ObjectID, Quarter: 1 }, who);
    expect((await post('province')).status).toBe(403);
    expect((await post('vp')).body.message).toBe('STI is calculated only for an approved RSP task');
    // Approved today, before its year, as the task approval writes it on the line and the target.
    await sql`update record set data = data || '{"TaskApprovalStatus": "121"}'::jsonb
      where object_id = ${line.ObjectID}`.execute(t.database.db);
    await sql`update record set data = data || ${JSON.stringify({ ApprovedAt: new Date().toISOString() })}::jsonb
      where resource = 'provinceTask' and data->>'Year' = ${String(YEAR)} and data->>'Brand' = '101'
        and data->>'IndicatorType' = '111'`.execute(t.database.db);
    expect((await post('vp')).body.message).toBe(
      `${YEAR} Q1 has not ended yet: its STI cannot be calculated`,
    );
    // The RSP reported 210.00 of sell-out in February against a Q1 target of 200.00: 105% (a draft
    // report counts nothing until it is submitted).
    const report = {
      AgentName: rspName,
      ShipmentDate: `${YEAR}-02-10`,
      Amount: '210.00',
      ReportStatus: '131',
    };
    await sql`insert into record (resource, data, company_id) values ('rspShipmentReport',
      ${JSON.stringify(report)}::jsonb, null)`.execute(t.database.db);
    const vp = (
      await sql<Caller>`select e.object_id::text as "employeeId", e.username, e.last_name as "lastName",
        e.role_code as "roleCode", 'all' as "dataScope", null as "provinceCode", null as "cityCode",
        null as "companyId", '' as "tokenHash", false as "mustChangePassword"
      from employee e where e.username = 'vp'`.execute(t.database.db)
    ).rows[0];
    const afterQuarter = new Date(`${YEAR}-04-02T00:00:00Z`);
    // The executive calculates it once the quarter is over; the channel department reviews nothing of
    // its own, so the figures are read from the calculation (review and posting: sti-review.test.ts).
    const sti = await calculateRspSti(
      t.database.db,
      vp,
      { ObjectID: line.ObjectID, Quarter: 1 },
      afterQuarter,
    );
    const figures = await sql<{ data: Record<string, string> }>`select data from record
      where object_id = ${sti.StiID}`.execute(t.database.db);
    expect(figures.rows[0].data).toMatchObject({
      AchievementRate: '105.00',
      StiLevel: '121',
      StiBase: '2.00',
      StiAmount: '2.15',
      StiStatus: '111',
    });
    await expect(
      calculateRspSti(t.database.db, vp, { ObjectID: line.ObjectID, Quarter: 1 }, afterQuarter),
    ).rejects.toThrow();
    // Its calculator does not review it.
    await expect(
      decideAs(t.database.db, vp, {
        workflow: 'rspStiReview',
        subjectId: sti.StiID,
        command: 'agree',
        payload: {},
      }),
    ).rejects.toThrow();
    // The share was set by hand above, behind the province target's load bearing: it goes back.
    await sql`update record set data = data || ${JSON.stringify(before)}::jsonb
      where object_id = ${line.ObjectID}`.execute(t.database.db);
  });
});

endsWithBooksBalanced(() => t, ['salesTasks', 'rebates']);
