import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';
import { isWorkingDay } from '../../server/activity/activity-days';
import { startTestApp, type TestApp } from './harness';

/**
 * A daily report's copies (抄送人) go to people its copy picker offers the writer: the writer's managers
 * (the recipient picker's list) and colleagues of the writer's own reach, in one list — each name
 * checked with that picker's own query, as the recipient is with its own.
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

/** The names a picker of the form offers a writer (the plain employee picker unless told). */
const offeredTo = async (who: string, body: Record<string, unknown> = {}) =>
  (
    (await call('/employee/search', { pageSize: 100, ...body }, who)).body.results as { LastName: string }[]
  ).map((r) => r.LastName);

/** What the copy picker of the daily report form sends with every search (its catalogue picker). */
const COPY_PICKER = { CopyReaders: true };
/** A Zhejiang city manager: a writer of another team. */
const OUTSIDER = 'cm330100';

let day = '';
/** The city manager's managers, and a province manager's. */
let cityManagers: string[] = [];
let provinceManagers: string[] = [];
/** Each writer's recipient: the first of their managers. */
const receivers: Record<string, string> = {};

const write = (copies: unknown, who = 'city', lang = 'zh') =>
  call(
    '/dailyReport/create',
    {
      PageID: 'salesActivity.dailyWorkForm',
      ReportDate: day,
      TodayWork: 'Visited two customers',
      TomorrowPlan: 'Prepare the quotation',
      ReceiverName: receivers[who],
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
  for (const user of ['city', 'province', OUTSIDER]) tokens[user] = await t.login(user, 'Demo@123456');
  cityManagers = await offeredTo('city', { Managers: true });
  provinceManagers = await offeredTo('province', { Managers: true });
  expect(cityManagers.length).toBeGreaterThanOrEqual(2);
  expect(provinceManagers.length).toBeGreaterThanOrEqual(1);
  for (const who of ['city', 'province', OUTSIDER])
    receivers[who] = (await offeredTo(who, { Managers: true }))[0];
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
    expect(await offeredTo('province', COPY_PICKER)).toContain(colleague);
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

  it('is no longer offered by the copy picker once the account is disabled', async () => {
    // The previous test disabled cm320500: the picker and the save agree on it.
    expect(await offeredTo('province', COPY_PICKER)).not.toContain(await nameOf('cm320500'));
  });
});

/** The city manager's report of the day: the one written above, else a new one without copies. */
async function cityReport() {
  const found = await sql<{ id: string }>`select r.object_id::text as id from daily_report r
    join employee e on e.object_id = r.reporter_id where e.username = 'city' and r.report_date = ${day}::date`.execute(
    db(),
  );
  if (found.rows[0]) return found.rows[0].id;
  const created = await write('');
  expect(created.status, created.body.message).toBe(200);
  return String(created.body.results.ObjectID);
}

/** Changes the copies of a report through its form, as its writer. */
async function changeCopies(id: string, copies: string, who = 'city') {
  const version = (await call('/dailyReport/getOne', { ObjectID: id }, who)).body.results[0].Version;
  return call('/dailyReport/update', { ObjectID: id, Version: version, CcNames: copies }, who);
}

const storedCopies = async (id: string) =>
  (await call('/dailyReport/getOne', { ObjectID: id })).body.results[0].CcNames;

/** Names in groups the field holds at once (a person field holds up to 100 characters). */
function groupsOf(names: string[]) {
  const groups: string[][] = [[]];
  for (const name of names) {
    const last = groups[groups.length - 1];
    if (last.length && [...last, name].join(',').length > 100) groups.push([name]);
    else last.push(name);
  }
  return groups;
}

describe("a daily report's copy picker", () => {
  it('offers a city manager their own managers beside the colleagues the plain picker offers, and nobody else', async () => {
    const offered = await offeredTo('city', COPY_PICKER);
    const colleagues = await offeredTo('city');
    expect(new Set(offered)).toEqual(new Set([...cityManagers, ...colleagues]));
    // The province office and the region manager over Jiangsu, whom the plain picker never lists.
    for (const manager of ['province', 'channel', 'region']) {
      const name = await nameOf(manager);
      expect(offered).toContain(name);
      expect(colleagues).not.toContain(name);
    }
    // Another city's manager, finance, an agent's staff: none of them.
    for (const other of ['cm320500', 'finance', 'gd']) expect(offered).not.toContain(await nameOf(other));
    // Rows show people by name; a keyword narrows them as in every picker.
    const province = await nameOf('province');
    expect(await offeredTo('city', { ...COPY_PICKER, keyword: province })).toEqual([province]);
  });

  it('has the save take every name it lists, several at once as the picker joins them', async () => {
    const offered = await offeredTo('city', COPY_PICKER);
    const id = await cityReport();
    for (const group of groupsOf(offered)) {
      const copies = group.join(',');
      const answer = await changeCopies(id, copies);
      expect(answer.status, `${copies}: ${answer.body.message}`).toBe(200);
      expect(await storedCopies(id)).toBe(copies);
    }
    // A manager and a colleague together.
    const colleague = offered.find((name) => !cityManagers.includes(name));
    if (colleague) {
      const mixed = `${cityManagers[0]},${colleague}`;
      expect((await changeCopies(id, mixed)).status).toBe(200);
      expect(await storedCopies(id)).toBe(mixed);
    }
  });

  it('has the save refuse any name it does not list, even beside names it lists, keeping the copies', async () => {
    const offered = await offeredTo('city', COPY_PICKER);
    const id = await cityReport();
    expect((await changeCopies(id, cityManagers[0])).status).toBe(200);
    const strangers = await sql<{ name: string }>`select last_name as name from employee
      where enabled and username in ('cm320500', 'cm320200', 'finance', 'gd', 'rsp', 'ccp', 'product', 'legal')`.execute(
      db(),
    );
    const refused = strangers.rows.map((r) => r.name).filter((name) => !offered.includes(name));
    expect(refused.length).toBeGreaterThanOrEqual(5);
    for (const name of refused) {
      for (const copies of [name, `${cityManagers[0]},${name}`]) {
        const answer = await changeCopies(id, copies);
        expect([answer.status, answer.body.field], copies).toEqual([400, 'CcNames']);
        expect(answer.body.message).toContain(name);
      }
    }
    expect(await storedCopies(id)).toBe(cityManagers[0]);
  });

  it("refuses an outsider's names: another province's writer and the Jiangsu city manager cannot copy each other's people", async () => {
    const theirs = await offeredTo(OUTSIDER, COPY_PICKER);
    const ours = await offeredTo('city', COPY_PICKER);
    // Jiangsu's province manager goes to neither the Zhejiang writer's picker nor their report.
    const province = await nameOf('province');
    expect(theirs).not.toContain(province);
    const outsiderWrites = await write(province, OUTSIDER);
    expect([outsiderWrites.status, outsiderWrites.body.field]).toEqual([400, 'CcNames']);
    expect(await reportsOfDay(OUTSIDER)).toBe(0);
    // The Zhejiang writer's own managers and colleagues (the executives aside, who are everyone's).
    const onlyTheirs = theirs.filter((name) => !ours.includes(name));
    expect(onlyTheirs.length).toBeGreaterThanOrEqual(1);
    const id = await cityReport();
    for (const name of onlyTheirs) {
      const answer = await changeCopies(id, name);
      expect([answer.status, answer.body.field], name).toEqual([400, 'CcNames']);
    }
    // While their own list is theirs to copy.
    const taken = await write(
      onlyTheirs.join(',').length <= 100 ? onlyTheirs.join(',') : onlyTheirs[0],
      OUTSIDER,
    );
    expect(taken.status, taken.body.message).toBe(200);
  });
});
