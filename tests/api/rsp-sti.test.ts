import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zh } from '../../locales/zh/messages';
import { stiOf } from '../../server/sales-tasks/sti';
import { fenOf, yuanOf } from '../../server/sales-tasks/task-split';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * An RSP line's STI as HQ sees it on the line's page (docs/sales-tasks.md "STI"): each quarter's
 * target, achievement and incentive, finished or not, calculated or not, and every refusal says why
 * (review and posting: sti-review.test.ts).
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let rsp: { id: string; name: string };
const db = () => t.database.db;
const YEAR = 2026;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
const quarterOver = (year: number, q: number) =>
  today >= (q === 4 ? `${year + 1}-01-01` : `${year}-${String(q * 3 + 1).padStart(2, '0')}-01`);

type Quarter = {
  Quarter: number;
  TaskAmount: string;
  AchievedAmount: string;
  StiLevel: string;
  StiAmount: string;
  Finished: boolean;
  StiID: string | null;
  PostedFlowNo: string | null;
};
const stiOfLine = async (id: string, who = 'vp') =>
  (await t.post('/rspTaskAllocation/sti', { ObjectID: id }, tokens[who])).body.results as {
    Quarters: Quarter[];
    MayCalculate: boolean;
    Approved: boolean;
  };
const calculate = (id: string, quarter: number, who = 'vp') =>
  t.post('/rspTaskAllocation/calculateSti', { ObjectID: id, Quarter: quarter }, tokens[who]);
/**
 * The RSP's effective orders of a quarter on the line's brand (the demo RSP's are of the partner
 * line), summed from the orders here, independently of the view.
 */
const soldIn = async (quarter: number) =>
  (
    await sql<{ yuan: string }>`select coalesce(sum(order_amount), 0)::numeric(18, 2)::text as yuan
      from sales_order where company_id = ${rsp.id} and order_channel = '111'
        and approval_status in ('121', '151')
        and order_date >= make_date(${YEAR}, ${quarter * 3 - 2}, 1)
        and order_date < make_date(${YEAR}, ${quarter * 3 - 2}, 1) + interval '3 months'`.execute(db())
  ).rows[0].yuan;

/** The demo RSP's line on a partner-line sell-in target of its province (Jiangsu) for the year. */
async function rspLine(year: number, loadBearing: string) {
  const key = { Year: year, ProvinceName: '江苏省', Brand: '111', IndicatorType: '101' };
  // A year already under way takes a late target, with a reason HQ allows.
  const late = year <= Number(today.slice(0, 4)) ? { LateReason: 'Set late' } : {};
  const target = await t.post(
    '/provinceTask/create',
    { ...key, AnnualTask: loadBearing, ...late },
    tokens.province,
  );
  expect(target.status, target.body.message).toBe(200);
  if (late.LateReason) {
    const allowed = await t.post(
      '/workflow/decide',
      { workflow: 'salesTask', ObjectID: target.body.results.ObjectID, command: 'allowLate', payload: {} },
      tokens.vp,
    );
    expect(allowed.status, allowed.body.message).toBe(200);
  }
  const created = await t.post(
    '/rspTaskAllocation/create',
    {
      ...key,
      AgentName: rsp.name,
      LoadBearingAmount: loadBearing,
    },
    tokens.province,
  );
  expect(created.status, created.body.message).toBe(200);
  return created.body.results.ObjectID as string;
}
/** Approved, as the package's approval stamps its lines (server/sales-tasks/sales-task.hooks.ts). */
const approve = (id: string) =>
  sql`update record set data = data || '{"TaskApprovalStatus": "121"}'::jsonb where object_id = ${id}`.execute(
    db(),
  );

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['province', 'vp']) tokens[user] = await t.login(user, 'Demo@123456');
  rsp = (
    await sql<{ id: string; name: string }>`select c.object_id::text as id, c.name from employee e
      join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(db())
  ).rows[0];
});
afterAll(() => t?.close());

describe("an RSP line's STI", () => {
  let line: string;

  beforeAll(async () => {
    // A first quarter target (20% of the year) equal to what the RSP achieved in it: 100% attainment.
    const firstQuarter = fenOf(await soldIn(1));
    expect(firstQuarter).toBeGreaterThan(0n);
    line = await rspLine(YEAR, yuanOf(firstQuarter * 5n));
  });

  it('shows each quarter as the STI rule computes it from the records, to everyone who opens the line', async () => {
    const shown = await stiOfLine(line);
    expect(shown.Quarters.map((q) => q.Quarter)).toEqual([1, 2, 3, 4]);
    for (const q of shown.Quarters) {
      const sold = await soldIn(q.Quarter);
      const rule = stiOf(fenOf(q.TaskAmount), fenOf(sold));
      expect([q.AchievedAmount, q.StiLevel, q.StiAmount], `Q${q.Quarter}`).toEqual([
        sold,
        rule.level,
        yuanOf(rule.amount),
      ]);
      expect(q.Finished).toBe(quarterOver(YEAR, q.Quarter));
      expect(q.PostedFlowNo).toBeNull();
    }
    expect(shown.Quarters[0].StiLevel).toBe('111');
    expect([shown.MayCalculate, shown.Approved]).toEqual([true, false]);
    const asProvince = await stiOfLine(line, 'province');
    expect(asProvince.MayCalculate).toBe(false);
    expect(asProvince.Quarters).toEqual(shown.Quarters);
  });

  it('is calculated only for an approved line', async () => {
    const early = await calculate(line, 1);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(zh.salesTasks.problems.stiNotApproved);
    expect((await stiOfLine(line)).Quarters.every((q) => q.StiID === null)).toBe(true);
  });

  it('refuses a quarter that is not over, naming it', async () => {
    const next = Number(today.slice(0, 4)) + 1;
    const future = await rspLine(next, '1000.00');
    await approve(future);
    const refused = await calculate(future, 2);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      zh.salesTasks.problems.stiQuarterOpen.replace('{{quarter}}', `${next} Q2`),
    );
    expect((await stiOfLine(future)).Quarters.every((q) => !q.Finished)).toBe(true);
  });
});

endsWithBooksBalanced(() => t, ['salesTasks', 'rebates']);
