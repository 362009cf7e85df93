import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en as messages } from '../../locales/en/messages';
import { planYears } from '../../server/sales-tasks/task-references.rules';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * Quarter and month shares (the share table) of two decimals: 33.33/33.33/33.34 is accepted and splits
 * a target exactly; shares that do not add up to exactly 100%, or of three decimals, are refused naming
 * the field and the difference.
 */
let t: TestApp;
let token: string;
const en = { 'accept-language': 'en' };
const fields = messages.field as unknown as Record<string, Record<string, string>>;
const labelOf = (resource: string, field: string) =>
  fields[resource]?.[field] ?? fields.common[field] ?? field;
const call = (path: string, body: unknown) => t.post(path, body, token, en);
// The last plan year and the partner brand line, in a province of its own: nothing else splits there.
const { max: YEAR } = planYears();
const share = { Year: YEAR, ProvinceName: '', Brand: '111' };

beforeAll(async () => {
  t = await startTestApp();
  token = await t.login('admin', 'Admin@123456');
  const province = await sql<{ name: string }>`select name_zh as name from region
    where code = '330000'`.execute(t.database.db);
  share.ProvinceName = province.rows[0].name;
});
afterAll(() => t?.close());

describe('shares with two decimals', () => {
  it('refuses three decimals and months that miss 100% by a hundredth, naming the field', async () => {
    const three = await call('/quarterMonthShare/create', { ...share, Quarter: 'Q1', QuarterShare: 33.333 });
    expect(three.status).toBe(400);
    expect(three.body.message).toContain(labelOf('quarterMonthShare', 'QuarterShare'));
    expect(three.body.message).toContain('two decimals');
    const months = await call('/quarterMonthShare/create', {
      ...share,
      Quarter: 'Q1',
      QuarterShare: 33.33,
      Month1Share: 33.33,
      Month2Share: 33.33,
      Month3Share: 33.33,
    });
    expect(months.status).toBe(400);
    expect(months.body.message).toBe(
      `${labelOf('quarterMonthShare', 'Month1Share')}: the quarter's month shares add up to 99.99%, not 100%: a difference of 0.01%`,
    );
  });

  it('accepts 33.33/33.33/33.34, refuses a quarter a hundredth over, and splits a target exactly', async () => {
    const rows = [
      { Quarter: 'Q1', QuarterShare: 33.33, Month1Share: 33.33, Month2Share: 33.33, Month3Share: 33.34 },
      { Quarter: 'Q2', QuarterShare: '33.33' },
      { Quarter: 'Q3', QuarterShare: 33.34 },
    ];
    for (const row of rows) {
      const saved = await call('/quarterMonthShare/create', { ...share, ...row });
      expect(saved.status, saved.body.message).toBe(200);
    }
    const over = await call('/quarterMonthShare/create', { ...share, Quarter: 'Q4', QuarterShare: 0.01 });
    expect([over.status, over.body.message]).toEqual([
      400,
      `${labelOf('quarterMonthShare', 'QuarterShare')}: the quarter shares add up to 100.01%, not 100%: a difference of -0.01%`,
    ]);
    expect(
      (await call('/quarterMonthShare/create', { ...share, Quarter: 'Q4', QuarterShare: 0 })).status,
    ).toBe(200);
    const created = await call('/salesTask/create', {
      ...share,
      IndicatorType: '101',
      AnnualTask: '1000.00',
    });
    expect(created.status, created.body.message).toBe(200);
    const task = created.body.results;
    expect([task.Q1Task, task.Q2Task, task.Q3Task, task.Q4Task]).toEqual([
      '333.30',
      '333.30',
      '333.40',
      '0.00',
    ]);
    expect([task.Month01Task, task.Month02Task, task.Month03Task]).toEqual(['111.08', '111.08', '111.14']);
  });
});

endsWithBooksBalanced(() => t, ['salesTasks', 'rebates']);
