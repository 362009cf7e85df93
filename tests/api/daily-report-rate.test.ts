import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { ROLE } from '../../domain/roles';
import { isWorkingDay } from '../../server/activity/activity-days';
import { startTestApp, type TestApp } from './harness';

/**
 * The submission rate of a team (docs/activity.md): the province's enabled city and channel managers,
 * and their reports of each working day over the team's size.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const call = (path: string, body: unknown, who: string) => t.post(path, body, tokens[who]);

interface RateRow {
  ReportDate: string;
  TeamSize: number;
  OnTimeCount: number;
  LateCount: number;
  MissingCount: number;
  SubmissionRate: string;
}

/** The last working day before today: the rate's newest day, still open to a late report. */
function lastWorkingDay() {
  let day = addDays(businessDay(), -1);
  while (!isWorkingDay(day)) day = addDays(day, -1);
  return day;
}

/** Jiangsu's row of a day, as its province manager reads the rate page. */
async function rateOf(day: string) {
  const { body } = await call('/dailyReportRate/search', { pageSize: 100 }, 'province');
  const row = (body.results as RateRow[]).find((r) => String(r.ReportDate).slice(0, 10) === day);
  expect(row).toBeDefined();
  const { TeamSize, OnTimeCount, LateCount, MissingCount, SubmissionRate } = row!;
  return { TeamSize, submitted: OnTimeCount + LateCount, MissingCount, rate: Number(SubmissionRate) };
}

/** A report of the day written and submitted by `who`, sent to an executive (one of everyone's managers). */
async function reportAndSubmit(who: string, day: string) {
  const executive = await sql<{ name: string }>`select last_name as name from employee
    where role_code = ${ROLE.executive} and enabled order by username limit 1`.execute(t.database.db);
  const written = await call(
    '/dailyReport/create',
    {
      PageID: 'salesActivity.dailyWorkForm',
      ReportDate: day,
      TodayWork: 'Reviewed the month with the team',
      TomorrowPlan: 'Visit the distributor',
      ReceiverName: executive.rows[0].name,
    },
    who,
  );
  expect(written.status, written.body.message).toBe(200);
  const submitted = await call(
    '/workflow/decide',
    { workflow: 'dailyReport', ObjectID: written.body.results.ObjectID, command: 'submit', payload: {} },
    who,
  );
  expect(submitted.status, submitted.body.message).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['city', 'province']) tokens[user] = await t.login(user, 'Demo@123456');
});
afterAll(() => t?.close());

describe("a team's submission rate", () => {
  it("counts the team's own reports, never its province manager's, and never passes 100 %", async () => {
    const day = lastWorkingDay();
    const before = await rateOf(day);
    await reportAndSubmit('province', day);
    expect(await rateOf(day)).toEqual(before);
    await reportAndSubmit('city', day);
    const after = await rateOf(day);
    expect(after).toMatchObject({
      TeamSize: before.TeamSize,
      submitted: before.submitted + 1,
      MissingCount: before.MissingCount - 1,
    });
    expect(after.rate).toBeLessThanOrEqual(100);
  });
});
