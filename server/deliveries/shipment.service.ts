import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { RECEIVERS, SHIPPERS } from '../../domain/shipments';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError, fieldMissing } from '../http/validate';
import { checkVersion } from '../payments/receipt.service';
import { nextNumber } from '../resources/numbering';
import { resourceDef } from '../resources/registry';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import { refreshOrderDelivery, SHIPMENT_STATUS } from './delivery-status';
import { checkLineSerials } from './serial-numbers';
import { AUTO_CONFIRM_DAYS, EFFECTIVE, SERVICE_CATEGORY } from './shipment-reads';

const shipmentDef = () => resourceDef('shipment')!;
const orderDef = () => resourceDef('order')!;

const problem = (field: string, key: string, params: Record<string, unknown> = {}) =>
  fieldError('shipment', field, { key: `deliveries.problems.${key}`, params });

interface OrderLine {
  object_id: string;
  line_no: number;
  product_code: string | null;
  product_name: string | null;
  category: string | null;
  quantity: number;
  shipped: number;
}

interface LineRequest {
  line: OrderLine;
  quantity: number;
  serials: string[];
}

/** The lines a shipment asks for, checked against what is ordered less what is shipped already. */
function checkLines(lines: OrderLine[], sent: unknown): LineRequest[] {
  if (!Array.isArray(sent) || !sent.length) throw fieldMissing('shipment', 'Lines');
  const byNo = new Map(lines.map((l) => [l.line_no, l]));
  const seen = new Map<string, number>();
  const asked = new Set<number>();
  return sent.map((raw) => {
    const row = (raw ?? {}) as Record<string, unknown>;
    const line = byNo.get(Number(row.LineNo));
    if (!line || asked.has(line.line_no)) throw problem('LineNo', 'noSuchLine', { line: String(row.LineNo) });
    asked.add(line.line_no);
    const quantity = Number(row.Quantity);
    if (!Number.isInteger(quantity) || quantity < 1) throw problem('Quantity', 'notPositive');
    const open = line.quantity - line.shipped;
    if (quantity > open) throw problem('Quantity', 'overShip', { line: line.line_no, open });
    const serialised = line.category !== SERVICE_CATEGORY;
    const serials = checkLineSerials(
      { lineNo: line.line_no, quantity, serialised },
      row.SerialNumbers,
      seen,
      problem,
    );
    return { line, quantity, serials };
  });
}

/** PostgreSQL's unique violation: another shipment took the serial between the check and the insert. */
const UNIQUE_VIOLATION = '23505';

/** The longest carrier name, waybill number, exception note and resolution a shipment takes. */
const TEXT_MAX: Record<string, number> = {
  LogisticsCompany: 60,
  TrackingNo: 60,
  ExceptionNote: 500,
  ResolutionNote: 500,
};

/** A typed text of the body, trimmed, blank as none, and refused (400 naming the field) past its limit. */
function text(body: Record<string, unknown>, field: string) {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw fieldError('shipment', field, 'server.problems.text');
  const trimmed = value.trim();
  if (trimmed.length > TEXT_MAX[field])
    throw fieldError('shipment', field, {
      key: 'server.problems.tooBig.string',
      params: { limit: TEXT_MAX[field] },
    });
  return trimmed || null;
}

/**
 * Ships part or all of an effective order (ObjectID and the Version of the order seen, Lines with
 * LineNo, Quantity and SerialNumbers, LogisticsCompany, TrackingNo): one FH number, a row per line,
 * serials unique across every shipment, and the order's delivery status — one transaction.
 */
export async function shipOrder(db: Db, caller: Caller, body: Record<string, unknown>, clock?: Clock) {
  if (!SHIPPERS.includes(caller.roleCode)) throw new PortalError(403, 'deliveries.errors.notShipper');
  const company = text(body, 'LogisticsCompany');
  const trackingNo = text(body, 'TrackingNo');
  return inTransaction(db, async (trx) => {
    await getRecord(trx, orderDef(), caller, body.ObjectID);
    const order = (
      await sql<{
        object_id: string;
        version: number;
        order_no: string;
        order_channel: string;
        agent_name: string | null;
        approval_status: string | null;
        company_id: string | null;
        province_code: string | null;
        city_code: string | null;
        data: Record<string, unknown>;
      }>`select object_id::text as object_id, version, order_no, order_channel, agent_name, approval_status,
          company_id::text as company_id, province_code, city_code, data
        from sales_order where object_id = ${String(body.ObjectID)} for update`.execute(trx)
    ).rows[0];
    checkVersion(order, body.Version);
    if (order.approval_status !== EFFECTIVE)
      throw new PortalError(409, 'deliveries.errors.notEffective', { no: order.order_no });
    const lines = await sql<OrderLine>`select i.object_id::text as object_id, i.line_no, i.product_code,
        p.name as product_name, p.category, i.quantity,
        (select coalesce(sum(s.quantity), 0)::int from shipment s where s.order_item_id = i.object_id) as shipped
      from order_item i left join product p on p.product_code = i.product_code
      where i.order_id = ${order.object_id} order by i.line_no`.execute(trx);
    const requests = checkLines(lines.rows, body.Lines);
    const serials = requests.flatMap((r) => r.serials);
    if (serials.length) {
      const taken = await sql<{ serial_no: string }>`select serial_no from shipment_serial
        where serial_no in (${sql.join(serials)}) limit 1`.execute(trx);
      const serial = taken.rows[0]?.serial_no;
      if (serial) {
        const line = requests.find((r) => r.serials.includes(serial))?.line.line_no;
        throw problem('SerialNumbers', 'duplicateSerial', { line, serial });
      }
    }
    const at = clock?.at ?? new Date();
    const no = await nextNumber(trx, NUMBER_PREFIX.shipment, clock?.at);
    const shipDay = sql`(${at}::timestamptz at time zone 'Asia/Shanghai')::date`;
    for (const { line, quantity, serials: lineSerials } of requests) {
      const id = clock?.uuid() ?? randomUUID();
      const data = {
        ProductModel: line.product_name,
        ShippedQuantity: line.shipped + quantity,
        OrderedQuantity: line.quantity,
        SerialNumbers: lineSerials.join('\n'),
        DeliveryMethod: order.data.DeliveryMethod ?? null,
        ReceiverName: order.data.ReceiverName ?? null,
        ReceiverPhone: order.data.ReceiverPhone ?? null,
        ReceiverAddress: order.data.ReceiverAddress ?? null,
        // A partner-line order's own number, which its delivery confirmation list shows.
        ...(order.data.PartnerOrderNo ? { PartnerOrderNo: order.data.PartnerOrderNo } : {}),
      };
      await sql`insert into shipment (object_id, shipment_no, order_id, order_no, order_channel, agent_name,
          order_item_id, line_no, product_code, quantity, logistics_company, tracking_no, ship_date,
          dispatched_at, shipment_status, company_id, province_code, city_code, data, created_by,
          created_by_name, updated_by_name, created_at, updated_at)
        values (${id}, ${no}, ${order.object_id}, ${order.order_no}, ${order.order_channel}, ${order.agent_name},
          ${line.object_id}, ${line.line_no}, ${line.product_code}, ${quantity}, ${company},
          ${trackingNo}, ${shipDay}, ${at}, ${SHIPMENT_STATUS.dispatched}, ${order.company_id},
          ${order.province_code}, ${order.city_code}, ${JSON.stringify(data)}::jsonb, ${caller.employeeId},
          ${caller.lastName}, ${caller.lastName}, ${at}, ${at})`.execute(trx);
      for (const serial of lineSerials)
        await sql`insert into shipment_serial (serial_no, shipment_id) values (${serial}, ${id})`
          .execute(trx)
          .catch((error: { code?: string }) => {
            if (error?.code === UNIQUE_VIOLATION)
              throw problem('SerialNumbers', 'duplicateSerial', { line: line.line_no, serial });
            throw error;
          });
    }
    await refreshOrderDelivery(trx, order.object_id, caller.lastName, at);
    const rows = await sql<{ id: string }>`select object_id::text as id from shipment
      where shipment_no = ${no} order by line_no`.execute(trx);
    const results = [];
    for (const row of rows.rows) results.push(await getRecord(trx, shipmentDef(), caller, row.id));
    return { ShipmentNo: no, Lines: results };
  });
}

/**
 * The agent confirms a shipment's receipt, or reports an exception with ExceptionNote (ObjectID of one
 * of its rows and that row's Version): every row of the shipment moves together, and the order's
 * delivery status follows.
 */
export async function confirmReceipt(db: Db, caller: Caller, body: Record<string, unknown>, clock?: Clock) {
  if (!RECEIVERS.includes(caller.roleCode)) throw new PortalError(403, 'deliveries.errors.notReceiver');
  return inTransaction(db, async (trx) => {
    await getRecord(trx, shipmentDef(), caller, body.ObjectID);
    const row = (
      await sql<{
        version: number;
        shipment_no: string;
        order_id: string;
        shipment_status: string;
      }>`select version,
          shipment_no, order_id::text as order_id, shipment_status
        from shipment where object_id = ${String(body.ObjectID)} for update`.execute(trx)
    ).rows[0];
    checkVersion(row, body.Version);
    if (row.shipment_status !== SHIPMENT_STATUS.dispatched)
      throw new PortalError(409, 'deliveries.errors.notAwaitingReceipt', { no: row.shipment_no });
    const at = clock?.at ?? new Date();
    const note = text(body, 'ExceptionNote');
    const status = note ? SHIPMENT_STATUS.exception : SHIPMENT_STATUS.received;
    const data = { SignedBy: caller.lastName, ExceptionNote: note };
    await sql`update shipment set shipment_status = ${status}, signed_on = ${note ? null : at},
        data = data || ${JSON.stringify(data)}::jsonb, version = version + 1, updated_at = ${at},
        updated_by_name = ${caller.lastName}
      where shipment_no = ${row.shipment_no}`.execute(trx);
    await refreshOrderDelivery(trx, row.order_id, caller.lastName, at);
    return getRecord(trx, shipmentDef(), caller, String(body.ObjectID));
  });
}

/**
 * Sales operations resolve a receipt exception (ObjectID of one of its rows, its Version and what was
 * done, ResolutionNote: replaced, compensated…): every row of the shipment is settled like a receipt,
 * and the order's delivery status follows.
 */
export async function resolveException(db: Db, caller: Caller, body: Record<string, unknown>, clock?: Clock) {
  if (!SHIPPERS.includes(caller.roleCode)) throw new PortalError(403, 'deliveries.errors.notShipper');
  const note = text(body, 'ResolutionNote');
  if (!note) throw fieldMissing('shipment', 'ResolutionNote');
  return inTransaction(db, async (trx) => {
    await getRecord(trx, shipmentDef(), caller, body.ObjectID);
    const row = (
      await sql<{ version: number; shipment_no: string; order_id: string; shipment_status: string }>`select
          version, shipment_no, order_id::text as order_id, shipment_status
        from shipment where object_id = ${String(body.ObjectID)} for update`.execute(trx)
    ).rows[0];
    checkVersion(row, body.Version);
    if (row.shipment_status !== SHIPMENT_STATUS.exception)
      throw new PortalError(409, 'deliveries.errors.noException', { no: row.shipment_no });
    const at = clock?.at ?? new Date();
    const data = { ResolutionNote: note, ResolvedBy: caller.lastName, ResolvedOn: at.toISOString() };
    await sql`update shipment set shipment_status = ${SHIPMENT_STATUS.resolved},
        data = data || ${JSON.stringify(data)}::jsonb, version = version + 1, updated_at = ${at},
        updated_by_name = ${caller.lastName}
      where shipment_no = ${row.shipment_no}`.execute(trx);
    await refreshOrderDelivery(trx, row.order_id, caller.lastName, at);
    return getRecord(trx, shipmentDef(), caller, String(body.ObjectID));
  });
}

/**
 * Confirms the shipments dispatched at least seven days before `now` that nobody answered, flagged as
 * auto-confirmed; each shipment with its order's status in a transaction of its own. Answers how many.
 */
export async function autoConfirmShipments(db: Db, now: Date): Promise<number> {
  const due = await sql<{ shipment_no: string; order_id: string }>`select distinct shipment_no,
      order_id::text as order_id from shipment
    where signed_on is null and shipment_status = ${SHIPMENT_STATUS.dispatched}
      and dispatched_at <= ${now}::timestamptz - make_interval(days => ${AUTO_CONFIRM_DAYS})`.execute(db);
  let confirmed = 0;
  for (const { shipment_no, order_id } of due.rows)
    await inTransaction(db, async (trx) => {
      const changed = await sql`update shipment set shipment_status = ${SHIPMENT_STATUS.received},
          signed_on = ${now}, auto_confirmed = true, version = version + 1, updated_at = ${now}
        where shipment_no = ${shipment_no} and shipment_status = ${SHIPMENT_STATUS.dispatched}`.execute(trx);
      if (!Number(changed.numAffectedRows)) return;
      // Nobody changed it: the job did, so no person's name goes on the order.
      await refreshOrderDelivery(trx, order_id, null, now);
      confirmed++;
    });
  return confirmed;
}
