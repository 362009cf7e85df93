import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { NUMBER_PREFIX } from '../../domain/numbering';
import type { Db } from '../db/database';
import { refreshOrderDelivery, SHIPMENT_STATUS } from '../deliveries/delivery-status';
import { nextNumber } from '../resources/numbering';
import { ERROR_TYPE, isRefusal, type Refusal } from './partner-order.check';
import {
  checkNamedLines,
  isDay,
  type NamedLine,
  type PartnerOrderRef,
  parseRow,
  partnerOrderOf,
  refuse,
  text,
} from './shipping-row.check';

/** As on the ship form: the longest serial number, carrier name and waybill number a shipment takes. */
const MAX_SERIAL = 64;
const TEXT_MAX = 60;
const BY = 'SYS';

interface InstructionRef {
  lines: { LineNo: number; Quantity: number }[];
  receiver: { ReceiverName: string | null; ReceiverPhone: string | null; ReceiverAddress: string | null };
}

/** A partner shipment the portal can take: its order and instruction found, each line within both. */
interface PartnerShipment {
  shipmentNo: string;
  instructionNo: string;
  shipDate: string;
  logisticsCompany: string | null;
  trackingNo: string | null;
  order: PartnerOrderRef;
  instruction: InstructionRef;
  lines: (NamedLine & { serials: string[] })[];
}

/** The kept instruction of the order, or why there is none (the instruction feed may not have brought it yet). */
async function instructionOf(trx: Db, order: PartnerOrderRef, instructionNo: string) {
  const found = await sql<{
    data: InstructionRef['receiver'] & { Lines: InstructionRef['lines'] };
  }>`select data
    from partner_shipping_instruction where instruction_no = ${instructionNo} and order_id = ${order.id}`.execute(
    trx,
  );
  const data = found.rows[0]?.data;
  if (!data)
    return refuse(ERROR_TYPE.other, 'unknownInstruction', {
      no: instructionNo,
      orderNo: order.partnerOrderNo,
    });
  const receiver = {
    ReceiverName: data.ReceiverName ?? null,
    ReceiverPhone: data.ReceiverPhone ?? null,
    ReceiverAddress: data.ReceiverAddress ?? null,
  };
  return { lines: data.Lines ?? [], receiver } satisfies InstructionRef;
}

/** Per order line, what the partner's other shipments under the instruction shipped already. */
async function shippedUnder(trx: Db, instructionNo: string) {
  const rows = await sql<{
    line: number;
    quantity: number;
  }>`select line_no as line, sum(quantity)::int as quantity
    from shipment where data->>'ShippingInstructionNo' = ${instructionNo} group by 1`.execute(trx);
  return new Map(rows.rows.map((r) => [r.line, r.quantity]));
}

/** The serial numbers of a line: none, or one per unit, each of bounded length, none shipped before. */
async function checkSerials(trx: Db, line: NamedLine, seen: Set<string>): Promise<string[] | Refusal> {
  const value = line.entry.serialNumbers;
  if (value === undefined || value === null) return [];
  const lineNo = line.line.lineNo;
  if (!Array.isArray(value) || value.some((s) => typeof s !== 'string' || s.trim() === ''))
    return refuse(ERROR_TYPE.malformed, 'badSerials', { line: lineNo });
  const serials = value.map((s: string) => s.trim());
  if (serials.length !== line.quantity)
    return refuse(ERROR_TYPE.malformed, 'serialCount', {
      line: lineNo,
      quantity: line.quantity,
      count: serials.length,
    });
  for (const serial of serials) {
    if (serial.length > MAX_SERIAL)
      return refuse(ERROR_TYPE.malformed, 'serialTooLong', { line: lineNo, max: MAX_SERIAL });
    if (seen.has(serial)) return refuse(ERROR_TYPE.duplicate, 'serialTaken', { serial });
    seen.add(serial);
  }
  if (serials.length) {
    const taken = await sql<{ serial: string }>`select serial_no as serial from shipment_serial
      where serial_no in (${sql.join(serials)}) limit 1`.execute(trx);
    if (taken.rows[0]) return refuse(ERROR_TYPE.duplicate, 'serialTaken', { serial: taken.rows[0].serial });
  }
  return serials;
}

/**
 * Checks one raw row of the shipments feed: JSON, its shipment and instruction numbers and ship date,
 * the synced partner order and the kept instruction it names, its lines (see checkNamedLines), each
 * within what the instruction leaves to ship and what the order leaves open, and its serial numbers.
 */
async function checkShipment(trx: Db, raw: string): Promise<PartnerShipment | Refusal> {
  const row = parseRow(raw);
  if (isRefusal(row)) return row;
  const shipmentNo = text(row.shipmentNo);
  if (!shipmentNo) return refuse(ERROR_TYPE.malformed, 'missingShipmentNo');
  const instructionNo = text(row.instructionNo);
  if (!instructionNo) return refuse(ERROR_TYPE.malformed, 'missingInstructionNo');
  const orderNo = text(row.orderNo);
  if (!orderNo) return refuse(ERROR_TYPE.malformed, 'missingOrderNo');
  const shipDate = text(row.shipDate);
  if (!isDay(shipDate))
    return refuse(ERROR_TYPE.malformed, 'badShipDate', { value: String(row.shipDate ?? '') });
  const logisticsCompany = text(row.logisticsCompany);
  const trackingNo = text(row.trackingNo);
  if ((logisticsCompany?.length ?? 0) > TEXT_MAX || (trackingNo?.length ?? 0) > TEXT_MAX)
    return refuse(ERROR_TYPE.malformed, 'waybillTooLong', { max: TEXT_MAX });
  const order = await partnerOrderOf(trx, orderNo);
  if (isRefusal(order)) return order;
  const instruction = await instructionOf(trx, order, instructionNo);
  if (isRefusal(instruction)) return instruction;
  const named = await checkNamedLines(trx, order, row.lines);
  if (isRefusal(named)) return named;
  const before = await shippedUnder(trx, instructionNo);
  const seen = new Set<string>();
  const lines: PartnerShipment['lines'] = [];
  for (const line of named) {
    const { lineNo } = line.line;
    const asked = instruction.lines.find((l) => l.LineNo === lineNo);
    if (!asked) return refuse(ERROR_TYPE.other, 'lineNotInstructed', { line: lineNo, no: instructionNo });
    const left = asked.Quantity - (before.get(lineNo) ?? 0);
    if (line.quantity > left)
      return refuse(ERROR_TYPE.other, 'overInstruction', { line: lineNo, value: line.quantity, open: left });
    const open = line.line.quantity - line.line.shipped;
    if (line.quantity > open)
      return refuse(ERROR_TYPE.other, 'overShip', { line: lineNo, value: line.quantity, open });
    const serials = await checkSerials(trx, line, seen);
    if (isRefusal(serials)) return serials;
    lines.push({ ...line, serials });
  }
  return { shipmentNo, instructionNo, shipDate, logisticsCompany, trackingNo, order, instruction, lines };
}

/** When the goods left: noon of the ship day in Beijing, never after the pull that brought the news. */
const dispatchedAt = (shipDate: string, at: Date) =>
  new Date(Math.min(Date.parse(`${shipDate}T12:00:00+08:00`), at.getTime()));

/** Writes a checked shipment: an FH number, a row per line with its serials, and the order's delivery status. */
async function insertShipment(trx: Db, s: PartnerShipment, at: Date, uuid?: () => string) {
  const dispatched = dispatchedAt(s.shipDate, at);
  const no = await nextNumber(trx, NUMBER_PREFIX.shipment, dispatched);
  const { order } = s;
  for (const { line, quantity, serials } of s.lines) {
    const id = uuid?.() ?? randomUUID();
    const data = {
      ProductModel: line.productName,
      ShippedQuantity: line.shipped + quantity,
      OrderedQuantity: line.quantity,
      SerialNumbers: serials.join('\n'),
      DeliveryMethod: null,
      ...s.instruction.receiver,
      PartnerOrderNo: order.partnerOrderNo,
      PartnerShipmentNo: s.shipmentNo,
      ShippingInstructionNo: s.instructionNo,
    };
    await sql`insert into shipment (object_id, shipment_no, order_id, order_no, order_channel, agent_name,
        order_item_id, line_no, product_code, quantity, logistics_company, tracking_no, ship_date,
        dispatched_at, shipment_status, company_id, province_code, city_code, data, created_by_name,
        updated_by_name, created_at, updated_at)
      values (${id}, ${no}, ${order.id}, ${order.orderNo}, ${order.channel}, ${order.agentName}, ${line.id},
        ${line.lineNo}, ${line.productCode}, ${quantity}, ${s.logisticsCompany}, ${s.trackingNo}, ${s.shipDate},
        ${dispatched}, ${SHIPMENT_STATUS.dispatched}, ${order.companyId}, ${order.provinceCode}, ${order.cityCode},
        ${JSON.stringify(data)}::jsonb, ${BY}, ${BY}, ${at}, ${at})`.execute(trx);
    for (const serial of serials)
      await sql`insert into shipment_serial (serial_no, shipment_id) values (${serial}, ${id})`.execute(trx);
  }
  await refreshOrderDelivery(trx, order.id, BY, at);
}

/**
 * Takes one raw row of the shipments feed in the caller's transaction: a new partner shipment number
 * ships its lines on the partner order, as the ship form would (one FH number, the receiver of its
 * instruction, the order's delivery status), awaiting the agent's receipt. The same number again is
 * the same shipment: the same lines and quantities are left alone; anything else is refused, since
 * what left the warehouse is not changed by a later row. Answers why the row cannot be taken, if it cannot.
 */
export async function takeShipment(
  trx: Db,
  raw: string,
  run: { batchNo: string; at: Date },
  uuid?: () => string,
): Promise<Refusal | null> {
  const shipmentNo = text((parseRow(raw) as Record<string, unknown>).shipmentNo);
  if (shipmentNo) {
    const taken = await sql<{ no: string; line: number; quantity: number }>`select shipment_no as no,
        line_no as line, quantity from shipment where data->>'PartnerShipmentNo' = ${shipmentNo}
      order by line_no for update`.execute(trx);
    if (taken.rows.length) return sameShipment(raw, taken.rows);
  }
  const checked = await checkShipment(trx, raw);
  if (isRefusal(checked)) return checked;
  await insertShipment(trx, checked, run.at, uuid);
  return null;
}

/** A partner shipment seen again: left alone when it names the same lines and quantities, else refused. */
function sameShipment(raw: string, taken: { no: string; line: number; quantity: number }[]): Refusal | null {
  const lines = (parseRow(raw) as { lines?: { lineNo?: unknown; quantity?: unknown }[] }).lines;
  const sent = Array.isArray(lines) ? lines.map((l) => `${l?.lineNo}:${l?.quantity}`).sort() : [];
  const kept = taken.map((t) => `${t.line}:${t.quantity}`).sort();
  return sent.join(',') === kept.join(',')
    ? null
    : refuse(ERROR_TYPE.duplicate, 'shipmentChanged', { no: taken[0].no });
}
