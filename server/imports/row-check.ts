import type { FieldDef } from '../../catalogue/types';
import { isValidCreditCode, normalizeCreditCode } from '../../domain/credit-code';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import { isNonNegativeMoney, numberOfText } from '../../domain/validators';
import { LINE_DAY } from '../reports/line-keys';
import { isReportLine } from '../reports/report-fields';
import { type CellValue, dayOfCell, periodOfCell } from './cell-values';
import { PERIOD } from './control-dates';
import type { ImportSpec } from './import-spec';
import type { AgentInScope, RowLookups } from './row-lookups';

/** Why a row is refused: a locale key under `imports.reasons` with the field it names and its values. */
export interface Reason {
  key: string;
  field?: string;
  params?: Record<string, unknown>;
}

export interface CheckedRow {
  values: Record<string, unknown>;
  /** The company the row reports for (its agent), when the import names one. */
  agent?: AgentInScope;
  reasons: Reason[];
  /** Fields whose column the file lacks: a line imported again keeps what it holds there. */
  absent?: string[];
}

const TEXT_LIMIT: Record<string, number> = { longText: 5000 };
/** The row reason of each refusal of a report's period (server/reports/report-lock.ts). */
const REFUSALS = { periodLocked: 'periodLocked', submitted: 'reportSubmitted', approved: 'reportApproved' };
/** Counts in reports are whole and far below float trouble. */
const MAX_COUNT = 1e12;
const MAX_AMOUNT = 1e16;

/** One cell checked for its field's kind; answers the stored value or the reason it is refused. */
async function cellValueOf(
  field: FieldDef,
  cell: CellValue,
  lookups: RowLookups,
  /** The least a number takes: the import's own declaration, else the list's form's. */
  min = field.min,
): Promise<{ value: unknown } | { reason: Reason }> {
  const refuse = (key: string, params: Record<string, unknown> = {}) => ({
    reason: { key, field: field.field, params },
  });
  switch (field.kind) {
    case 'number': {
      const number = typeof cell === 'string' && cell.trim() ? numberOfText(cell.replaceAll(',', '')) : cell;
      if (typeof number !== 'number' || !Number.isInteger(number) || Math.abs(number) >= MAX_COUNT)
        return refuse('wholeNumber');
      if (min !== undefined && number < min) return refuse('atLeast', { min });
      return { value: number };
    }
    case 'price': {
      const text = typeof cell === 'string' ? cell.replaceAll(',', '') : cell;
      if (!isNonNegativeMoney(text) || Number(text) >= MAX_AMOUNT) return refuse('amount');
      return { value: fenToYuanString(yuanToFen(text as string | number)) };
    }
    case 'date': {
      const day = dayOfCell(cell);
      return day ? { value: day } : refuse('day');
    }
    case 'boolean': {
      const text = String(cell).toLowerCase();
      if (cell === true || ['true', 'yes', '1', '\u662f'].includes(text)) return { value: true };
      if (cell === false || ['false', 'no', '0', '\u5426'].includes(text)) return { value: false };
      return refuse('boolean');
    }
    case 'dict': {
      const keyword = field.dict ? await lookups.dictionaryKeyword(field.dict, String(cell)) : undefined;
      return keyword ? { value: keyword } : refuse('option', { value: String(cell) });
    }
    default: {
      const text = cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell);
      const limit = TEXT_LIMIT[field.kind] ?? 500;
      if (text.length > limit) return refuse('tooLong', { limit });
      return { value: text };
    }
  }
}

/**
 * A report line's day (the sale's outbound day, the purchase's inbound day, the shipment's day) lies in
 * its period: the line is counted by its day where its report is counted by its period (a city
 * manager's sell-out reads the shipments' days), so a day of another month would move a figure of a
 * month its control date has closed, through a report still open.
 */
function dayOutsidePeriod(
  resource: string,
  values: Record<string, unknown>,
  period: string,
): Reason | undefined {
  const field = LINE_DAY[resource];
  const day = field ? values[field] : undefined;
  if (typeof day !== 'string' || day.slice(0, 7) === period) return undefined;
  return { key: 'dayOutsidePeriod', field, params: { day, period } };
}

/**
 * One row against its import's rules (issue "Import"): every field by its kind and dictionary, the
 * credit code's check character, the agent in the caller's scope, a product the vendor sells, a
 * period open to the agent's report, and the stock equation. All reasons are collected, so a person fixes a row once.
 * What a row must be beside the file's other rows (a line named once, the stock chain) is checked
 * once all are read (server/imports/file-check.ts).
 */
export async function checkRow(
  spec: ImportSpec,
  cells: CellValue[],
  lookups: RowLookups,
  /** A form's save asks for its report's verdict itself (server/reports/report-lines.rules.ts), as a 409. */
  options: { reportVerdict?: boolean } = {},
): Promise<CheckedRow> {
  const { declared } = spec;
  const values: Record<string, unknown> = {};
  const reasons: Reason[] = [];
  for (const [index, field] of declared.fields.entries()) {
    let cell = cells[index] ?? null;
    if (field.field === 'Period' && cell !== null) cell = periodOfCell(cell) ?? cell;
    if (cell === null) {
      if (field.required) reasons.push({ key: 'required', field: field.field });
      continue;
    }
    const checked = await cellValueOf(
      field,
      cell,
      lookups,
      field.min ?? spec.def.fields.get(field.field)?.min,
    );
    if ('reason' in checked) reasons.push(checked.reason);
    else values[field.field] = checked.value;
  }
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);

  const credit = text('CreditCode');
  if (credit !== undefined) {
    if (isValidCreditCode(credit)) values.CreditCode = normalizeCreditCode(credit);
    else reasons.push({ key: 'creditCode', field: 'CreditCode', params: { value: credit } });
  }
  let agent: AgentInScope | undefined;
  const agentName = text('AgentName');
  if (agentName !== undefined) {
    agent = await lookups.agent(agentName);
    if (!agent) reasons.push({ key: 'agent', field: 'AgentName', params: { value: agentName } });
  }
  // A row of the product file defines its model; a row of any other list names one the vendor sells.
  const model = spec.def.name === 'product' ? undefined : text('ProductModel');
  if (model !== undefined) {
    const known = await lookups.product(model);
    if (!known) reasons.push({ key: 'product', field: 'ProductModel', params: { value: model } });
    // A report line holds the model, however the product was named (number, name): stock is kept per
    // model, and a line's key holds it, so one model named two ways is still one line.
    else if (isReportLine(spec.def.name)) values.ProductModel = known;
  }
  const period = text('Period');
  if (period !== undefined && declared.reportType) {
    if (!PERIOD.test(period)) reasons.push({ key: 'period', field: 'Period', params: { value: period } });
    else {
      const outside = dayOutsidePeriod(spec.def.name, values, period);
      if (outside) reasons.push(outside);
      if (agent && options.reportVerdict !== false) {
        const key = { agentId: agent.id, period, reportType: declared.reportType };
        const verdict = await lookups.reportVerdict(key, agent.provinceCode);
        if (!verdict.open) reasons.push({ key: REFUSALS[verdict.why], field: 'Period', params: { period } });
        // Written through an approved late-report request's window: the line shows it was late.
        else if (verdict.late) values.LateReport = true;
      }
    }
  }
  const rule = declared.reconcile;
  if (rule) {
    const n = (name: string | undefined) => (name ? values[name] : 0) ?? 0;
    const parts = [n(rule.opening), n(rule.in), n(rule.out), n(rule.adjustment), n(rule.closing)];
    if (parts.every((p) => typeof p === 'number')) {
      const [opening, inflow, outflow, adjustment, closing] = parts as number[];
      const expected = opening + inflow - outflow + adjustment;
      if (expected !== closing)
        reasons.push({ key: 'reconcile', field: rule.closing, params: { expected, closing } });
    }
  }
  // A line's amount is quantity × unit price, in fen: the file's own amount is never trusted.
  if (
    spec.def.fields.has('Amount') &&
    typeof values.Quantity === 'number' &&
    typeof values.UnitPrice === 'string'
  ) {
    const fen = yuanToFen(values.UnitPrice) * values.Quantity;
    if (Number.isSafeInteger(fen) && Math.abs(fen) < MAX_AMOUNT * 100) values.Amount = fenToYuanString(fen);
    else reasons.push({ key: 'amount', field: 'Quantity' });
  }
  return { values, agent, reasons };
}
