import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { en as messages } from '../../locales/en/messages';
import { provinceOf } from '../../server/reference/regions.data';
import { autoConfirmRspLines } from '../../server/sales-tasks/rsp-confirmation.job';
import { planYears } from '../../server/sales-tasks/task-references.rules';
import { expectBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * The approval screens and to-dos of sales tasks: HQ decides a task package from the RSP and city
 * manager approval pages (the buttons are what the package's workflow allows the caller), the
 * dashboard counts only what the caller can decide, the RSP has its confirmations as to-dos and the
 * executive its rebate policies, the task management list shows figures computed from the records,
 * an objection is one step and its ruling is taken beside the RSP's figure and reason.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const en = { 'accept-language': 'en' };
const fields = messages.field as unknown as Record<string, Record<string, string>>;
const call = (path: string, body: unknown, who: string) => t.post(path, body, tokens[who], en);
type Row = { ObjectID: string; [field: string]: unknown };

const { max: YEAR } = planYears();
// The partner line's collections target: the demo leaves it free.
const key = { Year: YEAR, ProvinceName: provinceOf('320000').nameZh, Brand: '111', IndicatorType: '121' };
let rspName: string;
let otherRsp: string;
let target: Row;
let mine: Row;
let theirs: Row;
let cityTask: Row;

async function create(resource: string, body: Record<string, unknown>, who = 'province'): Promise<Row> {
  const { status, body: answer } = await call(`/${resource}/create`, body, who);
  if (status !== 200) throw new Error(`${resource}: ${answer.message}`);
  return answer.results;
}
const getOne = async (resource: string, id: string, who = 'province') =>
  (await call(`/${resource}/getOne`, { ObjectID: id }, who)).body.results?.[0] as Row;
const decide = (workflow: string, id: string, command: string, who: string, payload = {}) =>
  call('/workflow/decide', { workflow, ObjectID: id, command, payload }, who);
const options = (workflow: string, id: string, who: string) =>
  call('/workflow/options', { workflow, ObjectID: id }, who);
const queue = async (who: string, pageId: string) => {
  const { body } = await call('/dashboard/summary', {}, who);
  return (body.results.queues as { pageId: string; count: number }[]).find((q) => q.pageId === pageId);
};

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['province', 'rsp', 'vp', 'city', 'ops', 'channel'])
    tokens[user] = await t.login(user, 'Demo@123456');
  tokens.admin = await t.login('admin', 'Admin@123456');
  const rsps = await sql<{ name: string }>`select c.name from customer c
    left join employee e on e.company_id = c.object_id and e.username = 'rsp'
    where c.customer_type = '111' and c.province_code = '320000'
    order by (e.object_id is not null) desc, c.name limit 2`.execute(t.database.db);
  [rspName, otherRsp] = rsps.rows.map((r) => r.name);
  target = await create('provinceTask', { ...key, AnnualTask: '1000.00' });
  mine = await create('rspTaskAllocation', { ...key, AgentName: rspName, LoadBearingAmount: '500.00' });
  theirs = await create('rspTaskAllocation', { ...key, AgentName: otherRsp, LoadBearingAmount: '600.00' });
  const manager = await sql<{
    name: string;
  }>`select last_name as name from employee where username = 'city'`.execute(t.database.db);
  cityTask = await create('cityManagerTask', {
    Year: YEAR,
    ProvinceName: key.ProvinceName,
    CityName: provinceOf('320000').cities[0].nameZh,
    Brand: key.Brand,
    TaskType: '131',
    cityManagerName: manager.rows[0]?.name,
    AnnualTask: '400.00',
    Q1Task: '80.00',
    Q2Task: '100.00',
    Q3Task: '100.00',
    Q4Task: '120.00',
  });
});
afterAll(() => t?.close());

describe("the task management list's figures", () => {
  it('are the lines carried and the package status of its key, computed from the records', async () => {
    const task = await create('salesTask', { ...key, AnnualTask: '1200.00' });
    const shown = await getOne('salesTask', task.ObjectID);
    expect([shown.AllocatedAmount, shown.UnallocatedAmount, shown.TaskPackageStatus]).toEqual([
      '1100.00',
      '100.00',
      target.TaskPackageStatus,
    ]);
    // A line changed moves the figure; the task carries nothing typed of its own.
    const line = await getOne('rspTaskAllocation', theirs.ObjectID);
    const changed = await call(
      '/rspTaskAllocation/update',
      { ObjectID: line.ObjectID, Version: line.Version, LoadBearingAmount: '650.00' },
      'province',
    );
    expect(changed.status, changed.body.message).toBe(200);
    const after = await getOne('salesTask', task.ObjectID);
    expect([after.AllocatedAmount, after.UnallocatedAmount]).toEqual(['1150.00', '50.00']);
  });
});

describe("an RSP's confirmation", () => {
  it('shows no error on a line no round was opened for: its panel is calm and offers nothing', async () => {
    const answer = await options('rspTaskConfirmation', mine.ObjectID, 'province');
    expect(answer.status, answer.body.message).toBe(200);
    expect([answer.body.results.State, answer.body.results.Commands]).toEqual(['', []]);
  });

  it("is the RSP's to-do once sent, and answered it leaves it", async () => {
    const before = (await queue('rsp', 'salesTask.rspTaskConfirm'))?.count ?? 0;
    expect((await decide('salesTask', target.ObjectID, 'requestConfirmation', 'province')).status).toBe(200);
    const waiting = await queue('rsp', 'salesTask.rspTaskConfirm');
    expect(waiting?.count).toBe(before + 1);
    const list = await call(
      '/rspTaskAllocation/search',
      { PageID: 'salesTask.rspTaskConfirm', AwaitingMe: 1, pageSize: 100 },
      'rsp',
    );
    const ids = list.body.results.map((r: Row) => r.ObjectID);
    expect(ids).toContain(mine.ObjectID);
    // Another RSP's line is never in it, nor to be opened.
    expect(ids).not.toContain(theirs.ObjectID);
    expect((await options('rspTaskConfirmation', theirs.ObjectID, 'rsp')).status).toBe(404);
  });

  it('objects in one step, naming the figure proposed, and the ruling shows the figure and reason', async () => {
    const rulings = (await queue('province', 'salesTask.rspTaskAllocation'))?.count ?? 0;
    const blank = await decide('rspTaskConfirmation', mine.ObjectID, 'object', 'rsp', {
      reason: 'Stock high',
    });
    expect([blank.status, blank.body.message]).toEqual([
      400,
      `${fields.rspTaskAllocation.ObjectionAmount} is required`,
    ]);
    const objected = await decide('rspTaskConfirmation', mine.ObjectID, 'object', 'rsp', {
      reason: 'Stock high',
      amount: '450.00',
    });
    expect(objected.status, objected.body.message).toBe(200);
    const ruling = (await options('rspTaskConfirmation', mine.ObjectID, 'province')).body.results;
    expect(ruling.Commands.map((c: { Name: string }) => c.Name)).toEqual(['accept', 'keep']);
    expect(ruling.Shows).toEqual([
      { Field: 'ObjectionAmount', Value: '450.00', Kind: 'price' },
      { Field: 'ObjectionReason', Value: 'Stock high', Kind: 'text' },
    ]);
    expect((await queue('province', 'salesTask.rspTaskAllocation'))?.count).toBe(rulings + 1);
    expect((await decide('rspTaskConfirmation', mine.ObjectID, 'accept', 'province')).status).toBe(200);
    expect((await getOne('rspTaskAllocation', mine.ObjectID)).LoadBearingAmount).toBe('450.00');
  });
});

describe('a task package decided from the approval pages', () => {
  it('reaches HQ only, and its to-do card opens the RSP task approval list, where the package is decided', async () => {
    await autoConfirmRspLines(t.database.db, new Date(Date.now() + 30 * 86_400_000));
    const submitted = await decide('salesTask', target.ObjectID, 'submit', 'province');
    expect(submitted.status, submitted.body.message).toBe(200);
    // The card names the approval list with its to-do lens, counted by the very search the list runs.
    const card = await queue('vp', 'salesTask.rspTaskApproval');
    expect(card).toMatchObject({ field: 'AwaitingMe', values: ['1'], count: 2 });
    expect(pageById(card!.pageId)?.path).toBe('/salesTask/rsp-task-approval');
    const listed = await call(
      '/rspTaskAllocation/search',
      { PageID: 'salesTask.rspTaskApproval', AwaitingMe: 1, pageSize: 100 },
      'vp',
    );
    expect(listed.body.totalSize).toBe(card!.count);
    expect(listed.body.results.map((r: Row) => r.ObjectID).sort()).toEqual(
      [mine.ObjectID, theirs.ObjectID].sort(),
    );
    // Once, where it is decided: not again on the province target list.
    expect((await queue('vp', 'salesTask.provinceTaskShare'))?.count ?? 0).toBe(0);
    for (const who of ['vp', 'province', 'city', 'channel']) {
      const { body } = await call('/dashboard/summary', {}, who);
      const pages = body.results.queues.map((q: { pageId: string }) => q.pageId);
      expect(pages, who).not.toContain('salesTask.cityManagerTaskApproval');
      if (who === 'vp') continue;
      expect((await queue(who, 'salesTask.rspTaskApproval'))?.count ?? 0, who).toBe(0);
      expect((await queue(who, 'salesTask.provinceTaskShare'))?.count ?? 0, who).toBe(0);
    }
  });

  it('keeps a late target waiting for HQ on the province target list: it has no line to be opened from', async () => {
    const late = await create('provinceTask', {
      ...key,
      Year: YEAR - 1,
      AnnualTask: '100.00',
      LateReason: 'Set after the year began',
    });
    expect(late.TaskPackageStatus).toBe('191');
    expect((await queue('vp', 'salesTask.provinceTaskShare'))?.count).toBe(1);
    const listed = await call(
      '/provinceTask/search',
      { PageID: 'salesTask.provinceTaskShare', AwaitingMe: 1, pageSize: 100 },
      'vp',
    );
    expect(listed.body.results.map((r: Row) => r.ObjectID)).toEqual([late.ObjectID]);
    expect((await queue('vp', 'salesTask.rspTaskApproval'))?.count).toBe(2);
    const refused = await decide('salesTask', late.ObjectID, 'refuseLate', 'vp', { reason: 'Not this year' });
    expect(refused.status, refused.body.message).toBe(200);
    expect((await queue('vp', 'salesTask.provinceTaskShare'))?.count ?? 0).toBe(0);
  });

  it("opens a line's package with its target and every line, and offers HQ the package's decisions", async () => {
    const rspPackage = await call('/rspTaskAllocation/package', { ObjectID: theirs.ObjectID }, 'vp');
    expect(rspPackage.status, rspPackage.body.message).toBe(200);
    expect(rspPackage.body.results.Target.ObjectID).toBe(target.ObjectID);
    expect(rspPackage.body.results.Lines.map((l: Row) => l.ObjectID).sort()).toEqual(
      [mine.ObjectID, theirs.ObjectID].sort(),
    );
    const cmPackage = await call('/cityManagerTask/package', { ObjectID: cityTask.ObjectID }, 'vp');
    expect(cmPackage.body.results.Target.ObjectID).toBe(target.ObjectID);
    expect(cmPackage.body.results.Lines.map((l: Row) => l.ObjectID)).toEqual([cityTask.ObjectID]);
    const hq = (await options('salesTask', target.ObjectID, 'vp')).body.results;
    expect(hq.Commands.map((c: { Name: string }) => c.Name)).toEqual(['agree', 'return', 'forward']);
    expect((await options('salesTask', target.ObjectID, 'province')).body.results.Commands).toEqual([]);
  });

  it('lets a city manager read the package of a task of its city, and decide nothing of it', async () => {
    // The task names the city manager's city: it is that city's, whoever entered it.
    const listed = await call(
      '/cityManagerTask/search',
      { PageID: 'salesTask.cityManagerTaskApproval', pageSize: 100 },
      'city',
    );
    expect(listed.body.results.map((r: Row) => r.ObjectID)).toContain(cityTask.ObjectID);
    const seen = await call('/cityManagerTask/package', { ObjectID: cityTask.ObjectID }, 'city');
    expect(seen.status, seen.body.message).toBe(200);
    expect(seen.body.results.Target.ObjectID).toBe(target.ObjectID);
    expect(seen.body.results.Lines.map((l: Row) => l.ObjectID)).toEqual([cityTask.ObjectID]);
    const panel = await options('salesTask', target.ObjectID, 'city');
    expect([panel.status, panel.body.results.State, panel.body.results.Commands]).toEqual([
      200,
      'inApproval',
      [],
    ]);
    expect((await decide('salesTask', target.ObjectID, 'agree', 'city')).status).toBe(403);
    // The province's other targets, without a task of its cities, stay unseen.
    const other = await create('provinceTask', { ...key, IndicatorType: '111', AnnualTask: '300.00' });
    expect((await call('/provinceTask/getOne', { ObjectID: other.ObjectID }, 'city')).status).toBe(404);
    expect((await options('salesTask', other.ObjectID, 'city')).status).toBe(404);
  });

  it('refuses an RSP or a city manager who tries to approve, and another province is not found', async () => {
    const rsp = await decide('salesTask', target.ObjectID, 'agree', 'rsp');
    expect(rsp.status).toBe(403);
    const city = await decide('salesTask', target.ObjectID, 'agree', 'city');
    expect(city.status).toBeGreaterThanOrEqual(400);
    expect(city.status).toBeLessThan(500);
    const own = await decide('salesTask', target.ObjectID, 'agree', 'province');
    expect([403, 409]).toContain(own.status);
    // The RSP reads no package, not even through its own line.
    expect((await call('/rspTaskAllocation/package', { ObjectID: theirs.ObjectID }, 'rsp')).status).toBe(404);
    const mineSeen = await call('/rspTaskAllocation/package', { ObjectID: mine.ObjectID }, 'rsp');
    expect([mineSeen.body.results.Target, mineSeen.body.results.Lines.length]).toEqual([null, 1]);

    const zhejiang = await sql<{ name: string }>`select name from customer
      where customer_type = '111' and province_code = '330000' order by name limit 1`.execute(t.database.db);
    const away = { ...key, ProvinceName: provinceOf('330000').nameZh };
    const awayTarget = await create('provinceTask', { ...away, AnnualTask: '100.00' }, 'admin');
    const awayLine = await create(
      'rspTaskAllocation',
      { ...away, AgentName: zhejiang.rows[0].name, LoadBearingAmount: '110.00' },
      'admin',
    );
    // Another province's city manager task: its package is not found, nor its target, by name or id.
    const awayTask = await create(
      'cityManagerTask',
      {
        Year: YEAR,
        ProvinceName: away.ProvinceName,
        CityName: provinceOf('330000').cities[0].nameZh,
        Brand: key.Brand,
        TaskType: '131',
        cityManagerName: cityTask.cityManagerName,
        AnnualTask: '40.00',
      },
      'admin',
    );
    for (const who of ['province', 'city']) {
      expect((await decide('salesTask', awayTarget.ObjectID, 'agree', who)).status, who).toBe(404);
      expect((await options('salesTask', awayTarget.ObjectID, who)).status, who).toBe(404);
      expect(
        (await call('/rspTaskAllocation/package', { ObjectID: awayLine.ObjectID }, who)).status,
        who,
      ).toBe(404);
      expect((await call('/cityManagerTask/package', { ObjectID: awayTask.ObjectID }, who)).status, who).toBe(
        404,
      );
    }
    const statuses = (await getOne('provinceTask', target.ObjectID)).TaskPackageStatus;
    expect(statuses).toBe('151');
  });

  it('returns with a reason (none is refused naming it), and agreed it locks the package and its lines', async () => {
    const bare = await decide('salesTask', target.ObjectID, 'return', 'vp', {});
    expect([bare.status, bare.body.message]).toEqual([400, 'Reason is required']);
    const returned = await decide('salesTask', target.ObjectID, 'return', 'vp', { reason: 'Split again' });
    expect(returned.status, returned.body.message).toBe(200);
    expect((await getOne('rspTaskAllocation', mine.ObjectID)).TaskApprovalStatus).toBe('101');
    expect((await queue('vp', 'salesTask.provinceTaskShare'))?.count ?? 0).toBe(0);

    expect((await decide('salesTask', target.ObjectID, 'requestConfirmation', 'province')).status).toBe(200);
    expect((await decide('rspTaskConfirmation', mine.ObjectID, 'confirm', 'rsp')).status).toBe(200);
    await autoConfirmRspLines(t.database.db, new Date(Date.now() + 30 * 86_400_000));
    expect((await decide('salesTask', target.ObjectID, 'submit', 'province')).status).toBe(200);
    const agreed = await decide('salesTask', target.ObjectID, 'agree', 'vp');
    expect(agreed.status, agreed.body.message).toBe(200);
    expect(agreed.body.results.State).toBe('approved');
    const pkg = (await call('/cityManagerTask/package', { ObjectID: cityTask.ObjectID }, 'vp')).body.results;
    expect([pkg.Target.TaskPackageStatus, pkg.Lines[0].TaskApprovalStatus]).toEqual(['161', '121']);
    const task = await sql<{ status: string }>`select data->>'TaskPackageStatus' as status from record
      where resource = 'salesTask' and data->>'IndicatorType' = ${key.IndicatorType}
        and data->>'Brand' = ${key.Brand} and data->>'Year' = ${String(YEAR)}`.execute(t.database.db);
    expect(task.rows.map((r) => r.status)).toEqual(['161']);
  });
});

describe("the executive's to-do", () => {
  it('holds the rebate policies waiting for its approval', async () => {
    const before = (await queue('vp', 'rebates.announcementView'))?.count ?? 0;
    const created = await call(
      '/rebateAnnouncement/create',
      {
        Title: 'Approval to-do policy',
        Brand: '101',
        ChannelTier: '111',
        PeriodType: '111',
        StartDate: `${YEAR}-01-01`,
        EndDate: `${YEAR}-12-31`,
        CalcBasis: '101',
        PayoutMethod: '101',
        Content: 'Rebate by attainment',
        Tiers: '80:1, 100:2',
      },
      'ops',
    );
    expect(created.status, created.body.message).toBe(200);
    const id = created.body.results.ObjectID;
    expect((await queue('vp', 'rebates.announcementView'))?.count ?? 0).toBe(before);
    expect((await decide('rebatePolicy', id, 'submit', 'ops')).status).toBe(200);
    expect((await queue('vp', 'rebates.announcementView'))?.count).toBe(before + 1);
    const list = await call(
      '/rebateAnnouncement/search',
      { PageID: 'rebates.announcementView', AwaitingMe: 1, pageSize: 100 },
      'vp',
    );
    expect(list.body.results.map((r: Row) => r.ObjectID)).toContain(id);
    expect((await queue('ops', 'rebates.announcementView'))?.count ?? 0).toBe(0);
    expect((await decide('rebatePolicy', id, 'agree', 'vp')).status).toBe(200);
    expect((await queue('vp', 'rebates.announcementView'))?.count ?? 0).toBe(before);
  });
});

describe('the books', () => {
  it('balance after every package, confirmation, settlement and posting above', async () => {
    await expectBooksBalanced(t.database.db, ['salesTasks', 'rebates']);
  });
});
