import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { isWorkingDay } from '../../server/activity/activity-days';
import { activityDeadlines } from '../../server/activity/activity-deadlines.job';
import { runJobOnce } from '../../server/jobs/job-handlers';
import { DEMO_TODAY } from '../../server/seed/random';
import { startTestApp, type TestApp } from './harness';

/**
 * Daily reports (server/activity, machines/workflows/daily-report.workflow.ts): one per person per
 * working day, summarised from the day's records, late after its day, locked three days after it;
 * read and commented by the team's province manager; the team's submission rate computed.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const call = (path: string, body: unknown, who = 'city') => t.post(path, body, tokens[who]);
const decide = (id: string, command: string, payload: Record<string, unknown> = {}, who = 'city') =>
  call('/workflow/decide', { workflow: 'dailyReport', ObjectID: id, command, payload }, who);
const getOne = async (id: string, who = 'city') =>
  (await call('/dailyReport/getOne', { ObjectID: id }, who)).body.results?.[0];

/** The last working day before `day`. */
function workingDayBefore(day: string) {
  let back = addDays(day, -1);
  while (!isWorkingDay(back)) back = addDays(back, -1);
  return back;
}

const nameOf = async (username: string) =>
  (
    await sql<{ name: string }>`select last_name as name from employee where username = ${username}`.execute(
      t.database.db,
    )
  ).rows[0].name;

/** Written on the form and sent up to Jiangsu's province manager, one of the writer's managers. */
const write = async (day: string, who = 'city', receiver?: string) =>
  call(
    '/dailyReport/create',
    {
      PageID: 'salesActivity.dailyWorkForm',
      ReportDate: day,
      TodayWork: 'Visited two customers',
      TomorrowPlan: 'Prepare the quotation',
      ReceiverName: receiver ?? (await nameOf('province')),
    },
    who,
  );

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['city', 'province', 'cm320500', 'vp'])
    tokens[user] = await t.login(user, 'Demo@123456');
  // A province manager of another province (another team): Zhejiang's.
  await sql`update employee set province_code = '330000' where username = 'vp'`.execute(t.database.db);
  await sql`update employee set role_code = 'JS011' where username = 'vp'`.execute(t.database.db);
  tokens.farManager = await t.login('vp', 'Demo@123456');
});
afterAll(() => t?.close());

describe('a daily report', () => {
  it("summarises the day's visits, is submitted on time, read and commented by the team's manager", async () => {
    const today = businessDay();
    // Today when it is a working day; otherwise the last one (then the report reads late).
    const day = isWorkingDay(today) ? today : workingDayBefore(today);
    const visit = await call('/visit/create', {
      PageID: 'salesActivity.visitForm',
      VisitTargetType: '101',
      VisitType: '101',
      CustomerName: 'Report day customer',
      PlannedStart: new Date().toISOString(),
    });
    await call('/workflow/decide', {
      workflow: 'visit',
      ObjectID: visit.body.results.ObjectID,
      command: 'checkIn',
      payload: { latitude: 32.04, longitude: 118.78, accuracy: 20 },
    });
    const created = await write(day);
    expect(created.status).toBe(200);
    const report = created.body.results;
    expect(report.ReporterName).toBe(await nameOf('city'));
    expect(report.SubmitStatus).toBe('101');
    if (day === today) {
      expect(report.VisitCount).toBeGreaterThanOrEqual(1);
      expect(report.SummaryVisits).toContain('Report day customer');
    }
    // One per person per day.
    const second = await write(day);
    expect(second.status).toBe(400);
    expect(second.body.field).toBe('ReportDate');

    // Someone else may not submit it; the reporter does.
    expect((await decide(report.ObjectID, 'submit', {}, 'province')).status).toBe(403);
    const submitted = await decide(report.ObjectID, 'submit');
    expect(submitted.status).toBe(200);
    const read = await getOne(report.ObjectID, 'province');
    expect(read.SubmitStatus).toBe(day === today ? '111' : '121');
    expect(read.SubmittedOn).toBeTruthy();

    // Submitted is no longer edited.
    const edit = await call('/dailyReport/update', {
      ObjectID: report.ObjectID,
      Version: read.Version,
      TodayWork: 'changed',
    });
    expect(edit.status).toBe(409);

    // Only a manager reads and comments; another team's manager does not even see it.
    expect((await decide(report.ObjectID, 'markRead', {}, 'cm320500')).status).toBe(404);
    expect((await call('/dailyReport/getOne', { ObjectID: report.ObjectID }, 'farManager')).status).toBe(404);
    expect((await decide(report.ObjectID, 'markRead', {}, 'farManager')).status).toBe(404);
    expect((await decide(report.ObjectID, 'commentReport', { reason: 'Fine' })).status).toBe(403);
    expect((await decide(report.ObjectID, 'markRead', {}, 'province')).body.results.State).toBe('read');
    const commented = await decide(
      report.ObjectID,
      'commentReport',
      { reason: 'Send the quote' },
      'province',
    );
    expect(commented.status).toBe(200);
    const final = await getOne(report.ObjectID);
    expect(final.SubmitStatus).toBe('141');
    expect(final.ReviewComment).toBe('Send the quote');
    expect(final.ReadByName).toBe(await nameOf('province'));
  });
});

describe("the recipient picker of a city manager's daily report", () => {
  it("offers the writer's managers, never the writer, while the plain employee picker keeps to the writer's city", async () => {
    const usernames = async (body: Record<string, unknown>, who = 'city') =>
      (
        (await call('/employee/search', { pageSize: 100, ...body }, who)).body.results as {
          ExtUserName_SDK: string;
        }[]
      ).map((r) => r.ExtUserName_SDK);
    const managers = await usernames({ Managers: true });
    // Jiangsu's province office (its province and channel managers), the region manager of its sales region.
    expect(managers).toEqual(expect.arrayContaining(['province', 'channel', 'region']));
    expect(managers).not.toContain('city');
    // No city manager, finance or agent staff: none of them is the writer's manager.
    expect(managers).not.toContain('cm320500');
    expect(managers).not.toContain('finance');
    expect(managers).not.toContain('gd');
    // Zhejiang's province manager manages another team.
    expect(managers).not.toContain('vp');
    expect(await usernames({})).not.toContain('province');
    // The picker sends its words as text when a list filter forwards them.
    expect(await usernames({ Managers: 'true', keyword: await nameOf('province') })).toEqual(['province']);
  });
});

describe("a daily report's recipient", () => {
  it("is one of the writer's managers: a free name, a colleague or another team's manager is refused by the field, in both languages", async () => {
    // A day still open to writing (at most three days back) that the first test does not write for the
    // city manager: two working days back would be locked on a Monday (Thursday is four days back).
    const today = businessDay();
    const firstTestDay = isWorkingDay(today) ? today : workingDayBefore(today);
    const day = [0, 1, 2, 3]
      .map((back) => addDays(today, -back))
      .find((open) => isWorkingDay(open) && open !== firstTestDay);
    if (!day) throw new Error(`no second working day in the three days before ${today}`);
    const refusedFor = async (receiver: string, lang: string) => {
      const answer = await t.post(
        '/dailyReport/create',
        {
          PageID: 'salesActivity.dailyWorkForm',
          ReportDate: day,
          TodayWork: 'x',
          TomorrowPlan: 'y',
          ReceiverName: receiver,
        },
        tokens.city,
        { 'accept-language': lang },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.field).toBe('ReceiverName');
      return String(answer.body.message);
    };
    expect(await refusedFor('Li', 'zh')).toBe(
      '接收人：“Li”不是您的上级：请从列表中选择省区、大区负责人或公司领导',
    );
    expect(await refusedFor('Li', 'en')).toMatch(/“Li” is not one of your managers/);
    expect(await refusedFor(await nameOf('cm320500'), 'zh')).toContain('不是您的上级');
    expect(await refusedFor(await nameOf('vp'), 'en')).toContain('is not one of your managers');
    // Nothing was written by the refusals; a manager the picker offers is taken.
    const taken = await write(day, 'city', await nameOf('channel'));
    expect(taken.status).toBe(200);
    expect(taken.body.results.ReceiverName).toBe(await nameOf('channel'));
    // Changing it later is held to the same list; a save that leaves it alone is not checked again.
    const id = taken.body.results.ObjectID;
    const version = (await getOne(id)).Version;
    const changed = await call('/dailyReport/update', { ObjectID: id, Version: version, ReceiverName: 'Li' });
    expect([changed.status, changed.body.field]).toEqual([400, 'ReceiverName']);
    const kept = await call('/dailyReport/update', { ObjectID: id, Version: version, TodayWork: 'z' });
    expect(kept.status).toBe(200);
    expect((await getOne(id)).ReceiverName).toBe(await nameOf('channel'));
  });
});

describe('deadlines', () => {
  it('takes a report up to three days late and marks it late; after that it is locked (409)', async () => {
    const today = businessDay();
    const lateDay = workingDayBefore(today);
    const late = await write(lateDay, 'cm320500');
    expect(late.status).toBe(200);
    expect((await decide(late.body.results.ObjectID, 'submit', {}, 'cm320500')).status).toBe(200);
    expect((await getOne(late.body.results.ObjectID, 'cm320500')).SubmitStatus).toBe('121');

    let old = addDays(today, -5);
    while (!isWorkingDay(old)) old = addDays(old, -1);
    const tooLate = await write(old, 'cm320500');
    expect(tooLate.status).toBe(409);
  });

  it('locks a draft three days after its day by the daily job; submitting it then is refused (409)', async () => {
    let day = addDays(businessDay(), -6);
    while (!isWorkingDay(day)) day = addDays(day, -1);
    // Written in time (on the report's day) through the seed's path: the same checks on its clock.
    const { writeReport } = await import('../../server/activity/daily-report.rules');
    const caller = (
      await sql<Record<string, unknown>>`select e.object_id::text as "employeeId", e.username,
        e.last_name as "lastName", e.role_code as "roleCode", r.data_scope as "dataScope",
        e.province_code as "provinceCode", e.city_code as "cityCode", null as "companyId"
        from employee e join role r on r.code = e.role_code where e.username = 'city'`.execute(t.database.db)
    ).rows[0];
    const draft = await writeReport(
      t.database.db,
      caller as never,
      { ReportDate: day, TodayWork: 'x', TomorrowPlan: 'y', ReceiverName: await nameOf('province') },
      { at: new Date(`${day}T10:00:00+08:00`), uuid: () => crypto.randomUUID() },
    );
    await runJobOnce(t.database.db, activityDeadlines);
    expect((await getOne(String(draft.ObjectID))).SubmitStatus).toBe('151');
    const refused = await decide(String(draft.ObjectID), 'submit');
    expect(refused.status).toBe(409);
    const edit = await call('/dailyReport/update', { ObjectID: draft.ObjectID, Version: 1, TodayWork: 'z' });
    expect(edit.status).toBe(409);
  });

  it("shows each team's submission rate per working day, computed from the reports", async () => {
    const { body } = await call('/dailyReportRate/search', { pageSize: 100 }, 'province');
    expect(body.state).toBe(true);
    const rows = body.results as { ProvinceName: string; TeamSize: number; SubmissionRate: string }[];
    expect(rows.length).toBeGreaterThan(0);
    // The province manager sees his own team only.
    const jiangsu = (
      await sql<{ name: string }>`select name_zh as name from region where code = '320000'`.execute(
        t.database.db,
      )
    ).rows[0].name;
    expect(new Set(rows.map((r) => r.ProvinceName))).toEqual(new Set([jiangsu]));
    for (const row of rows) {
      expect(row.TeamSize).toBeGreaterThan(0);
      expect(Number(row.SubmissionRate)).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('the STI_2 reports', () => {
  type StiRow = Record<string, string | null>;
  const fen = (v: string | null) => Math.round(Number(v ?? 0) * 100);
  /** notes §6.4: < 80 % nothing; 80–100 % from 50 to 100 % of the base; above, 1.5 × the excess, capped. */
  function expectedFen(row: StiRow) {
    const target = fen(row.TargetAmount);
    const done = fen(row.AchievedAmount);
    const bp = target > 0 && done > 0 ? Math.floor((done * 10000) / target) : 0;
    const share =
      bp < 8000
        ? 0
        : bp <= 10000
          ? 5000 + Math.floor(((bp - 8000) * 5) / 2)
          : Math.min(10000 + Math.floor(((bp - 10000) * 3) / 2), 15000);
    const base = Math.floor(target / 100);
    return Math.floor((base * share) / 10000);
  }

  it('computes the agents and the city managers per quarter from their targets and achievements', async () => {
    const search = async (page: string) =>
      (await call('/sti2Report/search', { PageID: page, pageSize: 100 }, 'province')).body
        .results as StiRow[];
    const agents = await search('salesActivity.sti2BusinessReport');
    const cities = await search('salesActivity.sti2CityReport');
    expect(agents.length).toBeGreaterThan(0);
    for (const row of agents) {
      expect(row.ReportKind).toBe('agent');
      expect(row.AgentName).toBeTruthy();
      expect(fen(row.StiAmount)).toBe(expectedFen(row));
    }
    for (const row of cities) {
      expect(row.ReportKind).toBe('city');
      expect(row.cityManagerName).toBeTruthy();
      expect(fen(row.StiAmount)).toBe(expectedFen(row));
    }
    // An agent's four quarters add up to its annual load bearing (20/25/25/30 %).
    const first = agents[0];
    const quarters = (
      await call(
        '/sti2Report/search',
        {
          PageID: 'salesActivity.sti2BusinessReport',
          AgentName: first.AgentName,
          Year: first.Year,
          pageSize: 100,
        },
        'province',
      )
    ).body.results as StiRow[];
    expect(new Set(quarters.map((q) => q.Quarter))).toEqual(new Set(['1', '2', '3', '4']));
  });

  it("shows this business year's quarters with the targets set for them and the sell-out reported in them", async () => {
    // The demo's business year: its targets were approved the December before it.
    const year = DEMO_TODAY.slice(0, 4);
    const search = async (page: string) =>
      (await call('/sti2Report/search', { PageID: page, Year: year, pageSize: 100 }, 'province')).body
        .results as StiRow[];
    const db = t.database.db;
    /** What the agents and cities reported shipping of the own line in a quarter, submitted or approved. */
    const shipped = async (where: RawBuilder<unknown>, quarter: string) => {
      const months = [1, 2, 3].map(
        (m) => `${year}-${String((Number(quarter) - 1) * 3 + m).padStart(2, '0')}`,
      );
      const found = await sql<{
        yuan: string;
      }>`select coalesce(sum((data->>'Amount')::numeric), 0)::numeric(18, 2)::text
          as yuan from record where resource = 'rspShipmentReport' and data->>'ReportStatus' in ('121', '131')
          and left(data->>'ShipmentDate', 7) in (${sql.join(months)}) and ${where}`.execute(db);
      return found.rows[0].yuan;
    };
    const WEIGHT: Record<string, bigint> = { '1': 20n, '2': 25n, '3': 25n, '4': 30n };
    const fenText = (yuan: string) => BigInt(Math.round(Number(yuan) * 100));

    const agents = await search('salesActivity.sti2BusinessReport');
    expect(agents.some((r) => fen(r.TargetAmount) > 0 && fen(r.AchievedAmount) > 0)).toBe(true);
    for (const row of agents) {
      // Its quarter of the load bearing it carries on the year's own-line sell-out target.
      const lines = await sql<{ amount: string; brand: string; indicator: string }>`select
          data->>'LoadBearingAmount' as amount, data->>'Brand' as brand, data->>'IndicatorType' as indicator
        from record where resource = 'rspTaskAllocation' and data->>'Year' = ${year}
          and data->>'AgentName' = ${row.AgentName}`.execute(db);
      expect(lines.rows.map((l) => [l.brand, l.indicator])).toEqual([['101', '111']]);
      // Rounded to the fen, half up, as the view rounds a yuan amount times its weight.
      const quarterFen = (fenText(lines.rows[0].amount) * WEIGHT[String(row.Quarter)] + 50n) / 100n;
      expect(BigInt(fen(row.TargetAmount)), `${row.AgentName} Q${row.Quarter}`).toBe(quarterFen);
      expect(row.AchievedAmount, `${row.AgentName} Q${row.Quarter}`).toBe(
        await shipped(sql`data->>'AgentName' = ${row.AgentName}`, String(row.Quarter)),
      );
      expect(fen(row.StiAmount)).toBe(expectedFen(row));
    }

    // The demo city manager's own-line sell-out task: its city's reported sell-out against its quarters.
    const cities = await search('salesActivity.sti2CityReport');
    const tasks = await sql<Record<string, string>>`select data->>'cityManagerName' as manager,
        data->>'ProvinceName' as province, data->>'CityName' as city, data->>'Q1Task' as "1",
        data->>'Q2Task' as "2", data->>'Q3Task' as "3", data->>'Q4Task' as "4"
      from record where resource = 'cityManagerTask' and data->>'Year' = ${year}
        and data->>'ProvinceName' = ${agents[0].ProvinceName} and data->>'Brand' = '101'
        and data->>'TaskType' = '121'`.execute(db);
    let reported = 0;
    for (const task of tasks.rows)
      for (const quarter of ['1', '2', '3', '4']) {
        const row = cities.find(
          (r) =>
            r.cityManagerName === task.manager &&
            r.CityName === task.city &&
            r.Quarter === quarter &&
            fen(r.TargetAmount) === fen(task[quarter]),
        );
        expect(row, `${task.city} Q${quarter}`).toBeDefined();
        if (!row) continue;
        const where = sql`data->>'ProvinceName' = ${task.province} and data->>'CityName' = ${task.city}`;
        expect(row.AchievedAmount, `${task.city} Q${quarter}`).toBe(await shipped(where, quarter));
        expect(fen(row.StiAmount)).toBe(expectedFen(row));
        if (fen(row.AchievedAmount) > 0) reported += 1;
      }
    expect(reported).toBeGreaterThan(0);
  });
});
