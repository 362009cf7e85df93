import {
  asksForLines,
  type DecisionAsk,
  type DecisionLine,
  type DecisionPayload,
} from '../../domain/workflow-decisions';

/**
 * A line of a settling command's dialog as typed: how many units, for a return what inspection found,
 * and where the line was lent with serials, the units chosen by them (their count is the quantity).
 */
export interface DecisionLineForm {
  quantity: string;
  inspection: 'good' | 'damaged';
  serials?: string[];
}

/** A line of the dialog after a change: units typed, an inspection picked, or units chosen by serial. */
export function changedLine(
  line: DecisionLineForm | undefined,
  change: { quantity?: string; inspection?: 'good' | 'damaged'; serials?: string[] },
): DecisionLineForm {
  const before = line ?? { quantity: '', inspection: 'good' as const };
  const serials = change.serials ?? before.serials;
  return {
    quantity: change.serials ? String(change.serials.length) : (change.quantity ?? before.quantity),
    inspection: change.inspection ?? before.inspection,
    ...(serials ? { serials } : {}),
  };
}

/** What a decision dialog holds: a reason, the colleague picked to forward to, or quantities per line. */
export interface DecisionForm {
  reason: string;
  /** The EmployeeID a forward goes to, and the name the picker showed. */
  to: string;
  toName: string;
  /** By line number; a line left out or blank settles nothing. */
  lines: Record<number, DecisionLineForm>;
  /** The figure a proposal puts forward instead (yuan, as typed). */
  amount: string;
  /** The later due date an extension gives (YYYY-MM-DD, as the date field gives it). */
  date: string;
  /** A check-in's position in degrees, as typed when the browser cannot say where the person is. */
  latitude: string;
  longitude: string;
  /** The LossReason keyword a lost deal names. */
  lossReason: string;
}
export const emptyDecisionForm = (): DecisionForm => ({
  reason: '',
  to: '',
  toName: '',
  lines: {},
  amount: '',
  date: '',
  latitude: '',
  longitude: '',
  lossReason: '',
});

/** The dialog's wrong fields as locale keys. */
export type DecisionProblems = Partial<
  Record<'reason' | 'to' | 'lines' | 'amount' | 'date' | 'latitude' | 'longitude' | 'lossReason', string>
>;

/** A figure in yuan as the server's proposal schema takes it: digits, at most two decimals. */
const AMOUNT = /^\d{1,16}(\.\d{1,2})?$/;
/** A signed adjustment as the settlement's recalculation schema takes it: at most 12 digits and two decimals. */
const ADJUSTMENT = /^-?\d{1,12}(\.\d{1,2})?$/;
/** A calendar day as the date field gives it. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Degrees as a person types them: a sign, digits, a decimal point. */
const DEGREES = /^-?\d{1,3}(\.\d{1,8})?$/;

/** A typed degree within its bound (90 for a latitude, 180 for a longitude), or the reason it is not one. */
function degreesProblem(typed: string, bound: number): string | undefined {
  const text = typed.trim();
  if (!text) return 'decision.problems.positionRequired';
  if (!DEGREES.test(text) || Math.abs(Number(text)) > bound) return 'decision.problems.positionInvalid';
  return undefined;
}

// The server's payload schemas (machines/workflows/declaration.ts payloads) take at most this much.
const REASON_MAX = 500;

const quantityOf = (line: DecisionLineForm | undefined) =>
  line?.quantity.trim() ? Number(line.quantity.trim()) : 0;

/** The quantities typed against the lines still open: some unit chosen, none past what is open. */
function linesProblem(form: DecisionForm, open: DecisionLine[]): string | undefined {
  const typed = open.map((l) => ({ open: l.Open, quantity: quantityOf(form.lines[l.LineNo]) }));
  if (typed.some((l) => !Number.isInteger(l.quantity) || l.quantity < 0 || l.quantity > l.open))
    return 'decision.problems.linesOverOpen';
  if (!typed.some((l) => l.quantity > 0)) return 'decision.problems.linesRequired';
  return undefined;
}

/**
 * Checks a dialog as the command's payload schema will: a reason where required, a colleague to
 * forward to, some quantity per line (never past what is open of the line) where it asks for lines.
 */
export function decisionProblems(
  asks: DecisionAsk | null,
  form: DecisionForm,
  open: DecisionLine[] = [],
): DecisionProblems {
  const problems: DecisionProblems = {};
  if (asks === 'position') {
    const latitude = degreesProblem(form.latitude, 90);
    const longitude = degreesProblem(form.longitude, 180);
    if (latitude) problems.latitude = latitude;
    if (longitude) problems.longitude = longitude;
    return problems;
  }
  if (asks === 'extension') {
    const day = form.date.trim();
    if (!day) problems.date = 'decision.problems.dateRequired';
    else if (!DAY.test(day) || Number.isNaN(Date.parse(day))) problems.date = 'decision.problems.dateInvalid';
    return problems;
  }
  if (asksForLines(asks)) {
    const lines = linesProblem(form, open);
    if (lines) problems.lines = lines;
    return problems;
  }
  const reason = form.reason.trim();
  if (asks === 'winning') {
    const amount = form.amount.trim();
    if (!amount) problems.amount = 'decision.problems.winningAmountRequired';
    else if (!AMOUNT.test(amount) || Number(amount) <= 0)
      problems.amount = 'decision.problems.winningAmountInvalid';
  }
  if (asks === 'loss' && !form.lossReason) problems.lossReason = 'decision.problems.lossReasonRequired';
  if ((asks === 'reason' || asks === 'loss' || asks === 'proposal' || asks === 'adjustment') && !reason)
    problems.reason = 'decision.problems.reasonRequired';
  // The adjustment may be left blank (nothing added); typed, it is a signed amount.
  if (asks === 'adjustment' && form.amount.trim() && !ADJUSTMENT.test(form.amount.trim()))
    problems.amount = 'decision.problems.adjustmentInvalid';
  if (asks === 'proposal' && !form.amount.trim()) problems.amount = 'decision.problems.amountRequired';
  else if (asks === 'proposal' && !AMOUNT.test(form.amount.trim()))
    problems.amount = 'decision.problems.amountInvalid';
  if (asks !== 'colleague' && reason.length > REASON_MAX) problems.reason = 'decision.problems.reasonTooLong';
  if (asks === 'colleague' && !form.to) problems.to = 'decision.problems.colleagueRequired';
  return problems;
}

export const isAnswered = (asks: DecisionAsk | null, form: DecisionForm, open: DecisionLine[] = []) =>
  Object.keys(decisionProblems(asks, form, open)).length === 0;

/** The payload a command carries: only what it asks for, the reason trimmed, an empty optional one left out. */
export function decisionPayload(asks: DecisionAsk | null, form: DecisionForm): DecisionPayload {
  const reason = form.reason.trim();
  if (asks === 'reason') return { reason };
  // A win's remark travels as the comment, the way an approval's optional words do.
  if (asks === 'winning') return { amount: form.amount.trim(), ...(reason ? { comment: reason } : {}) };
  if (asks === 'loss') return { reason, lossReason: form.lossReason };
  if (asks === 'proposal') return { reason, amount: form.amount.trim() };
  if (asks === 'adjustment')
    return form.amount.trim() ? { reason, adjustAmount: form.amount.trim() } : { reason };
  if (asks === 'optionalReason') return reason ? { reason } : {};
  if (asks === 'extension') return { extendedTo: form.date.trim() };
  // Typed, not located: no accuracy goes with it, and the server keeps it as typed.
  if (asks === 'position')
    return { latitude: Number(form.latitude.trim()), longitude: Number(form.longitude.trim()), typed: true };
  if (asks === 'colleague') return { to: form.to, ...(form.toName ? { toName: form.toName } : {}) };
  if (asksForLines(asks))
    return {
      lines: Object.entries(form.lines)
        .filter(([, line]) => quantityOf(line) > 0)
        .map(([lineNo, line]) => ({
          lineNo: Number(lineNo),
          quantity: quantityOf(line),
          ...(asks === 'inspectedLines' ? { inspection: line.inspection } : {}),
          ...(line.serials?.length ? { serialNumbers: line.serials } : {}),
        })),
    };
  return {};
}
