import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { OrderApprovalStatus } from '../../domain/codes/orders.codes';
import { fenToYuanString } from '../../domain/money';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { INVOICE_ISSUERS, ROLE } from '../../domain/roles';
import { UUID_PATTERN } from '../../domain/uuid';
import { invoiceApprovalDeclaration } from '../../machines/workflows/invoice-approval.workflow';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { dayOf, fieldError, fieldMissing } from '../http/validate';
import { confirmedPaymentOf } from '../payments/payment-status';
import { checkVersion, positiveFen } from '../payments/receipt.service';
import { nextNumber } from '../resources/numbering';
import { resourceDef } from '../resources/registry';
import { scopeCondition } from '../resources/scope';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import { actorOf, subjectStreamId } from '../workflows/decisions';
import { startStream } from '../workflows/engine';
import { heldByApplications, rebateUsedOn } from './invoice-amounts';

/** How many orders one application may invoice. */
export const MAX_ORDERS = 50;
/** Dictionary OrderApprovalStatus: only an effective order is invoiced. */
const EFFECTIVE = OrderApprovalStatus.effective;
/** Finance alone decides (notes §4.3). */
export const FINANCE_CHAIN: string[] = [ROLE.finance];
/** Fields finance enters while it reviews an application: the invoice it issues. */
const INVOICE_FIELDS = ['InvoiceNumber', 'InvoiceDate', 'TrackingNo'];

export const invoiceDef = () => resourceDef('invoice')!;

const problem = (field: string, key: string, params: Record<string, unknown> = {}) =>
  fieldError('invoice', field, { key: `invoices.problems.${key}`, params });

interface OrderRow {
  object_id: string;
  order_no: string;
  company_id: string | null;
  agent_name: string;
  approval_status: string | null;
  province_code: string | null;
  city_code: string | null;
}

interface Request {
  order: string;
  /** Blank: all the order may still be invoiced. */
  amountFen?: number;
}

/** The order a line names, locked, read through the caller's scope: outside it is a 404. */
async function lockedOrder(db: Db, caller: Caller, order: string): Promise<OrderRow> {
  const byId = UUID_PATTERN.test(order);
  const rows = await sql<OrderRow>`select t.object_id::text as object_id, t.order_no,
      t.company_id::text as company_id, t.agent_name, t.approval_status, t.province_code, t.city_code
    from sales_order t
    where ${byId ? sql`t.object_id = ${order}::uuid` : sql`t.order_no = ${order.toUpperCase()}`}
      and ${scopeCondition(caller)}
    for update of t`.execute(db);
  const row = rows.rows[0];
  // An agent's staff apply for their own company's orders only, not for those of the CCPs it supplies.
  if (!row || (caller.dataScope === 'company' && row.company_id !== caller.companyId))
    throw new PortalError(404, 'server.recordNotFound');
  return row;
}

/**
 * The orders and amounts as sent: `Lines` [{ OrderNo | OrderID, InvoiceAmount }], or the form's
 * `OrderNo` (one or more numbers) with an `InvoiceAmount` that only a single order may name.
 */
function requestsOf(body: Record<string, unknown>): Request[] {
  if (Array.isArray(body.Lines)) {
    if (!body.Lines.length) throw fieldMissing('invoice', 'OrderNo');
    if (body.Lines.length > MAX_ORDERS) throw problem('OrderNo', 'tooMany', { max: MAX_ORDERS });
    return body.Lines.map((line) => {
      const row = (line ?? {}) as Record<string, unknown>;
      const order = row.OrderID ?? row.OrderNo;
      if (typeof order !== 'string' || !order.trim() || order.length > 60)
        throw fieldMissing('invoice', 'OrderNo');
      const blank = row.InvoiceAmount === undefined || row.InvoiceAmount === null || row.InvoiceAmount === '';
      return {
        order: order.trim(),
        amountFen: blank ? undefined : positiveFen('InvoiceAmount', row.InvoiceAmount, 'invoice'),
      };
    });
  }
  if (typeof body.OrderNo !== 'string' || !body.OrderNo.trim()) throw fieldMissing('invoice', 'OrderNo');
  const orders = body.OrderNo.split(/[\s,;\u3001\uff0c]+/).filter(Boolean);
  if (orders.length > MAX_ORDERS) throw problem('OrderNo', 'tooMany', { max: MAX_ORDERS });
  const blank = body.InvoiceAmount === undefined || body.InvoiceAmount === null || body.InvoiceAmount === '';
  if (!blank && orders.length > 1) throw problem('InvoiceAmount', 'onePerOrder');
  return orders.map((order) => ({
    order,
    amountFen: blank ? undefined : positiveFen('InvoiceAmount', body.InvoiceAmount, 'invoice'),
  }));
}

/** The invoice header of an agent from its master record (notes §4.4 rule 2). */
async function headerOf(db: Db, agentId: string) {
  const rows = await sql<{
    name: string;
    credit_code: string | null;
    bank_name: string | null;
    bank_account: string | null;
    address: string | null;
    phone: string | null;
  }>`select name, credit_code, data->>'ExtBankName_SDK' as bank_name,
      data->>'ExtBankAccount_SDK' as bank_account, data->>'Address' as address, data->>'ContactPhone' as phone
    from customer where object_id = ${agentId}`.execute(db);
  return rows.rows[0];
}

interface CheckedLine {
  order: OrderRow;
  amountFen: number;
  discountFen: number;
  paidFen: number;
}

/**
 * One order of an application checked under pay-before-invoice (notes §4.4 rule 1): at most
 * what finance confirmed paid on it less what other applications already hold of it; the rebate it
 * used that no other application shows yet becomes its discount line.
 */
async function checkLine(trx: Db, order: OrderRow, request: Request): Promise<CheckedLine> {
  if (order.approval_status !== EFFECTIVE) throw problem('OrderNo', 'notEffective', { no: order.order_no });
  const paidFen = await confirmedPaymentOf(trx, order.object_id);
  const held = await heldByApplications(trx, order.object_id);
  const openFen = paidFen - held.amountFen;
  const amountFen = request.amountFen ?? openFen;
  // Nothing left to invoice is said as such, not as "0.00 is more than 0.00".
  if (openFen <= 0)
    throw problem('OrderNo', 'nothingInvoiceable', {
      no: order.order_no,
      paid: fenToYuanString(paidFen),
      invoiced: fenToYuanString(held.amountFen),
    });
  if (amountFen <= 0) throw problem('InvoiceAmount', 'amountNotPositive');
  if (amountFen > openFen)
    throw problem('InvoiceAmount', 'overInvoiceable', {
      no: order.order_no,
      amount: fenToYuanString(Math.max(0, amountFen)),
      paid: fenToYuanString(paidFen),
      invoiced: fenToYuanString(held.amountFen),
      max: fenToYuanString(Math.max(0, openFen)),
    });
  const discountFen = Math.max(0, (await rebateUsedOn(trx, order.object_id)) - held.discountFen);
  return { order, amountFen, discountFen, paidFen };
}

/**
 * Applies for an invoice (the invoice application page): one or more effective orders of one agent, each within what is
 * paid and not yet invoiced, the header from the agent master, numbered KP and put before finance on
 * the invoice-approval workflow — one transaction.
 */
export async function applyForInvoice(db: Db, caller: Caller, body: Record<string, unknown>, clock?: Clock) {
  // The invoice issued is finance's to enter in its review, never the applicant's.
  for (const key of INVOICE_FIELDS)
    if (body[key] !== undefined && body[key] !== null && body[key] !== '')
      throw new PortalError(400, 'server.notWritable', { field: key, resource: 'invoice' });
  const requests = requestsOf(body);
  const invoiceType = body.InvoiceType;
  if (typeof invoiceType !== 'string' || !invoiceType.trim()) throw fieldMissing('invoice', 'InvoiceType');
  const known = await sql<{ n: number }>`select count(*)::int as n from dictionary_entry
    where enabled and code = 'InvoiceType' and keyword = ${invoiceType}`.execute(db);
  if (!known.rows[0]?.n)
    throw new PortalError(400, 'server.unknownOption', {
      field: 'InvoiceType',
      resource: 'invoice',
      value: invoiceType.slice(0, 40),
    });
  return inTransaction(db, async (trx) => {
    const lines: CheckedLine[] = [];
    for (const request of requests) {
      const order = await lockedOrder(trx, caller, request.order);
      if (lines.some((l) => l.order.object_id === order.object_id))
        throw problem('OrderNo', 'duplicateOrder', { no: order.order_no });
      const first = lines[0]?.order;
      if (first && order.company_id !== first.company_id)
        throw problem('OrderNo', 'otherAgent', { no: order.order_no, agent: first.agent_name });
      lines.push(await checkLine(trx, order, request));
    }
    const agent = lines[0].order;
    if (!agent.company_id) throw problem('OrderNo', 'noAgent', { no: agent.order_no });
    const header = await headerOf(trx, agent.company_id);
    const at = clock?.at ?? new Date();
    const id = clock?.uuid() ?? randomUUID();
    const no = await nextNumber(trx, NUMBER_PREFIX.invoice, clock?.at);
    const sum = (pick: (l: CheckedLine) => number) => lines.reduce((total, l) => total + pick(l), 0);
    const data = {
      SubmittedOn: at.toISOString(),
      ConfirmedPaidAmount: fenToYuanString(sum((l) => l.paidFen)),
    };
    await sql`insert into invoice_application (object_id, invoice_apply_no, agent_id, agent_name, invoice_type,
        invoice_title, taxpayer_id, bank_name, bank_account, registered_address, registered_phone, order_nos,
        invoice_amount, discount_amount, applied_on, company_id, province_code, city_code, data,
        created_by, created_by_name, updated_by_name, created_at, updated_at)
      values (${id}, ${no}, ${agent.company_id}, ${header.name}, ${invoiceType}, ${header.name},
        ${header.credit_code}, ${header.bank_name}, ${header.bank_account}, ${header.address}, ${header.phone},
        ${lines.map((l) => l.order.order_no).join(', ')}, ${fenToYuanString(sum((l) => l.amountFen))},
        ${fenToYuanString(sum((l) => l.discountFen))}, ${at}, ${agent.company_id}, ${agent.province_code},
        ${agent.city_code}, ${JSON.stringify(data)}::jsonb, ${caller.employeeId}, ${caller.lastName},
        ${caller.lastName}, ${at}, ${at})`.execute(trx);
    for (const line of lines)
      await sql`insert into invoice_line (object_id, application_id, order_id, order_no, amount, discount_amount,
          company_id, province_code, city_code, created_by, created_by_name, updated_by_name, created_at, updated_at)
        values (${clock?.uuid() ?? randomUUID()}, ${id}, ${line.order.object_id}, ${line.order.order_no},
          ${fenToYuanString(line.amountFen)}, ${fenToYuanString(line.discountFen)}, ${agent.company_id},
          ${agent.province_code}, ${agent.city_code}, ${caller.employeeId}, ${caller.lastName},
          ${caller.lastName}, ${at}, ${at})`.execute(trx);
    const actor = actorOf(caller);
    await startStream(trx, {
      streamId: subjectStreamId(invoiceApprovalDeclaration, id),
      workflow: invoiceApprovalDeclaration.name,
      subject: ['invoice', id],
      input: { chain: FINANCE_CHAIN, applicant: actor, applicationId: id },
      actor,
      at,
    });
    return applicationWithLines(trx, caller, id);
  });
}

/** An application as its page shows it: the record and its lines, the rebate discount per order. */
export async function applicationWithLines(
  db: Db,
  caller: Caller,
  id: unknown,
): Promise<Record<string, unknown> & { Lines: Record<string, string>[] }> {
  const record: Record<string, unknown> = await getRecord(db, invoiceDef(), caller, id);
  const lines = await sql<{ OrderNo: string; InvoiceAmount: string; DiscountAmount: string }>`select
      order_no as "OrderNo", amount::text as "InvoiceAmount", discount_amount::text as "DiscountAmount"
    from invoice_line where application_id = ${String(record.ObjectID)} order by order_no`.execute(db);
  return { ...record, Lines: lines.rows };
}

/**
 * Finance records the invoice on an application in its review (ObjectID, the Version seen, invoice
 * number, date, tracking number); the rest of an application does not change once applied for.
 * Only finance, only while the application waits for it: an invoiced one is locked.
 */
export async function recordInvoice(db: Db, caller: Caller, body: Record<string, unknown>, clock?: Clock) {
  for (const key of Object.keys(body))
    if (!['ObjectID', 'Version', 'PageID', ...INVOICE_FIELDS].includes(key))
      throw new PortalError(400, 'server.notWritable', { field: key.slice(0, 40), resource: 'invoice' });
  return inTransaction(db, async (trx) => {
    const record = await getRecord(trx, invoiceDef(), caller, body.ObjectID);
    const id = String(record.ObjectID);
    const locked = await sql<{ version: number; status: string | null; no: string }>`select a.version,
        s.status, a.invoice_apply_no as no
      from invoice_application a
        left join workflow_stream s on s.stream_id = ${subjectStreamId(invoiceApprovalDeclaration, id)}
      where a.object_id = ${id} for update of a`.execute(trx);
    const row = locked.rows[0];
    if (row.status !== 'financeReview') throw new PortalError(409, 'invoices.errors.locked', { no: row.no });
    if (!INVOICE_ISSUERS.includes(caller.roleCode)) throw new PortalError(403, 'invoices.errors.financeOnly');
    checkVersion(row, body.Version);
    const number = body.InvoiceNumber;
    if (number !== undefined && number !== null && (typeof number !== 'string' || number.length > 40))
      throw problem('InvoiceNumber', 'invoiceNumber');
    const day = body.InvoiceDate === undefined || body.InvoiceDate === null ? null : dayOf(body.InvoiceDate);
    if (body.InvoiceDate !== undefined && body.InvoiceDate !== null && body.InvoiceDate !== '' && !day)
      throw fieldError('invoice', 'InvoiceDate', 'server.problems.date');
    const tracking = typeof body.TrackingNo === 'string' ? body.TrackingNo.trim().slice(0, 60) : undefined;
    const sets = [];
    if (number !== undefined)
      sets.push(sql`invoice_number = ${typeof number === 'string' ? number.trim() || null : null}`);
    if (body.InvoiceDate !== undefined) sets.push(sql`invoice_date = ${day ?? null}`);
    if (tracking !== undefined)
      sets.push(sql`data = data || ${JSON.stringify({ TrackingNo: tracking })}::jsonb`);
    await sql`update invoice_application set ${sql.join([
      ...sets,
      sql`version = version + 1`,
      sql`updated_at = ${clock?.at ?? new Date()}`,
      sql`updated_by_name = ${caller.lastName}`,
    ])} where object_id = ${id}`.execute(trx);
    return applicationWithLines(trx, caller, id);
  });
}
