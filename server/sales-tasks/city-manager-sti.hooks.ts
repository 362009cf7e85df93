import { sql } from 'kysely';
import { TaskApprovalStatus } from '../../domain/codes/sales-tasks.codes';
import type { StiFigures } from '../../domain/sti';
import type {
  CityManagerStiContext,
  CityManagerStiInput,
} from '../../machines/workflows/city-manager-sti.workflow';
import { STI_CALCULATORS } from '../../machines/workflows/sti-review.builder';
import type { Db } from '../db/database';
import { forbidden, PortalError } from '../http/envelope';
import type { WorkflowHooks } from '../workflows/hooks';
import { stiOf } from './sti';
import { refuseStiOf } from './sti-posting.service';
import { indicatorOfTaskType } from './task-package';
import { fenOf, yuanOf } from './task-split';

/** The commands whoever calculated the figures may not send: the review and the posting. */
const SECOND_PERSON = new Set(['agree', 'return', 'post', 'returnBeforePosting']);

const quarterOf = (row: Record<string, unknown>) => Number(String(row.Quarter ?? '').replace(/^Q/, ''));

/** The city manager task an STI_1/STI_2 row is a quarter of, as stored. */
async function taskOf(db: Db, row: Record<string, unknown>) {
  const found = await sql<{ data: Record<string, unknown> }>`select data || jsonb_build_object('ObjectID',
      object_id::text) as data from record where object_id::text = ${String(row.TaskID ?? '')}
      and resource = 'cityManagerTask'`.execute(db);
  const task = found.rows[0]?.data;
  if (!task) throw new PortalError(404, 'server.recordNotFound');
  return task;
}

/**
 * Whether the row's quarter may be calculated now: the task approved, the quarter over and its
 * package's province target approved before the quarter began — the rule of an RSP's STI
 * (sti-posting.service.ts), read from the target the task counts towards.
 */
async function refuse(db: Db, row: Record<string, unknown>, at: Date) {
  const task = await taskOf(db, row);
  if (task.TaskApprovalStatus !== TaskApprovalStatus.approved)
    throw new PortalError(409, 'salesTasks.problems.cityManagerStiNotApproved');
  const asLine = { ...task, IndicatorType: indicatorOfTaskType(task.TaskType) };
  await refuseStiOf(db, asLine, quarterOf(row), at);
  return task;
}

/** The quarter's figures as the STI rule computes them today (sti.ts), from the task and the orders. */
async function figuresOf(db: Db, task: Record<string, unknown>, quarter: number): Promise<StiFigures> {
  const year = Number(task.Year);
  const done = await sql<{
    achieved: string;
  }>`select city_manager_achieved(${String(task.cityManagerName ?? '')},
      ${String(task.ProvinceName ?? '')}, ${String(task.CityName ?? '')}, ${String(task.Brand ?? '')},
      ${indicatorOfTaskType(task.TaskType)}, ${year}::int, ${quarter * 3 - 2}::int,
      ${quarter * 3}::int)::numeric(18, 2)::text as achieved`.execute(db);
  const target = fenOf(String(task[`Q${quarter}Task`] ?? '0'));
  const achieved = fenOf(done.rows[0]?.achieved ?? '0');
  const sti = stiOf(target, achieved);
  return {
    TaskAmount: yuanOf(target),
    AchievedAmount: yuanOf(achieved),
    AchievementRate: yuanOf(sti.attainment),
    StiLevel: sti.level,
    StiBase: yuanOf(sti.base),
    StiAmount: yuanOf(sti.amount),
  };
}

/**
 * The server side of a city manager's STI: HQ's first calculate begins the row's stream, once its
 * quarter is over and only for a task approved (through its target) before the quarter began; every
 * calculation carries the figures the server computed into its event, so they stay as calculated;
 * whoever calculated is told a colleague reviews and posts. Posting writes nothing else: the amount
 * is payroll's, not the rebate ledger's.
 */
export const cityManagerStiHooks: WorkflowHooks = {
  begin: async (db, call): Promise<CityManagerStiInput> => {
    if (call.command !== 'calculate') throw new PortalError(404, 'server.workflow.noOpenStream');
    if (!STI_CALCULATORS.includes(call.caller.roleCode)) throw forbidden();
    await refuse(db, call.subject, new Date());
    return { applicant: call.actor };
  },
  explain: (call) => {
    const context = call.state.snapshot.context as CityManagerStiContext;
    return SECOND_PERSON.has(call.command) && context.calculatedBy?.id === call.actor.id
      ? new PortalError(403, 'salesTasks.problems.stiOwnCalculation')
      : undefined;
  },
  prepare: async (trx, call) => {
    if (call.command !== 'calculate') return undefined;
    const task = await refuse(trx, call.subject, call.clock?.at ?? new Date());
    return { figures: await figuresOf(trx, task, quarterOf(call.subject)) };
  },
};
