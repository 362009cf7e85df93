import { sql } from 'kysely';
import { CustomerType } from '../../domain/codes/customers.codes';
import { Brand } from '../../domain/codes/products.codes';
import { TaskApprovalStatus, TaskIndicatorType } from '../../domain/codes/sales-tasks.codes';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { provinceOf } from '../reference/regions.data';
import { resourceDef } from '../resources/registry';
import { checkValues } from '../resources/values';
import {
  afterAllocationWrite,
  afterCityManagerTaskWrite,
  afterProvinceTaskWrite,
} from '../sales-tasks/load-bearing.rules';
import { autoConfirmRspLines } from '../sales-tasks/rsp-confirmation.job';
import { refreshTaskManagement } from '../sales-tasks/task-management.figures';
import { fenOf, splitEvenly, yuanOf } from '../sales-tasks/task-split';
import type { Clock } from '../workflows/clock';
import { decide } from '../workflows/decisions';
import { accounts, clockOn } from './kit';
import { addDays, DEMO_TODAY, Random } from './random';

/** What the RSPs of a province carry together, in percent: inside the 100–130% a submission needs. */
const LOAD_BEARING = 110n;
const MAX_RSPS = 3;
/** The stream of this seed's ids and times, so the same seed gives the same rows. */
const SEED = 20_270_101;
/** The first target goes all the way to approved; the second waits on an RSP's objection. */
const TARGETS = [
  { Brand: Brand.ownBrand, IndicatorType: TaskIndicatorType.sellIn, AnnualTask: '12000000.00' },
  { Brand: Brand.ownBrand, IndicatorType: TaskIndicatorType.sellOut, AnnualTask: '3600000.01' },
];

/** Saves a row as its entry form does (checked values, then the resource's rule), with a seeded id. */
async function enter(db: Db, resource: string, caller: Caller, body: Record<string, unknown>, clock: Clock) {
  const def = resourceDef(resource)!;
  const values = await checkValues(db, def, body, 'create');
  const id = clock.uuid();
  await sql`insert into record (object_id, resource, data, created_at, updated_at, created_by_name,
      updated_by_name, province_code, city_code)
    values (${id}, ${resource}, ${JSON.stringify(values)}::jsonb, ${clock.at}, ${clock.at}, ${caller.lastName},
      ${caller.lastName}, ${caller.provinceCode}, ${caller.cityCode})`.execute(db);
  const record = { ...values, ObjectID: id };
  if (resource === 'provinceTask') await afterProvinceTaskWrite(db, def, caller, record, undefined, clock);
  else if (resource === 'cityManagerTask') await afterCityManagerTaskWrite(db, def, caller, record);
  else await afterAllocationWrite(db, def, caller, record);
  return id;
}

/**
 * Demo province targets for next year, entered by the province manager (the server splits them and
 * computes the load bearing) and allocated to the province's RSPs, the demo RSP first. The first is
 * sent for confirmation, confirmed by the demo RSP and by silence for the others (the daily job),
 * submitted and approved by the executive — so it is locked; on the second the demo RSP objected and
 * the province manager has to rule. Last year's own-brand sell-out target was approved the December
 * before it, so HQ may calculate the STI of its quarters. Real figures and histories rather than
 * seeded ones.
 */
export async function seedSalesTasks(db: Db) {
  await enterTargets(db);
  await followTheirTargets(db);
}

/**
 * The generated task management rows and city manager tasks say what their targets say, as saved ones
 * do: allocation and status computed from the records, and a task in approval only while its target
 * is (none without a target), so no approval list shows a task nobody can decide.
 */
async function followTheirTargets(db: Db) {
  const keys = await sql<Record<string, string>>`select distinct data->>'Year' as "Year",
      data->>'ProvinceName' as "ProvinceName", data->>'Brand' as "Brand"
    from record where resource = 'salesTask'`.execute(db);
  for (const key of keys.rows) await refreshTaskManagement(db, key);
  await sql`update record c set data = c.data || jsonb_build_object('TaskApprovalStatus',
      coalesce((select p.data->>'TaskApprovalStatus' from record p
        where p.resource = 'provinceTask' and p.data->>'Year' = c.data->>'Year'
          and p.data->>'ProvinceName' = c.data->>'ProvinceName' and p.data->>'Brand' = c.data->>'Brand'
          and (p.data->>'IndicatorType')::int + 10 = (c.data->>'TaskType')::int
        order by p.created_at limit 1), ${TaskApprovalStatus.notSubmitted}))
    where c.resource = 'cityManagerTask'`.execute(db);
}

async function enterTargets(db: Db) {
  const [manager, rsp, executive, cityManager] = [
    ...(await accounts(db, 'province', 'rsp', 'vp', 'city')).values(),
  ];
  if (!manager.provinceCode) return;
  const rsps = await sql<{ name: string }>`select name from customer
    where customer_type = ${sql.lit(CustomerType.rsp)} and province_code = ${manager.provinceCode}
    order by (object_id::text = ${rsp.companyId ?? ''}) desc, name limit ${MAX_RSPS}`.execute(db);
  if (!rsps.rows.length) return;
  const rng = new Random(SEED);
  const clock = (day = DEMO_TODAY) => clockOn(rng, day);
  const key = {
    Year: Number(DEMO_TODAY.slice(0, 4)) + 1,
    ProvinceName: provinceOf(manager.provinceCode).nameZh,
  };
  const sent = addDays(DEMO_TODAY, -20);
  for (const [n, target] of TARGETS.entries()) {
    const id = await enter(db, 'provinceTask', manager, { ...key, ...target }, clock(sent));
    const shares = splitEvenly((fenOf(target.AnnualTask) * LOAD_BEARING) / 100n, rsps.rows.length);
    const lines: string[] = [];
    for (const [i, agent] of rsps.rows.entries()) {
      const line = {
        ...key,
        Brand: target.Brand,
        IndicatorType: target.IndicatorType,
        AgentName: agent.name,
      };
      lines.push(
        await enter(
          db,
          'rspTaskAllocation',
          manager,
          { ...line, LoadBearingAmount: yuanOf(shares[i]) },
          clock(sent),
        ),
      );
    }
    const step = (
      caller: Caller,
      workflow: string,
      subjectId: string,
      command: string,
      payload = {},
      day = sent,
    ) => decide(db, caller, { workflow, subjectId, command, payload, clock: clock(day) });
    if (n === 0) await enterCityManagerTask(db, manager, cityManager, { ...key, ...target }, clock(sent));
    await step(manager, 'salesTask', id, 'requestConfirmation');
    if (n === 0) {
      await step(rsp, 'rspTaskConfirmation', lines[0], 'confirm', {}, addDays(sent, 2));
      // The others stayed silent past their deadline: the daily job confirmed them.
      await autoConfirmRspLines(db, clock(addDays(sent, 16)).at);
      await step(manager, 'salesTask', id, 'submit', {}, addDays(sent, 17));
      await step(executive, 'salesTask', id, 'agree', {}, addDays(sent, 18));
    } else {
      const proposed = yuanOf((shares[0] * 9n) / 10n);
      const reason = '本地渠道库存偏高，建议下调出货任务';
      await step(
        rsp,
        'rspTaskConfirmation',
        lines[0],
        'object',
        { reason, amount: proposed },
        addDays(sent, 3),
      );
    }
  }
  await enterLastYearsTarget(db, rng, rsps.rows, { manager, rsp, executive, cityManager });
}

/**
 * The province's own-brand sell-out target of last year, set and approved in the December before it
 * (so the STI of each of its quarters, all ended, may be calculated, reviewed and posted): allocated to
 * the province's RSPs, confirmed by the demo RSP and by silence for the others, submitted and approved
 * by the executive, each on its day — with the demo city manager's share of it, so the STI of its
 * ended quarters may be calculated, reviewed and posted too.
 */
async function enterLastYearsTarget(
  db: Db,
  rng: Random,
  rsps: { name: string }[],
  people: { manager: Caller; rsp: Caller; executive: Caller; cityManager: Caller },
) {
  const { manager, rsp, executive, cityManager } = people;
  const year = Number(DEMO_TODAY.slice(0, 4)) - 1;
  const key = { Year: year, ProvinceName: provinceOf(manager.provinceCode!).nameZh };
  const target = {
    Brand: Brand.ownBrand,
    IndicatorType: TaskIndicatorType.sellOut,
    AnnualTask: '3600000.00',
  };
  const sent = `${year - 1}-12-01`;
  const clock = (day: string) => clockOn(rng, day);
  const id = await enter(db, 'provinceTask', manager, { ...key, ...target }, clock(sent));
  const shares = splitEvenly((fenOf(target.AnnualTask) * LOAD_BEARING) / 100n, rsps.length);
  const lines: string[] = [];
  for (const [i, agent] of rsps.entries()) {
    const line = { ...key, Brand: target.Brand, IndicatorType: target.IndicatorType, AgentName: agent.name };
    lines.push(
      await enter(
        db,
        'rspTaskAllocation',
        manager,
        { ...line, LoadBearingAmount: yuanOf(shares[i]) },
        clock(sent),
      ),
    );
  }
  await enterCityManagerTask(db, manager, cityManager, { ...key, ...target }, clock(sent));
  const step = (caller: Caller, workflow: string, subjectId: string, command: string, day: string) =>
    decide(db, caller, { workflow, subjectId, command, payload: {}, clock: clock(day) });
  await step(manager, 'salesTask', id, 'requestConfirmation', sent);
  await step(rsp, 'rspTaskConfirmation', lines[0], 'confirm', addDays(sent, 2));
  await autoConfirmRspLines(db, clock(addDays(sent, 16)).at);
  await step(manager, 'salesTask', id, 'submit', addDays(sent, 17));
  await step(executive, 'salesTask', id, 'agree', addDays(sent, 18));
}

/**
 * The demo city manager's share of the approved target, set by the province office before the package
 * went to approval: the city manager task approval list shows it locked with its package.
 */
async function enterCityManagerTask(
  db: Db,
  manager: Caller,
  cityManager: Caller,
  target: { Year: number; ProvinceName: string; Brand: string; IndicatorType: string },
  clock: Clock,
) {
  const city = await sql<{ name: string }>`select name_zh as name from region
    where code = ${cityManager.cityCode ?? ''}`.execute(db);
  if (!city.rows[0]) return;
  const [q1, q2, q3, q4] = ['800000.00', '1000000.00', '1000000.00', '1200000.00'];
  await enter(
    db,
    'cityManagerTask',
    manager,
    {
      Year: target.Year,
      ProvinceName: target.ProvinceName,
      CityName: city.rows[0].name,
      Brand: target.Brand,
      TaskType: String(Number(target.IndicatorType) + 10),
      cityManagerName: cityManager.lastName,
      AnnualTask: '4000000.00',
      Q1Task: q1,
      Q2Task: q2,
      Q3Task: q3,
      Q4Task: q4,
    },
    clock,
  );
}
