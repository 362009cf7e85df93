import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zh } from '../../locales/zh/messages';
import { checkBooks } from '../../server/books/check-books';
import { planYears } from '../../server/sales-tasks/task-references.rules';
import { checkAfterCorruption } from './books-kit';
import { startTestApp, type TestApp } from './harness';
import { type Row, salesTaskDesk } from './sales-task-desk';

/**
 * The books of the sales tasks area (docs/sales-tasks.md, docs/books.md): one province target per
 * year, province, brand line and indicator, whatever the second one would have taken; an RSP's answer
 * stands only for the figure it answered; what a task achieved, and the STI it earns, counts only the
 * brand line it names; and every invariant of the area names the record a corrupted row breaks.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let rsp: { id: string; name: string };

const db = () => t.database.db;
async function one<T>(query: RawBuilder<T>) {
  return (await query.execute(db())).rows[0] as T;
}
const { call, create, getOne, decide } = salesTaskDesk(() => t, tokens);

/** A target driven by its people to approval: sent, confirmed by the RSP, submitted, agreed by HQ. */
async function approvePackage(target: string, line: string) {
  expect((await decide('salesTask', target, 'requestConfirmation', 'province')).status).toBe(200);
  expect((await decide('rspTaskConfirmation', line, 'confirm', 'rsp')).status).toBe(200);
  expect((await decide('salesTask', target, 'submit', 'province')).status).toBe(200);
  expect((await decide('salesTask', target, 'agree', 'vp')).status).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp('demo');
  for (const user of ['province', 'ops', 'rsp', 'vp']) tokens[user] = await t.login(user, 'Demo@123456');
  tokens.admin = await t.login('admin', 'Admin@123456');
  rsp = await one(sql<{ id: string; name: string }>`select c.object_id::text as id, c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`);
});
afterAll(() => t?.close());

describe('one province target per year, province, brand line and indicator', () => {
  let approved: Row;

  beforeAll(async () => {
    const found = await call('/provinceTask/search', { Year: '2027', pageSize: 50 }, 'province');
    approved = (found.body.results as Row[]).find((r) => r.TaskApprovalStatus === '121') as Row;
    expect(approved).toBeDefined();
  });

  it('refuses a second target naming the indicator, and the approved package keeps its lines and figures', async () => {
    const key = {
      Year: approved.Year,
      ProvinceName: approved.ProvinceName,
      Brand: approved.Brand,
      IndicatorType: approved.IndicatorType,
    };
    const second = await call('/provinceTask/create', { ...key, AnnualTask: '0.01' }, 'province');
    expect(second.status).toBe(400);
    expect(second.body.field).toBe('IndicatorType');
    expect(second.body.message).toContain(zh.salesTasks.problems.duplicateTarget);

    const again = await getOne('provinceTask', approved.ObjectID);
    expect([
      again.TaskPackageStatus,
      again.TaskApprovalStatus,
      again.RspAllocated,
      again.LoadBearingRate,
    ]).toEqual(['161', '121', approved.RspAllocated, approved.LoadBearingRate]);
    const lines = await call(
      '/rspTaskAllocation/search',
      { Year: String(key.Year), pageSize: 50 },
      'province',
    );
    const ofTarget = (lines.body.results as Row[]).filter((l) => l.IndicatorType === key.IndicatorType);
    expect(ofTarget.length).toBeGreaterThan(0);
    expect(ofTarget.every((l) => l.TaskApprovalStatus === '121')).toBe(true);
    const targets = await call('/provinceTask/search', { Year: String(key.Year), pageSize: 50 }, 'province');
    expect((targets.body.results as Row[]).filter((r) => r.IndicatorType === key.IndicatorType)).toHaveLength(
      1,
    );
  });

  it('refuses moving another target onto the same key, and keeps the one it was', async () => {
    const other = await create('provinceTask', {
      Year: approved.Year,
      ProvinceName: approved.ProvinceName,
      Brand: approved.Brand,
      IndicatorType: '121',
      AnnualTask: '1000.00',
    });
    const moved = await call(
      '/provinceTask/update',
      { ObjectID: other.ObjectID, Version: other.Version, IndicatorType: approved.IndicatorType },
      'province',
    );
    expect([moved.status, moved.body.field]).toEqual([400, 'IndicatorType']);
    expect((await getOne('provinceTask', other.ObjectID)).IndicatorType).toBe('121');
    expect((await getOne('provinceTask', approved.ObjectID)).TaskPackageStatus).toBe('161');
  });
});

describe("an RSP's answer stands for the figure it answered", () => {
  it('sends a line changed after its confirmation to the RSP again before the package may be submitted', async () => {
    const key = { Year: planYears().min, ProvinceName: '江苏省', Brand: '101', IndicatorType: '101' };
    // Last year began long ago: the target is set late, with a reason HQ allows.
    const target = await create('provinceTask', { ...key, AnnualTask: '1000.00', LateReason: 'Set late' });
    expect((await decide('salesTask', target.ObjectID, 'allowLate', 'vp')).status).toBe(200);
    const line = await create('rspTaskAllocation', {
      ...key,
      AgentName: rsp.name,
      LoadBearingAmount: '1100.00',
    });
    expect((await decide('salesTask', target.ObjectID, 'requestConfirmation', 'province')).status).toBe(200);
    expect((await decide('rspTaskConfirmation', line.ObjectID, 'confirm', 'rsp')).status).toBe(200);
    const confirmed = await getOne('rspTaskAllocation', line.ObjectID, 'rsp');
    expect(confirmed.ConfirmStatus).toBe('111');

    const changed = await call(
      '/rspTaskAllocation/update',
      { ObjectID: line.ObjectID, Version: confirmed.Version, LoadBearingAmount: '1200.00' },
      'province',
    );
    expect(changed.status, changed.body.message).toBe(200);
    expect((await getOne('rspTaskAllocation', line.ObjectID, 'rsp')).ConfirmStatus).toBe('101');
    const early = await decide('salesTask', target.ObjectID, 'submit', 'province');
    expect(early.status).toBe(409);
    expect(early.body.message).toContain(rsp.name);

    expect((await decide('rspTaskConfirmation', line.ObjectID, 'confirm', 'rsp')).status).toBe(200);
    expect((await decide('salesTask', target.ObjectID, 'submit', 'province')).status).toBe(200);
    const report = await checkBooks(db(), (k) => k === 'salesTasks.confirmationStandsForItsFigure');
    expect(report.violations).toBe(0);
  });
});

describe('an RSP line deleted gives back what it carried', () => {
  it("takes its figure out of its target's load bearing and its key's allocated amount, in the same write", async () => {
    const key = { Year: planYears().min, ProvinceName: '江苏省', Brand: '111', IndicatorType: '101' };
    const target = await create('provinceTask', { ...key, AnnualTask: '2000.00', LateReason: 'Set late' });
    expect((await decide('salesTask', target.ObjectID, 'allowLate', 'vp')).status).toBe(200);
    const task = await create('salesTask', { ...key, AnnualTask: '2000.00' }, 'admin');
    const kept = await create('rspTaskAllocation', {
      ...key,
      AgentName: rsp.name,
      LoadBearingAmount: '1000.00',
    });
    const other = await one(sql<{ name: string }>`select c.name from customer c
      where c.channel_type = 'RSP' and c.province_code = '320000' and c.object_id::text <> ${rsp.id} limit 1`);
    const gone = await create('rspTaskAllocation', {
      ...key,
      AgentName: other.name,
      LoadBearingAmount: '1400.00',
    });
    expect((await getOne('provinceTask', target.ObjectID)).LoadBearingRate).toBe(120);

    const deleted = await call('/rspTaskAllocation/delete', { ObjectID: gone.ObjectID }, 'province');
    expect(deleted.status, deleted.body.message).toBe(200);
    const after = await getOne('provinceTask', target.ObjectID);
    expect([after.RspAllocated, after.LoadBearingRate]).toEqual(['1000.00', 50]);
    expect((await getOne('salesTask', task.ObjectID, 'admin')).AllocatedAmount).toBe('1000.00');
    expect((await getOne('rspTaskAllocation', kept.ObjectID)).LoadBearingAmount).toBe('1000.00');
    const report = await checkBooks(db(), (k) => k.startsWith('salesTasks.'));
    expect(report.violations).toBe(0);
  });
});

describe("a city manager's task counts the orders of its own city", () => {
  const YEAR = 2026;
  const quarters = [1, 2, 3, 4];
  const startOf = (q: number) => `${YEAR}-${String(q * 3 - 2).padStart(2, '0')}-01`;
  /** What the manager's orders of a city achieved in a quarter, summed here from the documents. */
  const achieved = async (indicator: string, name: string, city: string, channel: string, q: number) => {
    const from = startOf(q);
    const measure =
      indicator === '121'
        ? sql`select coalesce(sum(a.amount), 0) from payment_allocation a
            join payment_receipt r on r.object_id = a.receipt_id join sales_order o on o.object_id = a.order_id
            where o.city_manager_name = ${name} and o.city_code = ${city} and o.order_channel = ${channel}
              and r.data->>'ConfirmStatus' = '121' and r.payment_date >= ${from}::date
              and r.payment_date < ${from}::date + interval '3 months'`
        : sql`select coalesce(sum(o.order_amount), 0) from sales_order o
            where o.city_manager_name = ${name} and o.city_code = ${city} and o.order_channel = ${channel}
              and o.approval_status in ('121', '151') and o.order_date >= ${from}::date
              and o.order_date < ${from}::date + interval '3 months'`;
    return (await one(sql<{ yuan: string }>`select (${measure})::numeric(18, 2)::text as yuan`)).yuan;
  };
  /** The achievement the STI list shows for each quarter of a city manager's task. */
  const shown = async (task: string, kind: string) => {
    const page = kind === '1' ? 'salesTask.cityManagerSti1' : 'salesTask.cityManagerSti2';
    const list = await call(
      '/stiTask/search',
      { PageID: page, StiKind: kind, Year: String(YEAR), TaskID: task, pageSize: 10 },
      'vp',
    );
    expect(list.status, list.body.message).toBe(200);
    const rows = list.body.results as Row[];
    return quarters.map((q) => rows.find((r) => r.Quarter === `Q${q}`)?.AchievedAmount);
  };

  it('credits each of two cities of one manager with its own orders, sell-in and collections alike', async () => {
    // The city manager and channel with the most effective orders of a Jiangsu city this year; the
    // province's fallback manager also holds orders of the cities that have none of their own.
    const busiest = await one(sql<{ name: string; channel: string; city: string }>`select
        city_manager_name as name, order_channel as channel, city_code as city
      from sales_order where province_code = '320000' and city_code is not null
        and city_manager_name is not null and approval_status in ('121', '151')
        and order_date >= ${`${YEAR}-01-01`}::date and order_date < ${`${YEAR + 1}-01-01`}::date
      group by 1, 2, 3 order by count(*) desc, 1, 2, 3 limit 1`);
    const other = await one(sql<{ code: string }>`select r.code from region r
      where r.level = 'city' and r.parent_code = '320000' and r.code <> ${busiest.city}
      order by exists (select 1 from sales_order o where o.city_manager_name = ${busiest.name}
        and o.city_code = r.code and o.order_channel = ${busiest.channel}) desc, r.code limit 1`);
    const cities = [busiest.city, other.code];
    const names = await sql<{ code: string; name: string }>`select code, name_zh as name from region
      where code in (${sql.join(cities)})`.execute(db());
    const cityName = new Map(names.rows.map((r) => [r.code, r.name]));
    for (const [indicator, taskType, kind] of [
      ['101', '111', '1'],
      ['121', '131', '2'],
    ]) {
      const expected = await Promise.all(
        cities.map((city) =>
          Promise.all(quarters.map((q) => achieved(indicator, busiest.name, city, busiest.channel, q))),
        ),
      );
      // The busiest city's orders are real: counted for both tasks, the other city's would show them.
      if (indicator === '101') expect(expected[0].some((yuan) => Number(yuan) > 0)).toBe(true);
      for (const [i, city] of cities.entries()) {
        const task = await create('cityManagerTask', {
          Year: YEAR,
          ProvinceName: '江苏省',
          CityName: cityName.get(city),
          cityManagerName: busiest.name,
          Brand: busiest.channel,
          TaskType: taskType,
          AnnualTask: '4000000.00',
        });
        expect(await shown(task.ObjectID, kind), `${cityName.get(city)} ${indicator}`).toEqual(expected[i]);
      }
    }
  });
});

describe('achievement and STI count only the brand line the task names', () => {
  const YEAR = 2026;
  const lines: Record<string, string> = {};
  /** The RSP's effective orders of a channel in a period, summed here from the orders. */
  const ordered = async (channel: string, from: string, to: string) =>
    (
      await one(sql<{ yuan: string }>`select coalesce(sum(order_amount), 0)::numeric(18, 2)::text as yuan
        from sales_order where company_id = ${rsp.id} and order_channel = ${channel}
          and approval_status in ('121', '151') and order_date >= ${from}::date and order_date < ${to}::date`)
    ).yuan;
  const sti = async (line: string) =>
    (await call('/rspTaskAllocation/sti', { ObjectID: line }, 'vp')).body.results.Quarters as Record<
      string,
      string
    >[];

  beforeAll(async () => {
    // The demo RSP's first quarter has effective orders of the partner line, more than of its own.
    expect(Number(await ordered('111', `${YEAR}-01-01`, `${YEAR}-04-01`))).toBeGreaterThan(
      Number(await ordered('101', `${YEAR}-01-01`, `${YEAR}-04-01`)),
    );
    // Targets small enough that the partner line's first quarter passes 80%: a Q1 of 20% of 2,750,000.
    for (const brand of ['101', '111']) {
      const key = { Year: YEAR, ProvinceName: '江苏省', Brand: brand, IndicatorType: '101' };
      // The year has begun: set late, with a reason HQ allows.
      const target = await create('provinceTask', {
        ...key,
        AnnualTask: '2500000.00',
        LateReason: 'Set late',
      });
      expect((await decide('salesTask', target.ObjectID, 'allowLate', 'vp')).status).toBe(200);
      const line = await create('rspTaskAllocation', {
        ...key,
        AgentName: rsp.name,
        LoadBearingAmount: '2750000.00',
      });
      await approvePackage(target.ObjectID, line.ObjectID);
      lines[brand] = line.ObjectID;
    }
  });

  it("shows the own line's sell-in without the partner line's orders, and the partner line's with them", async () => {
    const found = await call('/loadBearing/search', { Year: String(YEAR), pageSize: 100 }, 'province');
    const byLine = new Map((found.body.results as Row[]).map((r) => [r.ObjectID, r]));
    expect(byLine.get(lines['101'])?.CompletedAmount).toBe(
      await ordered('101', `${YEAR}-01-01`, `${YEAR + 1}-01-01`),
    );
    expect(byLine.get(lines['111'])?.CompletedAmount).toBe(
      await ordered('111', `${YEAR}-01-01`, `${YEAR + 1}-01-01`),
    );
    expect((await sti(lines['101']))[0].AchievedAmount).toBe(
      await ordered('101', `${YEAR}-01-01`, `${YEAR}-04-01`),
    );
    expect((await sti(lines['111']))[0].AchievedAmount).toBe(
      await ordered('111', `${YEAR}-01-01`, `${YEAR}-04-01`),
    );
  });

  it("measures sell-out from the RSP's submitted shipment reports, for its own line only", async () => {
    const reported = await one(sql<{ yuan: string }>`select
        coalesce(sum((data->>'Amount')::numeric), 0)::numeric(18, 2)::text as yuan
      from record where resource = 'rspShipmentReport' and data->>'AgentName' = ${rsp.name}
        and data->>'ReportStatus' in ('121', '131') and left(data->>'ShipmentDate', 4) = ${String(YEAR)}`);
    expect(Number(reported.yuan)).toBeGreaterThan(0);
    // Next year's sell-out: the demo's own-line target has the RSP's line; a partner-line one gets one.
    const key = { Year: YEAR + 1, ProvinceName: '江苏省', Brand: '111', IndicatorType: '111' };
    await create('provinceTask', { ...key, AnnualTask: '1000.00' });
    const partner = await create('rspTaskAllocation', {
      ...key,
      AgentName: rsp.name,
      LoadBearingAmount: '1100.00',
    });
    const found = await call('/loadBearing/search', { Year: String(YEAR + 1), pageSize: 100 }, 'province');
    const mine = (found.body.results as Row[]).filter((r) => r.AgentName === rsp.name);
    const own = await one(sql<{ id: string }>`select object_id::text as id from record
      where resource = 'rspTaskAllocation' and company_id = ${rsp.id} and data->>'Year' = ${String(YEAR + 1)}
        and data->>'Brand' = '101' and data->>'IndicatorType' = '111'`);
    const lastYear = new Map(mine.map((r) => [r.ObjectID, r.LastYearActual]));
    expect([lastYear.get(own.id), lastYear.get(partner.ObjectID)]).toEqual([reported.yuan, '0.00']);
  });
});

/** The labels an invariant of the area names once `corruption` is written, the write undone after. */
const namedAfter = async (corruption: RawBuilder<unknown>, key: string) =>
  (await checkAfterCorruption(db(), `salesTasks.${key}`, (trx) => corruption.execute(trx))).rows.map(
    (r) => r.label,
  );

describe('the sales tasks area names the record a corrupted row breaks', () => {
  const target = () =>
    one(sql<{ id: string }>`select object_id::text as id from record where resource = 'provinceTask'
      and data->>'Year' = '2027' and data->>'TaskApprovalStatus' = '121'`);
  const confirmedLine = () =>
    one(sql<{
      id: string;
      agent: string;
    }>`select object_id::text as id, data->>'AgentName' as agent from record
      where resource = 'rspTaskAllocation' and data->>'Year' = '2027' and data->>'ConfirmStatus' = '111'
      order by data->>'AgentName' limit 1`);
  const targetLabel = '江苏省 2027 自有品牌 提货额';

  it('finds the demo world balanced', async () => {
    const report = await checkBooks(db(), (k) => k.startsWith('salesTasks.'));
    expect(report.checks.length).toBe(13);
    expect(report.checks.filter((c) => c.total > 0)).toEqual([]);
  });

  it("a target's quarter that no longer adds up to its year", async () => {
    const { id } = await target();
    const labels = await namedAfter(
      sql`update record set data = data || '{"Q1Task": "1.00"}'::jsonb where object_id = ${id}`,
      'targetQuartersAddUp',
    );
    expect(labels).toEqual([targetLabel]);
  });

  it("a task's month that no longer adds up to its quarter", async () => {
    const task = await one(sql<{ id: string; no: string }>`select object_id::text as id, data->>'TaskNo' as no
      from record where resource = 'salesTask' and data->>'Month01Task' is not null order by data->>'TaskNo' limit 1`);
    const labels = await namedAfter(
      sql`update record set data = data || '{"Month01Task": "0.01"}'::jsonb where object_id = ${task.id}`,
      'taskSplitAddsUp',
    );
    expect(labels).toEqual([task.no]);
  });

  it("an RSP line's quarter that no longer adds up to its share", async () => {
    const line = await confirmedLine();
    const labels = await namedAfter(
      sql`update record set data = data || '{"Q2Task": "0.00"}'::jsonb where object_id = ${line.id}`,
      'lineQuartersAddUp',
    );
    expect(labels).toEqual([`${line.agent} ${targetLabel}`]);
  });

  it('a second target of the same key, written around the service', async () => {
    const { id } = await target();
    const labels = await namedAfter(
      sql`insert into record (resource, data) select resource, data from record where object_id = ${id}`,
      'oneTargetPerKey',
    );
    expect(labels).toEqual([targetLabel, targetLabel]);
  });

  it('an RSP line moved to a target that does not exist', async () => {
    const line = await confirmedLine();
    const labels = await namedAfter(
      sql`update record set data = data || '{"Year": "2099"}'::jsonb where object_id = ${line.id}`,
      'lineBelongsToTarget',
    );
    expect(labels).toEqual([`${line.agent} 江苏省 2099 自有品牌 提货额`]);
  });

  it('a confirmed RSP line whose figure changed after the confirmation', async () => {
    const line = await confirmedLine();
    const labels = await namedAfter(
      sql`update record set data = data || '{"LoadBearingAmount": "1.00"}'::jsonb where object_id = ${line.id}`,
      'confirmationStandsForItsFigure',
    );
    expect(labels).toEqual([`${line.agent} ${targetLabel}`]);
  });

  it('a confirmed RSP line moved to another target with the answer it gave under the one it left', async () => {
    const line = await confirmedLine();
    const labels = await namedAfter(
      sql`update record set data = data || '{"IndicatorType": "111"}'::jsonb where object_id = ${line.id}`,
      'confirmationIsOfItsTarget',
    );
    expect(labels).toEqual([`${line.agent} 江苏省 2027 自有品牌 出货额`]);
  });

  it('a target out for confirmation with a line no round asks its RSP about', async () => {
    const out = await one(sql<{ id: string }>`select object_id::text as id from record
      where resource = 'provinceTask' and data->>'Year' = '2027' and data->>'TaskPackageStatus' = '131'`);
    const labels = await namedAfter(
      sql`insert into record (resource, data) select resource, data - 'ConfirmStatus'
          || ${JSON.stringify({ AgentName: 'An RSP never asked' })}::jsonb
        from record where resource = 'rspTaskAllocation' and data->>'Year' = '2027'
          and data->>'Brand' = (select data->>'Brand' from record where object_id = ${out.id})
          and data->>'IndicatorType' = (select data->>'IndicatorType' from record where object_id = ${out.id})
        limit 1`,
      'targetOutAsksEveryLine',
    );
    expect(labels).toEqual(['江苏省 2027 自有品牌 出货额']);
  });

  it('a target out for confirmation with no RSP line left', async () => {
    const out = await one(sql<{ id: string }>`select object_id::text as id from record
      where resource = 'provinceTask' and data->>'Year' = '2027' and data->>'TaskPackageStatus' = '131'`);
    const labels = await namedAfter(
      sql`delete from record l using record p where p.object_id = ${out.id} and l.resource = 'rspTaskAllocation'
        and l.data->>'Year' = p.data->>'Year' and l.data->>'ProvinceName' = p.data->>'ProvinceName'
        and l.data->>'Brand' = p.data->>'Brand' and l.data->>'IndicatorType' = p.data->>'IndicatorType'`,
      'targetOutAsksEveryLine',
    );
    expect(labels).toEqual(['江苏省 2027 自有品牌 出货额']);
  });

  it("a task whose allocated figure is not its key's RSP lines", async () => {
    const task = await one(sql<{ id: string; no: string }>`select object_id::text as id, data->>'TaskNo' as no
      from record where resource = 'salesTask' and data->>'Year' = '2027' and data->>'ProvinceName' = '江苏省'
        and data->>'Brand' = '101' and data->>'IndicatorType' = '101'
      order by data->>'TaskNo' limit 1`);
    const labels = await namedAfter(
      sql`update record set data = data || '{"AllocatedAmount": "0.00"}'::jsonb where object_id = ${task.id}`,
      'allocatedIsLinesOfKey',
    );
    expect(labels).toEqual([task.no]);
  });

  it("a target whose city managers' share is not the sum of their tasks", async () => {
    const { id } = await target();
    const labels = await namedAfter(
      sql`update record set data = data || '{"CityManagerAllocated": "1.00"}'::jsonb where object_id = ${id}`,
      'cityManagerAllocatedIsTasks',
    );
    expect(labels).toEqual([targetLabel]);
  });

  it("a target whose load bearing is not its lines' sum over its target", async () => {
    const { id } = await target();
    const labels = await namedAfter(
      sql`update record set data = data || '{"LoadBearingRate": 220000000}'::jsonb where object_id = ${id}`,
      'loadBearingIsLinesOverTarget',
    );
    expect(labels).toEqual([targetLabel]);
  });
});
