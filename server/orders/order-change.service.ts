import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import { CustomerType } from '../../domain/codes/customers.codes';
import { OrderApprovalStatus, OrderChangeStatus, OrderChannel } from '../../domain/codes/orders.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { ROLE } from '../../domain/roles';
import { OPEN_CHANGE_STATUSES, orderChangeDeclaration } from '../../machines/workflows/order-change.workflow';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError, fieldMissing } from '../http/validate';
import { checkVersion } from '../payments/receipt.service';
import { nextNumber } from '../resources/numbering';
import { resourceDef } from '../resources/registry';
import { baseConditions } from '../resources/search';
import { checkValues } from '../resources/values';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import { actorOf, subjectStreamId } from '../workflows/decisions';
import { loadStream, startStream } from '../workflows/engine';
import { changeFigures, type OrderFigures, planLines, storedLines } from './order-change-lines';
import { fenOf, yuanOf } from './pricing';

/** Dictionary OrderApprovalStatus: effective, and the read-only copy of a revision a change replaced. */
export const EFFECTIVE = OrderApprovalStatus.effective;
export const SUPERSEDED = OrderApprovalStatus.superseded;
/** Dictionary OrderChannel: partner-line orders are synced, not changed here. */
const PARTNER_LINE = OrderChannel.partnerLine;
/** Dictionary CustomerType of the agent, and the role of its staff who confirm a vendor's change. */
const AGENT_ROLE: Record<string, string> = {
  [CustomerType.generalDistributor]: ROLE.distributor,
  [CustomerType.rsp]: ROLE.rspAgent,
  [CustomerType.ccp]: ROLE.ccpAgent,
};
/** The header fields a change may set on the order's next revision. */
export const HEADER_FIELDS = [
  'RequiredDeliveryDate',
  'ReceiverName',
  'ReceiverPhone',
  'ReceiverAddress',
  'InvoiceTitle',
] as const;
const TEXT_FIELDS = ['ChangeReason', 'Remark', ...HEADER_FIELDS] as const;

export const changeDef = () => resourceDef('orderChange')!;
const problem = (key: string, params: Record<string, unknown> = {}) =>
  new PortalError(409, `orderChanges.refusals.${key}`, params);

/** Agent staff ask for changes of their own company's orders; on the vendor side, sales operations. */
const isAgentSide = (caller: Caller) => caller.dataScope === 'company';
const mayRequest = (caller: Caller) =>
  isAgentSide(caller) || caller.roleCode === ROLE.salesOperations || caller.roleCode === ROLE.systemAdmin;

interface OrderRow {
  id: string;
  order_no: string;
  order_type: string;
  order_channel: string;
  approval_status: string | null;
  agent_name: string;
  order_date: string | null;
  order_amount: string;
  company_id: string | null;
  province_code: string | null;
  city_code: string | null;
  customer_type: string | null;
  data: Record<string, unknown>;
}

/** The order, locked; the caller's scope is checked by whoever found it. */
export async function lockedOrder(db: Db, orderId: string): Promise<OrderRow> {
  const rows = await sql<OrderRow>`select o.object_id::text as id, o.order_no, o.order_type, o.order_channel,
      o.approval_status, o.agent_name, to_char(o.order_date, 'YYYY-MM-DD') as order_date,
      o.order_amount::text as order_amount, o.company_id::text as company_id, o.province_code, o.city_code,
      c.customer_type, o.data
    from sales_order o left join customer c on c.object_id = o.company_id
    where o.object_id = ${orderId} for update of o`.execute(db);
  return rows.rows[0];
}

/** A change is asked of the current revision of an effective own-line order only. */
export function checkChangeable(order: OrderRow) {
  if (order.approval_status === SUPERSEDED)
    throw problem('superseded', { order: order.order_no, revision: order.data.SupersededBy ?? '' });
  if (order.order_channel === PARTNER_LINE) throw problem('partnerLine');
  if (order.approval_status !== EFFECTIVE) throw problem('notEffective', { order: order.order_no });
}

export const figuresOf = (order: OrderRow): OrderFigures => ({
  id: order.id,
  orderNo: order.order_no,
  orderType: order.order_type,
  entryPage: typeof order.data.EntryPage === 'string' ? order.data.EntryPage : null,
  agentName: order.agent_name,
  orderDate: order.order_date ?? businessDay(),
  amountFen: fenOf(order.order_amount) ?? 0n,
  cashFen: fenOf(order.data.CashDiscountAmount) ?? 0n,
  rebateFen: fenOf(order.data.RebateDeduction) ?? 0n,
});

/** The order a change names by number, read through the caller's scope (out of scope is 404). */
async function orderNamed(db: Db, caller: Caller, orderNo: unknown): Promise<OrderRow> {
  if (typeof orderNo !== 'string' || !orderNo.trim()) throw fieldMissing('orderChange', 'OrderNo');
  const where = sql.join(
    [...baseConditions(resourceDef('order')!, caller), sql<boolean>`t.order_no = ${orderNo.trim()}`],
    sql` and `,
  );
  const found = await sql<{ id: string }>`select t.object_id::text as id from sales_order t
    where ${where}`.execute(db);
  if (!found.rows[0]) throw new PortalError(404, 'server.recordNotFound');
  return lockedOrder(db, found.rows[0].id);
}

/** The open change of an order, if any: one at a time (notes §4.6). */
async function checkNoOpenChange(db: Db, order: OrderRow, except?: string) {
  const open = await sql<{ change_no: string }>`select change_no from order_change
    where order_id = ${order.id} and change_status in (${sql.join(OPEN_CHANGE_STATUSES)})
      ${except ? sql`and object_id <> ${except}` : sql``} limit 1`.execute(db);
  if (open.rows[0]) throw problem('openChange', { order: order.order_no, change: open.rows[0].change_no });
}

/** PostgreSQL's unique violation: another change of the order was opened between the check and the insert. */
const UNIQUE_VIOLATION = '23505';

/** The change with its proposed lines, as its pages read it. */
export async function changeWithLines(db: Db, caller: Caller, id: string): Promise<Record<string, unknown>> {
  const record: Record<string, unknown> = await getRecord(db, changeDef(), caller, id);
  const rows = await sql<{ lines: unknown[]; order_id: string }>`select lines, order_id::text as order_id
    from order_change where object_id = ${record.ObjectID}`.execute(db);
  return { ...record, OrderID: rows.rows[0].order_id, Lines: rows.rows[0].lines };
}

const textValues = (values: Record<string, unknown>) =>
  Object.fromEntries(TEXT_FIELDS.filter((f) => values[f] !== undefined).map((f) => [f, values[f]]));

/**
 * Asks for a change of an order (POST /orderChange/create): the order by its number within the
 * caller's scope, effective and current, with no other open change; the proposed lines checked and
 * priced as entry prices them; a BG number; the change's workflow started as a draft of the asking
 * side, the other side named to confirm it — one transaction.
 */
export async function requestChange(db: Db, caller: Caller, body: Record<string, unknown>, clock?: Clock) {
  const { Lines, ...header } = body;
  const values = await checkValues(db, changeDef(), header, 'create');
  if (!mayRequest(caller)) throw new PortalError(403, 'orderChanges.refusals.notRequester');
  return inTransaction(db, async (trx) => {
    const order = await orderNamed(trx, caller, values.OrderNo);
    // An RSP sees its CCPs' orders, but a change is the ordering company's to ask for.
    if (isAgentSide(caller) && order.company_id !== caller.companyId)
      throw new PortalError(403, 'orderChanges.refusals.notOwnOrder', { order: order.order_no });
    checkChangeable(order);
    await checkNoOpenChange(trx, order);
    const { planned } = await planLines(trx, order.id, Lines);
    const figures = await changeFigures(trx, figuresOf(order), planned);
    const at = clock?.at ?? new Date();
    const no = await nextNumber(trx, NUMBER_PREFIX.orderChange, clock?.at);
    const id = clock?.uuid() ?? randomUUID();
    const data = { ...textValues(values), RequestedBySide: isAgentSide(caller) ? 'agent' : 'vendor' };
    await sql`insert into order_change (object_id, change_no, order_id, order_no, agent_name, change_type,
        change_status, amount_before, amount_after, amount_difference, lines, company_id, province_code,
        city_code, data, created_by, created_by_name, updated_by_name, created_at, updated_at)
      values (${id}, ${no}, ${order.id}, ${order.order_no}, ${order.agent_name}, ${values.ChangeType},
        ${OrderChangeStatus.draft}, ${yuanOf(figures.beforeFen)}, ${yuanOf(figures.afterFen)},
        ${yuanOf(figures.afterFen - figures.beforeFen)}, ${JSON.stringify(storedLines(planned))}::jsonb,
        ${order.company_id}, ${order.province_code}, ${order.city_code}, ${JSON.stringify(data)}::jsonb,
        ${caller.employeeId}, ${caller.lastName}, ${caller.lastName}, ${at}, ${at})`
      .execute(trx)
      .catch(async (error: { code?: string }) => {
        if (error?.code === UNIQUE_VIOLATION)
          throw problem('openChange', { order: order.order_no, change: '' });
        throw error;
      });
    const applicant = actorOf(caller);
    const confirmerRole = isAgentSide(caller)
      ? ROLE.salesOperations
      : (AGENT_ROLE[order.customer_type ?? ''] ?? ROLE.rspAgent);
    await startStream(trx, {
      streamId: subjectStreamId(orderChangeDeclaration, id),
      workflow: orderChangeDeclaration.name,
      subject: ['orderChange', id],
      input: { changeId: id, orderId: order.id, applicant, confirmerRole, chain: [] },
      actor: applicant,
      at,
    });
    return changeWithLines(trx, caller, id);
  });
}

/**
 * Edits a change not yet submitted, or returned (ObjectID, the Version seen, the changed fields and,
 * when the lines change, all of `Lines`): only by the person who asked, priced and checked again.
 */
export async function modifyChange(db: Db, caller: Caller, body: Record<string, unknown>) {
  const { ObjectID, Version, Lines, ...header } = body;
  const values = await checkValues(db, changeDef(), header, 'update');
  return inTransaction(db, async (trx) => {
    const record = await getRecord(trx, changeDef(), caller, ObjectID);
    const id = String(record.ObjectID);
    const row = (
      await sql<{
        version: number;
        change_no: string;
        change_status: string;
        order_id: string;
        order_no: string;
      }>`
        select version, change_no, change_status, order_id::text as order_id, order_no
        from order_change where object_id = ${id} for update`.execute(trx)
    ).rows[0];
    checkVersion(row, Version);
    const stream = await loadStream(trx, subjectStreamId(orderChangeDeclaration, id));
    const applicant = (stream.snapshot.context as { applicant: { id: string } }).applicant;
    if (applicant.id !== caller.employeeId) throw new PortalError(403, 'orderChanges.refusals.notOwner');
    if (row.change_status !== OrderChangeStatus.draft) throw problem('notEditable', { no: row.change_no });
    if (values.OrderNo !== undefined && values.OrderNo !== row.order_no)
      throw fieldError('orderChange', 'OrderNo', {
        key: 'orderChanges.refusals.notEditable',
        params: { no: row.change_no },
      });
    const order = await lockedOrder(trx, row.order_id);
    checkChangeable(order);
    const stored = (
      await sql<{ lines: unknown[] }>`select lines from order_change where object_id = ${id}`.execute(trx)
    ).rows[0].lines;
    const { planned } = await planLines(trx, order.id, Lines ?? stored);
    const figures = await changeFigures(trx, figuresOf(order), planned);
    const sets = [
      ...(values.ChangeType !== undefined ? [sql`change_type = ${values.ChangeType}`] : []),
      sql`amount_before = ${yuanOf(figures.beforeFen)}`,
      sql`amount_after = ${yuanOf(figures.afterFen)}`,
      sql`amount_difference = ${yuanOf(figures.afterFen - figures.beforeFen)}`,
      sql`lines = ${JSON.stringify(storedLines(planned))}::jsonb`,
      sql`data = data || ${JSON.stringify(textValues(values))}::jsonb`,
      sql`version = version + 1`,
      sql`updated_at = now()`,
      sql`updated_by_name = ${caller.lastName}`,
    ];
    await sql`update order_change set ${sql.join(sets)} where object_id = ${id}`.execute(trx);
    return changeWithLines(trx, caller, id);
  });
}
