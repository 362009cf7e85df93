import { type RawBuilder, sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { ChannelType, CustomerStatus } from '../../domain/codes/customers.codes';
import { applicantSide } from '../../machines/workflows/customer-change.rules';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { forbidden } from '../http/envelope';
import { resourceDef } from '../resources/registry';
import { baseConditions } from '../resources/search';
import { selectColumns, toWire } from '../resources/wire';
import { OPEN_STATES } from './customer-facts';
import {
  REMINDED_STATUSES,
  type ReminderWindow,
  reminderHorizon,
  renewalReminders,
} from './renewal-reminders';

export interface Paging {
  currentPage: number;
  pageSize: number;
}

const customerDef = () => resourceDef('customer')!;

/**
 * The locked RSPs and the agreements due for renewal are the vendor's work queues: agent staff hold
 * a customer page only for their own company, which gives them neither.
 */
function refuseAgentStaff(caller: Caller) {
  if (applicantSide(caller.dataScope) === 'agent') throw forbidden();
}

async function page(
  db: Db,
  caller: Caller,
  where: RawBuilder<boolean>[],
  order: RawBuilder<unknown>,
  paging: Paging,
) {
  const def = customerDef();
  const condition = sql.join([...baseConditions(def, caller), ...where], sql` and `);
  const [rows, count] = await Promise.all([
    sql<Record<string, unknown>>`select ${selectColumns(def)} from customer t where ${condition}
      order by ${order}, t.object_id limit ${paging.pageSize} offset ${(paging.currentPage - 1) * paging.pageSize}`.execute(
      db,
    ),
    sql<{ n: number }>`select count(*)::int as n from customer t where ${condition}`.execute(db),
  ]);
  return { rows: rows.rows.map((row) => toWire(def, row)), total: count.rows[0]?.n ?? 0 };
}

const pendingConversion = sql<boolean>`exists (select 1 from workflow_stream w
  where w.workflow = 'customerChange' and w.subject_resource = 'customer' and w.subject_id = t.object_id
    and w.status in (${sql.join(OPEN_STATES)}) and w.state->'context'->>'kind' = 'conversion')`;

/** The customer row `t` has an open lifecycle application (one at most: customer-workflow.service). */
const openStreamOf = sql<boolean>`w.workflow = 'customerChange' and w.subject_resource = 'customer'
  and w.subject_id = t.object_id and w.status in (${sql.join(OPEN_STATES)})`;

const nameLike = (keyword: string) => sql<boolean>`t.name ilike ${`%${keyword.replace(/[\\%_]/g, '\\$&')}%`}`;

/**
 * SPEC §7 /customer/searchLockRsp: the RSPs that are locked — suspended, blacklisted, or with a
 * conversion in approval — within the caller's scope, paged, each with the reason it is locked.
 */
export async function lockedRsps(db: Db, caller: Caller, paging: Paging & { keyword?: string }) {
  refuseAgentStaff(caller);
  const where = [
    sql<boolean>`t.channel_type = ${sql.lit(ChannelType.rsp)}`,
    sql<boolean>`(t.status in (${sql.lit(CustomerStatus.suspended)}, ${sql.lit(CustomerStatus.blacklisted)}) or ${pendingConversion})`,
  ];
  if (paging.keyword) where.push(nameLike(paging.keyword));
  const result = await page(db, caller, where, sql`t.name`, paging);
  const converting = new Set(
    (
      await sql<{
        id: string;
      }>`select subject_id::text as id from workflow_stream where workflow = 'customerChange'
        and status in (${sql.join(OPEN_STATES)}) and state->'context'->>'kind' = 'conversion'`.execute(db)
    ).rows.map((r) => r.id),
  );
  return {
    total: result.total,
    rows: result.rows.map((row) => ({
      ...row,
      LockReason:
        row.ExtCustomerStatus_SDK === CustomerStatus.blacklisted
          ? 'blacklisted'
          : row.ExtCustomerStatus_SDK === CustomerStatus.suspended
            ? 'suspended'
            : converting.has(String(row.ObjectID))
              ? 'conversionPending'
              : 'locked',
    })),
  };
}

/**
 * SPEC §7 /customer/searchProcessCustomer: the agents with an application in process (renewal,
 * certification, conversion, suspension, blacklist, reinstatement), within the caller's scope — an
 * agent's staff see their own company's — the most recently moved first, each with the kind and the
 * state of its open application.
 */
export async function processCustomers(db: Db, caller: Caller, paging: Paging & { keyword?: string }) {
  const where = [sql<boolean>`exists (select 1 from workflow_stream w where ${openStreamOf})`];
  if (paging.keyword) where.push(nameLike(paging.keyword));
  const lastMoved = sql`(select max(w.updated_at) from workflow_stream w where ${openStreamOf}) desc`;
  const result = await page(db, caller, where, lastMoved, paging);
  const ids = result.rows.map((row) => String(row.ObjectID));
  const open = ids.length
    ? await sql<{ id: string; kind: string; status: string }>`select distinct on (subject_id)
        subject_id::text as id, state->'context'->>'kind' as kind, status from workflow_stream
        where workflow = 'customerChange' and subject_resource = 'customer'
          and subject_id in (${sql.join(ids)}) and status in (${sql.join(OPEN_STATES)})
        order by subject_id, updated_at desc`.execute(db)
    : { rows: [] };
  const byId = new Map(open.rows.map((row) => [row.id, row]));
  return {
    total: result.total,
    rows: result.rows.map((row) => {
      const application = byId.get(String(row.ObjectID));
      return { ...row, ProcessKind: application?.kind, ProcessState: application?.status };
    }),
  };
}

/**
 * /customer/renewalDue: agents whose agreement ends within 90 days, soonest first, each with its
 * reminder window (T−30/60/90) — what a daily reminder job would send, as a paged list.
 */
export async function renewalDue(
  db: Db,
  caller: Caller,
  paging: Paging & { window?: ReminderWindow; channelType?: string },
) {
  refuseAgentStaff(caller);
  const today = businessDay();
  const horizon = paging.window ? addDays(today, paging.window) : reminderHorizon(today);
  const end = sql`(t.data->>'ExtAgreementEndDate_SDK')`;
  const where = [
    sql<boolean>`t.status in (${sql.join(REMINDED_STATUSES)})`,
    sql<boolean>`${end} >= ${today} and ${end} <= ${horizon}`,
  ];
  if (paging.channelType) where.push(sql<boolean>`t.channel_type = ${paging.channelType}`);
  const result = await page(db, caller, where, end, paging);
  return { total: result.total, today, rows: renewalReminders(result.rows, today) };
}
