import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import {
  DeliveryStatus,
  OrderApprovalStatus,
  OrderChannel,
  OrderType,
} from '../../domain/codes/orders.codes';
import { InvoicingStatus, ItemPaymentStatus, PaymentStatus } from '../../domain/codes/payments.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import type { Db } from '../db/database';
import { writablePages } from '../http/access';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError, fieldMissing, MAX_INT } from '../http/validate';
import { nextNumber } from '../resources/numbering';
import { resourceDef } from '../resources/registry';
import { checkStateLocks, checkValues } from '../resources/values';
import { getRecord } from '../resources/write';
import { ENTRY_FORMS, type EntryForm } from './order-entry.rules';
import { type LineInput, linesOfOrder } from './order-lines';
import { type Priced, priceOrder } from './order-pricing';
import { yuanOf } from './pricing';
import {
  drawDown,
  executionOrdersOfOrder,
  refreshExecutionOrders,
  releaseDrawDown,
} from './pricing-execution-orders';

/**
 * What createOrder takes — the body the entry form posts, wire names as the form shows them:
 * - `PageID`: the entry form (ENTRY_FORMS); its fields are the ones checked and required;
 * - the form's header fields (`AgentName`, `EndUserName`, `OrderDate`, `PaymentMethod`, …);
 * - `Lines`: `[{ ProductCode, Quantity, UnitPrice? }]`, 1–200 lines; a line without UnitPrice takes
 *   the standard price, or on a special-price order the execution order's approved price.
 * The server computes every amount (lines, OrderAmount, CashDiscountAmount, PayableAmount).
 */
export interface OrderEntryInput {
  PageID: EntryForm | string;
  /** LineInput[]; anything else is refused with a 400 naming the line and field. */
  Lines: LineInput[] | unknown;
  [field: string]: unknown;
}

/** An order's header and lines change while it is the applicant's: a draft, or returned to be corrected. */
const EDITABLE_STATUSES: string[] = [OrderApprovalStatus.draft, OrderApprovalStatus.returned];

/** Optional: the clock and ids of an order entered on another clock (the demo seed's history). */
export interface EntryOptions {
  at?: Date;
  uuid?: () => string;
}

const formOf = (pageId: unknown): EntryForm => {
  if (typeof pageId !== 'string' || !Object.hasOwn(ENTRY_FORMS, pageId))
    throw fieldError(undefined, 'PageID', 'ordersEntry.unknownForm');
  return pageId as EntryForm;
};

/** Header values, computed amounts and bookkeeping, split into the order's columns and its `data`. */
function orderRow(form: EntryForm, priced: Priced) {
  const def = resourceDef('order')!;
  const all: Record<string, unknown> = {
    ...priced.values,
    ...priced.amounts,
    OrderChannel: OrderChannel.ownLine,
    OrderType: ENTRY_FORMS[form].type,
    AgentName: priced.agent.name,
    EntryPage: form,
    ...(priced.execution
      ? { SpecialPriceNo: priced.execution.specialPriceNo, OpportunityNo: priced.execution.opportunityNo }
      : {}),
  };
  const columns: Record<string, unknown> = {};
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(all)) {
    if (value === null || value === undefined) continue;
    const mapped = def.storage.columns[key];
    if (mapped) columns[mapped.column] = value;
    else data[key] = value;
  }
  return { columns, data };
}

async function insertLines(
  trx: Db,
  caller: Caller,
  orderId: string,
  orderNo: string,
  priced: Priced,
  options: EntryOptions = {},
) {
  const at = options.at ?? null;
  for (const line of priced.lines) {
    await sql`insert into order_item (object_id, order_id, order_no, line_no, product_code, quantity, standard_price,
        unit_price, line_amount, execution_order_line_id, company_id, province_code, city_code,
        created_by_name, updated_by_name, created_at, updated_at, data)
      values (coalesce(${options.uuid?.() ?? null}::uuid, gen_random_uuid()), ${orderId}, ${orderNo}, ${line.lineNo}, ${line.productCode}, ${line.quantity},
        ${yuanOf(line.standardFen)}, ${yuanOf(line.unitFen)}, ${yuanOf(line.amountFen)},
        ${line.executionLineId ?? null}, ${priced.agent.id}, ${priced.agent.provinceCode}, ${priced.agent.cityCode},
        ${caller.lastName}, ${caller.lastName},
        coalesce(${at}::timestamptz, now()), coalesce(${at}::timestamptz, now()),
        ${JSON.stringify({
          OrderChannel: OrderChannel.ownLine,
          AgentName: priced.agent.name,
          ProductName: line.productName,
          LineAmount: yuanOf(line.amountFen),
          ShippedQuantity: 0,
          ItemPaymentStatus: ItemPaymentStatus.unpaid,
          ...(priced.values.OrderDate ? { OrderDate: priced.values.OrderDate } : {}),
          ...(priced.values.EndUserName ? { EndUserName: priced.values.EndUserName } : {}),
        })}::jsonb)`.execute(trx);
  }
  await drawDown(trx, priced.lines);
  if (priced.execution) await refreshExecutionOrders(trx, [priced.execution.id], options.at);
}

/** The saved order as the detail page reads it, with its lines. */
export async function orderWithLines(
  db: Db,
  caller: Caller,
  orderId: string,
): Promise<Record<string, unknown> & { Lines: Record<string, unknown>[] }> {
  const record: Record<string, unknown> = await getRecord(db, resourceDef('order')!, caller, orderId);
  return { ...record, Lines: await linesOfOrder(db, orderId) };
}

/**
 * Enters an own-line order with its lines in one transaction: header checked by its form, lines
 * priced (standard price, or an execution order's approved price drawn down), amounts computed,
 * a DD number, the agent's scope, approval status draft. Answers the order with its lines.
 */
export async function createOrder(
  db: Db,
  caller: Caller,
  input: OrderEntryInput,
  options: EntryOptions = {},
) {
  // Without a form, the body is checked against every entry form: unknown fields and the fields all
  // of them require are named first, as for any resource.
  if (input.PageID === undefined || input.PageID === null) {
    const { Lines: _lines, ...header } = input;
    await checkValues(db, resourceDef('order')!, header, 'create');
  }
  const form = formOf(input.PageID);
  const { PageID: _page, ...body } = input;
  const run = async (trx: Db) => {
    const priced = await priceOrder(
      trx,
      caller,
      form,
      body,
      businessDay(options.at),
      options.at ?? new Date(),
    );
    const orderNo = await nextNumber(trx, NUMBER_PREFIX.order, options.at);
    const { columns, data } = orderRow(form, priced);
    const at = options.at ?? null;
    const row: Record<string, unknown> = {
      ...columns,
      order_no: orderNo,
      approval_status: OrderApprovalStatus.draft,
      payment_status: PaymentStatus.unpaid,
      delivery_status: DeliveryStatus.notShipped,
      invoicing_status: InvoicingStatus.notInvoiced,
      company_id: priced.agent.id,
      province_code: priced.agent.provinceCode,
      city_code: priced.agent.cityCode,
      ...(options.uuid ? { object_id: options.uuid() } : {}),
      created_by_name: caller.lastName,
      updated_by_name: caller.lastName,
    };
    const names = Object.keys(row);
    const inserted = await sql<{
      id: string;
    }>`insert into sales_order (${sql.join(names.map((n) => sql.ref(n)))},
        data, created_at, updated_at)
      values (${sql.join(names.map((n) => sql`${row[n]}`))}, ${JSON.stringify(data)}::jsonb,
        coalesce(${at}::timestamptz, now()), coalesce(${at}::timestamptz, now()))
      returning object_id::text as id`.execute(trx);
    const orderId = inserted.rows[0].id;
    await insertLines(trx, caller, orderId, orderNo, priced, options);
    return orderWithLines(trx, caller, orderId);
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** Header fields of a saved order that its form writes: the base an edit's changes are laid over. */
function writableOf(form: EntryForm, record: Record<string, unknown>) {
  const def = resourceDef('order')!;
  return Object.fromEntries(
    [...def.fields.values()]
      .filter(
        (spec) => spec.writableIn.has(form) && record[spec.name] !== undefined && record[spec.name] !== null,
      )
      .map((spec) => [spec.name, record[spec.name]]),
  );
}

/**
 * Edits a draft order: ObjectID, the Version the editor saw, the changed header fields and, when the
 * lines change, all of `Lines`. The order is priced again as a whole (drawdowns given back and taken
 * anew); only drafts change, and a stale Version is refused (409).
 */
export async function updateDraftOrder(
  db: Db,
  caller: Caller,
  input: Record<string, unknown>,
  options: EntryOptions = {},
) {
  const def = resourceDef('order')!;
  const version = typeof input.Version === 'string' ? Number(input.Version) : input.Version;
  if (input.Version === undefined || input.Version === null || input.Version === '')
    throw fieldMissing(undefined, 'Version');
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1 || version > MAX_INT)
    throw fieldError(undefined, 'Version', {
      key: 'server.input.problems.integerRange',
      params: { min: 1, max: MAX_INT },
    });
  // Fields no form the caller holds writes are refused before the record is looked for, as the
  // generic update does; the order's own entry form then counts only if the caller holds it too.
  const held = await writablePages(db, caller.roleCode);
  const { ObjectID: _objectId, Version: _v, Lines: _lines, ...asked } = input;
  await checkValues(db, def, asked, 'update', held);
  const run = async (trx: Db) => {
    const current = await getRecord(trx, def, caller, input.ObjectID);
    const id = String(current.ObjectID);
    const { ObjectID: _id, Version: _version, PageID: _page, Lines, ...changes } = input;
    // Bad input is a 400 whatever the order's state; the values are checked as its form's.
    const entryPage = typeof current.EntryPage === 'string' ? current.EntryPage : undefined;
    await checkValues(trx, def, { ...changes, PageID: entryPage }, 'update', held);
    const locked = await sql<{
      version: number;
      approval_status: string | null;
    }>`select version, approval_status
      from sales_order where object_id = ${id} for update`.execute(trx);
    if (locked.rows[0]?.version !== version) throw new PortalError(409, 'server.staleWrite');
    if (!EDITABLE_STATUSES.includes(locked.rows[0]?.approval_status ?? '')) {
      // The refusal names what was sent: the lines, else the first header field the form locks now.
      if (Lines !== undefined)
        throw new PortalError(409, 'ordersEntry.linesLocked', { field: 'Lines', resource: 'order' });
      await checkStateLocks(trx, def, { ...changes, PageID: entryPage }, current, held, caller.roleCode);
      throw new PortalError(409, 'ordersEntry.notDraft');
    }
    const form = formOf(entryPage);
    // A loan-to-sale order is entered through the self-built form by its loan's conversion: its lines
    // are the units the loan converted (the loan's books count them), and it stays a loan-to-sale order.
    const loanToSale = current.OrderType === OrderType.loanToSale;
    if (loanToSale && Lines !== undefined) throw fieldError('order', 'Lines', 'ordersEntry.loanToSaleLines');
    const lines =
      Lines ??
      (await linesOfOrder(trx, id)).map((l) => ({
        ProductCode: l.ProductCode,
        Quantity: l.Quantity,
        UnitPrice: l.UnitPrice,
      }));
    const before = await executionOrdersOfOrder(trx, id);
    await releaseDrawDown(trx, id);
    await sql`delete from order_item where order_id = ${id}`.execute(trx);
    const kept = writableOf(form, current);
    // An order moved to another agent follows that agent's city manager, unless the edit names one.
    if (
      changes.cityManagerName === undefined &&
      changes.AgentName !== undefined &&
      changes.AgentName !== current.AgentName
    )
      delete kept.cityManagerName;
    const priced = await priceOrder(
      trx,
      caller,
      form,
      {
        ...kept,
        ...changes,
        ...(loanToSale ? { OrderType: ENTRY_FORMS[form].type } : {}),
        Lines: lines,
      },
      typeof current.OrderDate === 'string' ? current.OrderDate : businessDay(options.at),
      options.at ?? new Date(),
    );
    const { columns, data } = orderRow(form, priced);
    if (loanToSale) columns[resourceDef('order')!.storage.columns.OrderType.column] = OrderType.loanToSale;
    // An order left with no city manager counts toward no one's incentive any more.
    if (!priced.values.cityManagerName)
      columns[resourceDef('order')!.storage.columns.cityManagerName.column] = null;
    const sets = [
      ...Object.entries(columns).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
      sql`data = data || ${JSON.stringify(data)}::jsonb`,
      sql`company_id = ${priced.agent.id}`,
      sql`province_code = ${priced.agent.provinceCode}`,
      sql`city_code = ${priced.agent.cityCode}`,
      sql`version = version + 1`,
      sql`updated_at = coalesce(${options.at ?? null}::timestamptz, now())`,
      sql`updated_by_name = ${caller.lastName}`,
    ];
    await sql`update sales_order set ${sql.join(sets)} where object_id = ${id}`.execute(trx);
    await insertLines(trx, caller, id, String(current.OrderNo), priced, options);
    const executionOrders = new Set([...before, ...(priced.execution ? [priced.execution.id] : [])]);
    await refreshExecutionOrders(trx, [...executionOrders], options.at);
    return orderWithLines(trx, caller, id);
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
