import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

/**
 * Who may write which field is decided from the pages the caller holds (docs/security.md): an agent's
 * own confirmation page shows its target read-only, so the API refuses it too, whichever page the
 * request claims to come from; and a record out of the caller's scope is not found, whatever its state.
 */
let t: TestApp;
let rsp: string;

beforeAll(async () => {
  t = await startTestApp('demo');
  rsp = await t.login('rsp', 'Demo@123456');
});
afterAll(() => t?.close());

async function rspLine() {
  const found = await t.post(
    '/rspTaskAllocation/search',
    { PageID: 'salesTask.rspTaskConfirm', pageSize: 1 },
    rsp,
  );
  const row = found.body.results[0];
  const one = await t.post('/rspTaskAllocation/getOne', { ObjectID: row.ObjectID }, rsp);
  const line = one.body.results[0] as Record<string, string | number>;
  expect(line.ObjectID).toMatch(/^[0-9a-f-]{36}$/);
  return line;
}

describe('field authority', () => {
  it('refuses an agent the target figures its confirmation page shows read-only', async () => {
    const line = await rspLine();
    for (const [field, value] of [
      ['LoadBearingAmount', '1.00'],
      ['Year', 1900],
      ['Brand', line.Brand],
      ['IndicatorType', line.IndicatorType],
      ['ProvinceName', 'Zhejiang'],
    ]) {
      const answer = await t.post(
        '/rspTaskAllocation/update',
        { ObjectID: line.ObjectID, Version: line.Version, [field]: value },
        rsp,
      );
      expect([answer.status, answer.body.message], String(field)).toEqual([
        400,
        expect.stringMatching(/不可修改/),
      ]);
    }
    const after = await rspLine();
    expect([after.LoadBearingAmount, after.Version]).toEqual([line.LoadBearingAmount, line.Version]);
  });

  it("refuses a write that names the vendor's form the agent does not hold", async () => {
    const line = await rspLine();
    const answer = await t.post(
      '/rspTaskAllocation/update',
      { PageID: 'salesTask.rspTaskSplit', ObjectID: line.ObjectID, Version: line.Version, Remark: 'x' },
      rsp,
    );
    expect([answer.status, answer.body.message]).toEqual([403, '您的菜单中没有这个页面，不能通过它保存']);
  });

  it("answers not found for another company's order under review, not that a workflow runs on it", async () => {
    const { rows } = await sql<{ object_id: string }>`
      select o.object_id from sales_order o join workflow_stream w on w.subject_id = o.object_id
      where w.subject_resource = 'order' and w.state->>'status' = 'active'
        and o.company_id is distinct from (select company_id from employee where username = 'rsp')
      limit 1`.execute(t.database.db);
    expect(rows.length).toBe(1);
    const answer = await t.post('/order/delete', { ObjectID: rows[0].object_id }, rsp);
    expect(answer.status).toBe(404);
  });
});
