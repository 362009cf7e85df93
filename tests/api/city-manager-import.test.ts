import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerOf } from '../../server/export/cell-text';
import { coveredCityCodes } from '../../server/identity/city-scope';
import { importSpecOf } from '../../server/imports/import-spec';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * The city manager configuration's import saves each row as its form does: the same rule refuses a
 * city of another province and an unknown manager, by row and column, writing nothing; an accepted row
 * gives the manager the city at once.
 */
const PAGE = 'baseManage.cityManagerConfig';
const SUZHOU = '320500';
let t: TestApp;
let admin = '';
const names: Record<string, string> = {};

const nameOf = async (username: string) =>
  (
    await sql<{ n: string }>`select last_name as n from employee where username = ${username}`.execute(
      t.database.db,
    )
  ).rows[0].n;
const configRows = async () =>
  (
    await sql<{
      n: number;
    }>`select count(*)::int as n from record where resource = 'cityManagerConfig'`.execute(t.database.db)
  ).rows[0].n;

async function file(rows: Record<string, string>[]) {
  const fields = importSpecOf(PAGE).declared.fields.map((f) => f.field);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(fields.map((field) => headerOf('zh', 'cityManagerConfig', field)));
  for (const row of rows) sheet.addRow(fields.map((field) => row[field] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

const row = (extra: Record<string, string> = {}) => ({
  ProvinceName: '江苏省',
  CityName: '苏州市',
  cityManagerName: names.city,
  ExtProvinceManagerName_SDK: names.province,
  StartDate: '2026-01-01',
  ...extra,
});

const upload = async (rows: Record<string, string>[]) =>
  t.upload('/import/upload', { PageID: PAGE }, { name: 'config.xlsx', content: await file(rows) }, admin);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
  for (const user of ['city', 'province']) names[user] = await nameOf(user);
});
afterAll(() => t.close());

describe('the city manager configuration import', () => {
  it('refuses a city under the wrong province and an unknown manager, per row, writing nothing', async () => {
    const before = await configRows();
    const answer = await upload([
      row(),
      row({ CityName: '杭州市' }),
      row({ cityManagerName: 'Nobody Such' }),
    ]);
    expect(answer.status).toBe(422);
    const results = answer.body.results;
    expect(results.Committed).toBe(false);
    expect(results.FailCount).toBe(2);
    expect(results.Rejected.map((r: { Row: number }) => r.Row)).toEqual([3, 4]);
    expect(results.Rejected[0].Reasons[0]).toContain(headerOf('zh', 'cityManagerConfig', 'CityName'));
    expect(results.Rejected[1].Reasons[0]).toContain(headerOf('zh', 'cityManagerConfig', 'cityManagerName'));
    expect(await configRows()).toBe(before);
    expect(await coveredCityCodes(t.database.db, { username: 'city', cityCode: null })).not.toContain(SUZHOU);
  });

  it('accepts a valid row, and the manager then holds that city', async () => {
    const answer = await upload([row()]);
    expect(answer.body.results).toMatchObject({ Committed: true, SuccessCount: 1, FailCount: 0 });
    const stored = await sql<{ code: string; city: string }>`select data->>'cityManagerCode' as code,
      city_code as city from record where resource = 'cityManagerConfig' and data->>'CityName' = '苏州市' and data->>'cityManagerCode' = 'city'`.execute(
      t.database.db,
    );
    expect(stored.rows).toEqual([{ code: 'city', city: SUZHOU }]);
    expect(await coveredCityCodes(t.database.db, { username: 'city', cityCode: null })).toContain(SUZHOU);
  });
});

// What `npm run verify-books` checks, on the world these imports left.
endsWithBooksBalanced(() => t, ['agents', 'orders', 'rebates', 'reports', 'salesTasks', 'system']);
