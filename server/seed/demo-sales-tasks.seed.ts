import { sql } from 'kysely';
import { CustomerType } from '../../domain/codes/customers.codes';
import { Brand } from '../../domain/codes/products.codes';
import { TaskApprovalStatus, TaskIndicatorType } from '../../domain/codes/sales-tasks.codes';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { provinceOf } from '../reference/regions.data';
import {
  afterAllocationWrite,
  afterCityManagerTaskWrite,
  afterProvinceTaskWrite,
} from '../sales-tasks/load-bearing.rules';
import { autoConfirmRspLines } from '../sales-tasks/rsp-confirmation.job';
import { refreshTaskManagement } from '../sales-tasks/task-management.figures';
import { fenOf, splitEvenly, yuanOf } from '../sales-tasks/task-split';
import type { Clock } from '../workflows/clock';
import { accounts, clockOn, commandsTo, enterRecord } from './kit';
import { addDays, DEMO_TODAY, Random } from './random';
import { codeNamed, storyTable } from './story-data';

/** What the RSPs of a province carry together, in percent: inside the 100–130% a submission needs. */
const LOAD_BEARING = 110n;
const MAX_RSPS = 3;
/** The stream of this seed's ids and times, so the same seed gives the same rows. */
const SEED = 20_270_101;
/** The demo city manager's quarters of a target that goes all the way (yuan). */
type Quarters = readonly string[];
/** The province targets, in turn, and how far each gets (stories/sales-targets.tsv). */
const TARGETS = storyTable('sales-targets').map((t) => ({
  year: Number(t.year),
  target: { Brand: codeNamed(Brand, t.brand), IndicatorType: codeNamed(TaskIndicatorType, t.indicator) },
  annual: t.annual,
  sent: t.sent,
  approved: t.approved === 'yes',
  quarters: t.cityQuarters.split(' '),
}));

/** Saves a target row as its entry form does, with the resource's own rule after the write. */
function enter(db: Db, resource: string, caller: Caller, body: Record<string, unknown>, clock: Clock) {
  return enterRecord(db, resource, caller, body, clock, (def, record) =>
    resource === 'provinceTask'
      ? afterProvinceTaskWrite(db, def, caller, record, undefined, clock)
      : resource === 'cityManagerTask'
        ? afterCityManagerTaskWrite(db, def, caller, record)
        : afterAllocationWrite(db, def, caller, record),
  );
}

/**
 * Demo province targets for next year, entered by the province manager (the server splits them and
 * computes the load bearing) and allocated to the province's RSPs, the demo RSP first. The first is
 * sent for confirmation, confirmed by the demo RSP and by silence for the others (the daily job),
 * submitted and approved by the executive — so it is locked; on the second the demo RSP objected and
 * the province manager has to rule. Last year's and this year's own-brand sell-out targets were
 * approved the December before their year, so HQ may calculate the STI of last year's quarters and
 * the STI_2 reports of this business year read this year's reported shipments
 * (salesActivity.sti2BusinessReport, salesActivity.sti2CityReport). Real figures and histories rather
 * than seeded ones.
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

type People = { manager: Caller; rsp: Caller; executive: Caller; cityManager: Caller };

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
  const people = { manager, rsp, executive, cityManager };
  const year = Number(DEMO_TODAY.slice(0, 4));
  for (const t of TARGETS) {
    const target = { Year: year + t.year, ...t.target, AnnualTask: t.annual };
    // Sent some days before today, or on a day of the December before its year.
    const sent = /^\d\d-\d\d$/.test(t.sent)
      ? `${target.Year - 1}-${t.sent}`
      : addDays(DEMO_TODAY, Number(t.sent));
    await targetStory(db, rng, people, rsps.rows, target, sent, t.approved, t.quarters);
  }
}

/**
 * One province target sent on `sent`: allocated to the province's RSPs, with the demo city manager's
 * share where it goes all the way, sent for confirmation; then either confirmed by the demo RSP and by
 * silence for the others (the daily job), submitted and approved by the executive, each on its day —
 * or objected to by the demo RSP, leaving the province manager to rule.
 */
async function targetStory(
  db: Db,
  rng: Random,
  people: People,
  rsps: { name: string }[],
  target: { Year: number; Brand: string; IndicatorType: string; AnnualTask: string },
  sent: string,
  approved: boolean,
  cityQuarters: Quarters,
) {
  const { manager, rsp, executive, cityManager } = people;
  const clock = (day: string) => clockOn(rng, day);
  const key = { Year: target.Year, ProvinceName: provinceOf(manager.provinceCode!).nameZh };
  const id = await enter(db, 'provinceTask', manager, { ...key, ...target }, clock(sent));
  const shares = splitEvenly((fenOf(target.AnnualTask) * LOAD_BEARING) / 100n, rsps.length);
  const lines: string[] = [];
  for (const [i, agent] of rsps.entries()) {
    const line = { ...key, Brand: target.Brand, IndicatorType: target.IndicatorType, AgentName: agent.name };
    const body = { ...line, LoadBearingAmount: yuanOf(shares[i]) };
    lines.push(await enter(db, 'rspTaskAllocation', manager, body, clock(sent)));
  }
  if (approved)
    await enterCityManagerTask(db, manager, cityManager, { ...key, ...target }, cityQuarters, clock(sent));
  const task = commandsTo(db, 'salesTask', id, clock);
  const demoRspLine = commandsTo(db, 'rspTaskConfirmation', lines[0], clock);
  await task(manager, 'requestConfirmation', sent);
  if (!approved) {
    const reason = '本地渠道库存偏高，建议下调出货任务';
    const amount = yuanOf((shares[0] * 9n) / 10n);
    await demoRspLine(rsp, 'object', addDays(sent, 3), { reason, amount });
    return;
  }
  await demoRspLine(rsp, 'confirm', addDays(sent, 2));
  // The others stayed silent past their deadline: the daily job confirmed them.
  await autoConfirmRspLines(db, clock(addDays(sent, 16)).at);
  await task(manager, 'submit', addDays(sent, 17));
  await task(executive, 'agree', addDays(sent, 18));
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
  quarters: Quarters,
  clock: Clock,
) {
  const city = await sql<{ name: string }>`select name_zh as name from region
    where code = ${cityManager.cityCode ?? ''}`.execute(db);
  if (!city.rows[0]) return;
  const [Q1Task, Q2Task, Q3Task, Q4Task] = quarters;
  const AnnualTask = yuanOf(quarters.reduce((sum, q) => sum + fenOf(q), 0n));
  const { Year, ProvinceName, Brand } = target;
  const [CityName, TaskType] = [city.rows[0].name, String(Number(target.IndicatorType) + 10)];
  const body = { Year, ProvinceName, CityName, Brand, TaskType, cityManagerName: cityManager.lastName };
  await enter(db, 'cityManagerTask', manager, { ...body, AnnualTask, Q1Task, Q2Task, Q3Task, Q4Task }, clock);
}
