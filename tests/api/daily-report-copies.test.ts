import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';
import { isWorkingDay } from '../../server/activity/activity-days';
import { startTestApp, type TestApp } from './harness';

/**
 * A daily report's copies (抄送人) go to people its form offers the writer: the writer's managers (the
 * recipient picker's list) or colleagues of the writer's own reach (the copy picker's list) — each
 * name checked with those pickers' own queries, as the recipient is.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const call = (path: string, body: unknown, who = 'city', lang = 'zh') =>
  t.post(path, body, tokens[who], { 'accept-language': lang });
const db = () => t.database.db;

const nameOf = async (username: string) =>
  (
    await sql<{ name: string }>`select last_name as name from employee where username = ${username}`.execute(
      db(),
    )
  ).rows[0].name;

/** The names a picker of the form offers a writer. */
const offeredTo = async (who: string, body: Record<string, unknown> = {}) =>
  (
    (await call('/employee/search', { pageSize: 100, ...body }, who)).body.results as { LastName: string }[]
  ).map((r) => r.LastName);

let day = '';
/** The city manager's managers, and a province manager's. */
let cityManagers: string[] = [];
let provinceManagers: string[] = [];

const write = (copies: unknown, who = 'city', lang = 'zh') =>
  call(
    '/dailyReport/create',
    {
      PageID: 'salesActivity.dailyWorkForm',
      ReportDate: day,
      TodayWork: 'Visited two customers',
      TomorrowPlan: 'Prepare the quotation',
      ReceiverName: who === 'city' ? cityManagers[0] : provinceManagers[0],
      CcNames: copies,
    },
    who,
    lang,
  );

const reportsOfDay = async (who = 'city') =>
  (
    await sql<{ n: number }>`select count(*)::int as n from daily_report r join employee e
      on e.object_id = r.reporter_id where e.username = ${who} and r.report_date = ${day}::date`.execute(db())
  ).rows[0].n;

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['city', 'province']) tokens[user] = await t.login(user, 'Demo@123456');
  cityManagers = await offeredTo('city', { Managers: true });
  provinceManagers = await offeredTo('province', { Managers: true });
  expect(cityManagers.length).toBeGreaterThanOrEqual(2);
  expect(provinceManagers.length).toBeGreaterThanOrEqual(1);
  // A working day still open to writing.
  day = [0, 1, 2, 3].map((back) => addDays(businessDay(), -back)).find(isWorkingDay) ?? '';
  expect(day).not.toBe('');
});
afterAll(() => t?.close());

describe("a daily report's copies", () => {
  it('refuses a name nobody holds, naming 抄送人 and the name, in both languages, writing nothing', async () => {
    const zhAnswer = await write('Nobody Atall');
    expect(zhAnswer.status).toBe(400);
    expect(zhAnswer.body.field).toBe('CcNames');
    expect(zhAnswer.body.message).toBe(
      `${zh.field.dailyReport.CcNames}：${zh.activity.problems.notACopyReader.replace('{{name}}', 'Nobody Atall')}`,
    );
    const enAnswer = await write('Nobody Atall', 'city', 'en');
    expect(enAnswer.status).toBe(400);
    expect(enAnswer.body.message).toBe(
      `${en.field.dailyReport.CcNames}: ${en.activity.problems.notACopyReader.replace('{{name}}', 'Nobody Atall')}`,
    );
    expect(await reportsOfDay()).toBe(0);
  });

  it("refuses a colleague of another city and another province's people, and a good name beside a bad one", async () => {
    const otherCity = await nameOf('cm320500');
    expect(await offeredTo('city')).not.toContain(otherCity);
    const answer = await write(otherCity);
    expect([answer.status, answer.body.field]).toEqual([400, 'CcNames']);
    const far = await sql<{ name: string }>`select last_name as name from employee
      where province_code = '330000' and role_code <> 'JS017' and last_name not in (${sql.join(cityManagers)})
      limit 1`.execute(db());
    const outside = await write(far.rows[0].name);
    expect([outside.status, outside.body.field]).toEqual([400, 'CcNames']);
    const mixed = await write(`${cityManagers[1]},Nobody Atall`);
    expect([mixed.status, mixed.body.field]).toEqual([400, 'CcNames']);
    expect(mixed.body.message).toContain('Nobody Atall');
    expect(await reportsOfDay()).toBe(0);
  });

  it('refuses a copy field that is not text', async () => {
    const answer = await write([cityManagers[1]]);
    expect(answer.status).toBe(400);
    expect(await reportsOfDay()).toBe(0);
  });

  it("takes the writer's managers, one or several as a picker joins them, and holds a change to the same lists", async () => {
    const both = `${cityManagers[0]},${cityManagers[1]}`;
    const taken = await write(both);
    expect(taken.status, taken.body.message).toBe(200);
    expect(taken.body.results.CcNames).toBe(both);
    const id = taken.body.results.ObjectID;
    const version = (await call('/dailyReport/getOne', { ObjectID: id })).body.results[0].Version;
    const changed = await call('/dailyReport/update', {
      ObjectID: id,
      Version: version,
      CcNames: 'Nobody Atall',
    });
    expect([changed.status, changed.body.field]).toEqual([400, 'CcNames']);
    const kept = await call('/dailyReport/update', {
      ObjectID: id,
      Version: version,
      CcNames: cityManagers[1],
    });
    expect(kept.status, kept.body.message).toBe(200);
    expect((await call('/dailyReport/getOne', { ObjectID: id })).body.results[0].CcNames).toBe(
      cityManagers[1],
    );
  });

  it('takes a colleague the copy picker offers a province manager, and no longer once the account is disabled', async () => {
    const colleague = await nameOf('cm320500');
    expect(await offeredTo('province')).toContain(colleague);
    const taken = await write(colleague, 'province');
    expect(taken.status, taken.body.message).toBe(200);
    const id = taken.body.results.ObjectID;
    const version = taken.body.results.Version;
    await sql`update employee set enabled = false where username = 'cm320500'`.execute(db());
    const again = await call(
      '/dailyReport/update',
      { ObjectID: id, Version: version, CcNames: `${colleague}、` },
      'province',
    );
    expect([again.status, again.body.field]).toEqual([400, 'CcNames']);
  });
});
