import { sql } from 'kysely';
import type { Db } from '../db/database';
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

/** The longest receiver name, phone and address an instruction keeps (as an order's own receiver). */
const RECEIVER_MAX = { receiverName: 60, receiverPhone: 30, receiverAddress: 200 } as const;

/** A shipping instruction the portal can take: its partner order found, each line within what is open. */
interface Instruction {
  instructionNo: string;
  instructionDate: string;
  order: PartnerOrderRef;
  lines: NamedLine[];
  receiver: Record<keyof typeof RECEIVER_MAX, string | null>;
}

/** Per order line, what the order's other instructions already ask to ship. */
async function instructedElsewhere(trx: Db, orderId: string, instructionNo: string) {
  const rows = await sql<{ line: number; quantity: number }>`select (l->>'LineNo')::int as line,
      sum((l->>'Quantity')::int)::int as quantity
    from partner_shipping_instruction i cross join lateral jsonb_array_elements(i.data->'Lines') l
    where i.order_id = ${orderId} and i.instruction_no <> ${instructionNo}
    group by 1`.execute(trx);
  return new Map(rows.rows.map((r) => [r.line, r.quantity]));
}

/**
 * Checks one raw row of the instructions feed: JSON, its instruction number and date, the synced
 * partner order it names, its lines (see checkNamedLines), no line asked beyond what the order's other
 * instructions leave open, and a receiver of bounded length.
 */
async function checkInstruction(trx: Db, raw: string): Promise<Instruction | Refusal> {
  const row = parseRow(raw);
  if (isRefusal(row)) return row;
  const instructionNo = text(row.instructionNo);
  if (!instructionNo) return refuse(ERROR_TYPE.malformed, 'missingInstructionNo');
  const orderNo = text(row.orderNo);
  if (!orderNo) return refuse(ERROR_TYPE.malformed, 'missingOrderNo');
  const instructionDate = text(row.instructionDate);
  if (!isDay(instructionDate))
    return refuse(ERROR_TYPE.malformed, 'badInstructionDate', { value: String(row.instructionDate ?? '') });
  const receiver = {} as Instruction['receiver'];
  for (const [field, max] of Object.entries(RECEIVER_MAX) as [keyof typeof RECEIVER_MAX, number][]) {
    const value = text(row[field]);
    if (value && value.length > max) return refuse(ERROR_TYPE.malformed, `${field}TooLong`, { max });
    receiver[field] = value;
  }
  const order = await partnerOrderOf(trx, orderNo);
  if (isRefusal(order)) return order;
  const lines = await checkNamedLines(trx, order, row.lines);
  if (isRefusal(lines)) return lines;
  const elsewhere = await instructedElsewhere(trx, order.id, instructionNo);
  for (const { line, quantity } of lines) {
    const open = line.quantity - (elsewhere.get(line.lineNo) ?? 0);
    if (quantity > open)
      return refuse(ERROR_TYPE.other, 'overInstructed', { line: line.lineNo, value: quantity, open });
  }
  return { instructionNo, instructionDate, order, lines, receiver };
}

/** The instruction's own fields as its row keeps them. */
const dataOf = (i: Instruction) => ({
  Lines: i.lines.map(({ line, quantity }) => ({
    LineNo: line.lineNo,
    ProductCode: line.productCode,
    Quantity: quantity,
  })),
  ReceiverName: i.receiver.receiverName,
  ReceiverPhone: i.receiver.receiverPhone,
  ReceiverAddress: i.receiver.receiverAddress,
});

/**
 * Takes one raw row of the instructions feed in the caller's transaction. A new instruction number is
 * kept; the same number again is the same instruction: unchanged, it is left alone; changed, it
 * replaces the kept one while nothing has shipped under it, else the change is refused. Answers why
 * the row cannot be taken, if it cannot.
 */
export async function takeInstruction(
  trx: Db,
  raw: string,
  run: { batchNo: string; at: Date },
): Promise<Refusal | null> {
  const checked = await checkInstruction(trx, raw);
  if (isRefusal(checked)) return checked;
  const { order } = checked;
  const kept = await sql<{ payload: string }>`select raw_payload as payload from partner_shipping_instruction
    where instruction_no = ${checked.instructionNo} for update`.execute(trx);
  const data = JSON.stringify(dataOf(checked));
  if (kept.rows[0]) {
    if (kept.rows[0].payload === raw) return null;
    const shipped = await sql`select 1 from shipment
      where data->>'ShippingInstructionNo' = ${checked.instructionNo} limit 1`.execute(trx);
    if (shipped.rows.length)
      return refuse(ERROR_TYPE.other, 'instructionChangedAfterShipping', { no: checked.instructionNo });
    await sql`update partner_shipping_instruction set partner_order_no = ${order.partnerOrderNo},
        order_id = ${order.id}, batch_no = ${run.batchNo}, pull_time = ${run.at},
        instruction_date = ${checked.instructionDate}, raw_payload = ${raw}, data = ${data}::jsonb,
        company_id = ${order.companyId}, province_code = ${order.provinceCode}, city_code = ${order.cityCode},
        version = version + 1, updated_at = ${run.at}, updated_by_name = 'SYS'
      where instruction_no = ${checked.instructionNo}`.execute(trx);
    return null;
  }
  await sql`insert into partner_shipping_instruction (instruction_no, partner_order_no, order_id, batch_no,
      pull_time, instruction_date, raw_payload, data, company_id, province_code, city_code, created_by_name,
      updated_by_name, created_at, updated_at)
    values (${checked.instructionNo}, ${order.partnerOrderNo}, ${order.id}, ${run.batchNo}, ${run.at},
      ${checked.instructionDate}, ${raw}, ${data}::jsonb, ${order.companyId}, ${order.provinceCode},
      ${order.cityCode}, 'SYS', 'SYS', ${run.at}, ${run.at})`.execute(trx);
  return null;
}
