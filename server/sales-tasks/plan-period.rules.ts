import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import { TaskPackageStatus } from '../../domain/codes/sales-tasks.codes';
import { workflowDeclaration } from '../../machines/workflows/registry';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import type { ResourceDef } from '../resources/registry';
import type { Clock } from '../workflows/clock';
import { subjectStreamId } from '../workflows/decisions';

/**
 * A target is set before its period (docs/sales-tasks.md "Set before its period"): the plan year
 * starts on 1 January on the business clock (Asia/Shanghai), each quarter on the first day of its first
 * month. A target entered on or after that day needs a reason and HQ's exception (the salesTask
 * workflow's `lateReview`); without a reason it is refused naming its year.
 */

/** The first business day of a quarter of a plan year, `yyyy-MM-dd`. */
export const quarterStart = (year: number, quarter: number) =>
  `${year}-${String(quarter * 3 - 2).padStart(2, '0')}-01`;

/** Whether the plan year has begun on the business day of `at`. */
export const yearBegun = (year: number, at: Date = new Date()) => businessDay(at) >= quarterStart(year, 1);

/** The state of a target's package, when it has one (none while it is being created). */
async function packageState(trx: Db, targetId: string) {
  const stream = subjectStreamId(workflowDeclaration('salesTask'), targetId);
  const found = await sql<{ status: string }>`select status from workflow_stream
    where stream_id = ${stream}`.execute(trx);
  return found.rows[0]?.status;
}

/**
 * A province target's period against today. Answers the reason HQ is asked to allow the target for,
 * when it is new and late; refuses a late one without a reason, a target moved into a year already
 * begun, and any change of a late target HQ refused.
 */
export async function checkTargetPeriod(
  trx: Db,
  def: ResourceDef,
  record: Record<string, unknown>,
  changed?: ReadonlySet<string>,
  clock?: Clock,
): Promise<string | undefined> {
  const state = await packageState(trx, String(record.ObjectID));
  if (state === 'lateRefused')
    throw new PortalError(409, 'salesTasks.problems.lateRefused', { province: record.ProvinceName });
  const year = Number(record.Year);
  if (!yearBegun(year, clock?.at)) return undefined;
  const start = quarterStart(year, 1);
  if (state) {
    // An existing target keeps its year; moving it into a year already under way would skip the exception.
    if (changed?.has('Year'))
      throw fieldError(def.name, 'Year', {
        key: 'salesTasks.problems.yearBegunMove',
        params: { year, start },
      });
    return undefined;
  }
  const reason = String(record.LateReason ?? '').trim();
  if (!reason)
    throw fieldError(def.name, 'Year', { key: 'salesTasks.problems.yearBegun', params: { year, start } });
  return reason;
}

/**
 * A line (RSP or city manager) counts towards a target HQ has allowed: none while a late target
 * waits for its exception, none on a late target HQ refused. Refused naming the year.
 */
export function refuseLineOfLateTarget(
  resource: string,
  target: { packageStatus: string | null } | undefined,
) {
  if (target?.packageStatus === TaskPackageStatus.lateReview)
    throw fieldError(resource, 'Year', 'salesTasks.problems.lateAwaitingException');
  if (target?.packageStatus === TaskPackageStatus.lateRefused)
    throw fieldError(resource, 'Year', 'salesTasks.problems.lateRefusedLines');
}
