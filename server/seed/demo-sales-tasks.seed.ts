import { sql } from 'kysely';
import { CustomerType } from '../../domain/codes/customers.codes';
import { Brand } from '../../domain/codes/products.codes';
import { TaskApprovalStatus, TaskIndicatorType } from '../../domain/codes/sales-tasks.codes';
import type { Db } from '../db/database';
import { cityOf, provinceOf } from '../reference/regions.data';
import { resourceDef } from '../resources/registry';
import { createRecord } from '../resources/write';
import { refreshCityManagerAllocated } from '../sales-tasks/city-manager-allocated';
import { autoConfirmRspLines } from '../sales-tasks/rsp-confirmation.job';
import { refreshTaskManagement } from '../sales-tasks/task-management.figures';
import { indicatorOfTaskType, stampLines, targetOfLine, taskTypeOf } from '../sales-tasks/task-package';
import { fenOf, splitEvenly, yuanOf } from '../sales-tasks/task-split';
import { accounts, commandsTo, type Data, daysAfter } from './kit';
import { addDays, DEMO_TODAY, Random } from './random';
import { codeNamed, stepsIn, storyTable } from './story-data';

/** What the RSPs of a province carry together, in percent: inside the 100–130% a submission needs. */
const LOAD_BEARING = 110n;
const MAX_RSPS = 3;
/** The stream of this seed's ids and times, so the same seed gives the same rows. */
const SEED = 20_270_101;

/**
 * Demo province targets, entered by the province manager and taken as far as stories/sales-targets.tsv
 * says: last year's and this year's approved, so HQ may calculate their STI and STI_2 from real figures.
 * Each is allocated to the province's RSPs, the demo RSP first, with the city manager's share set before
 * the package goes to approval (its approval list shows it locked with the package); an objection on the
 * demo RSP's line offers nine tenths of its share.
 */
export async function seedSalesTasks(db: Db) {
  const people = Object.fromEntries(await accounts(db, 'province', 'rsp', 'vp', 'city'));
  const manager = people.province;
  const ProvinceName = provinceOf(manager.provinceCode ?? '').nameZh;
  const rsps = await sql<{ AgentName: string }>`select name as "AgentName" from customer
    where customer_type = ${sql.lit(CustomerType.rsp)} and province_code = ${manager.provinceCode}
    order by (object_id::text = ${people.rsp.companyId ?? ''}) desc, name limit ${MAX_RSPS}`.execute(db);
  const city = { CityName: cityOf(people.city.cityCode ?? '').nameZh, cityManagerName: people.city.lastName };
  const rng = new Random(SEED);
  for (const { brand, indicator, ...t } of storyTable('sales-targets')) {
    const target = { Brand: codeNamed(Brand, brand), IndicatorType: codeNamed(TaskIndicatorType, indicator) };
    const Year = Number(DEMO_TODAY.slice(0, 4)) + Number(t.year);
    // Sent some days before today, or on a day of the December before its year.
    const sent = /^\d\d-\d\d$/.test(t.sent) ? `${Year - 1}-${t.sent}` : addDays(DEMO_TODAY, Number(t.sent));
    const clock = daysAfter(rng, sent);
    // Saved as the entry forms save them, on the seed's clock (the plan's years are the demo's).
    const enter = async (resource: string, body: Data) =>
      String((await createRecord(db, resourceDef(resource)!, manager, body, clock(0))).ObjectID);
    const key = { Year, ProvinceName, ...target };
    const id = await enter('provinceTask', { ...key, AnnualTask: t.annual });
    // The task management list holds the province's task of each target, showing its package's status.
    await enter('salesTask', { ...key, AnnualTask: t.annual });
    const shares = splitEvenly((fenOf(t.annual) * LOAD_BEARING) / 100n, rsps.rows.length).map(yuanOf);
    const lines: string[] = [];
    for (const [i, { AgentName }] of rsps.rows.entries())
      lines.push(await enter('rspTaskAllocation', { ...key, AgentName, LoadBearingAmount: shares[i] }));
    if (t.cityQuarters) {
      const quarters = t.cityQuarters.split(' ');
      const AnnualTask = yuanOf(quarters.reduce((sum, q) => sum + fenOf(q), 0n));
      const TaskType = taskTypeOf(target.IndicatorType);
      const row = { Year, ProvinceName, ...city, Brand: target.Brand, TaskType, AnnualTask };
      const byQuarter = Object.fromEntries(quarters.map((q, i) => [`Q${i + 1}Task`, q]));
      await enter('cityManagerTask', { ...row, ...byQuarter });
    }
    const task = commandsTo(db, 'salesTask', id, clock);
    const demoRspLine = commandsTo(db, 'rspTaskConfirmation', lines[0], clock);
    const amount = yuanOf((fenOf(shares[0]) * 9n) / 10n);
    for (const [who, command, day, payload] of stepsIn(t.steps))
      if (who === 'job') await autoConfirmRspLines(db, clock(day).at);
      else if (who === 'rsp')
        await demoRspLine(people.rsp, command, day, command === 'object' ? { ...payload, amount } : payload);
      else await task(people[who], command, day, payload);
  }
  await followTheirTargets(db);
}

/**
 * The generated task management rows and city manager tasks say what their targets say, as saved ones
 * do, so no approval list shows a task nobody can decide.
 */
async function followTheirTargets(db: Db) {
  const keys = await sql<Record<string, string>>`select distinct data->>'Year' as "Year",
      data->>'ProvinceName' as "ProvinceName", data->>'Brand' as "Brand"
    from record where resource = 'salesTask'`.execute(db);
  for (const key of keys.rows) await refreshTaskManagement(db, key);
  // A city manager task carries the status of the target it measures, as the target's package stamps its
  // lines on every move; one of no target was never submitted.
  const lines = await sql<Record<'Year' | 'ProvinceName' | 'Brand' | 'TaskType', string>>`select distinct
      data->>'Year' as "Year", data->>'ProvinceName' as "ProvinceName", data->>'Brand' as "Brand",
      data->>'TaskType' as "TaskType"
    from record where resource = 'cityManagerTask'`.execute(db);
  for (const { TaskType, ...line } of lines.rows) {
    const key = { ...line, IndicatorType: indicatorOfTaskType(TaskType) };
    await stampLines(db, key, (await targetOfLine(db, key))?.status ?? TaskApprovalStatus.notSubmitted);
    // The generated tasks count towards their target's city manager share, as saved ones do.
    await refreshCityManagerAllocated(db, key);
  }
}
