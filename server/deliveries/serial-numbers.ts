/**
 * Serial numbers as every shipment of goods takes them (an order's delivery, a loan's shipment): one
 * per unit of a serialised line, none longer than a barcode holds, none twice in one shipment. Each
 * refusal names the line, so the person knows which row of the form to correct.
 */

/** The longest serial number or barcode a shipment line takes. */
export const MAX_SERIAL = 64;

/** A refusal of one field of the shipment, in the words of deliveries.problems. */
export type SerialProblem = (field: string, key: string, params: Record<string, unknown>) => Error;

/** The serial numbers a line sent: a list, or one text with one serial per line or comma. */
export function serialsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,;]+/) : [];
  return list.map((s) => String(s ?? '').trim()).filter(Boolean);
}

/** What one line of a shipment is: its number, the units it ships now, whether each unit has a serial. */
export interface SerialisedLine {
  lineNo: number;
  quantity: number;
  serialised: boolean;
}

/**
 * The serials one line sent, checked: exactly one per unit when the line is serialised, each short
 * enough, none already given on an earlier line of the same shipment (`seen`, filled as it goes).
 */
export function checkLineSerials(
  line: SerialisedLine,
  sent: unknown,
  seen: Map<string, number>,
  problem: SerialProblem,
): string[] {
  const serials = serialsOf(sent);
  if (line.serialised && serials.length !== line.quantity)
    throw problem('SerialNumbers', 'serialCount', {
      line: line.lineNo,
      quantity: line.quantity,
      count: serials.length,
    });
  for (const serial of serials) {
    if (serial.length > MAX_SERIAL)
      throw problem('SerialNumbers', 'serialTooLong', { line: line.lineNo, serial: serial.slice(0, 40) });
    if (seen.has(serial)) throw problem('SerialNumbers', 'duplicateSerial', { line: line.lineNo, serial });
    seen.set(serial, line.lineNo);
  }
  return serials;
}
