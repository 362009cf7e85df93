import type { DecisionAsk, DecisionPayload } from '../../domain/workflow-decisions';

/** What a decision dialog holds: a reason, or the colleague picked to forward to. */
export interface DecisionForm {
  reason: string;
  /** The EmployeeID a forward goes to, and the name the picker showed. */
  to: string;
  toName: string;
}
export const emptyDecisionForm = (): DecisionForm => ({ reason: '', to: '', toName: '' });

/** The dialog's wrong fields as locale keys. */
export type DecisionProblems = Partial<Record<'reason' | 'to', string>>;

// The server's payload schemas (machines/workflows/declaration.ts payloads) take at most this much.
const REASON_MAX = 500;

/** Checks a dialog as the command's payload schema will: a reason where required, a colleague to forward to. */
export function decisionProblems(asks: DecisionAsk | null, form: DecisionForm): DecisionProblems {
  const problems: DecisionProblems = {};
  const reason = form.reason.trim();
  if (asks === 'reason' && !reason) problems.reason = 'decision.problems.reasonRequired';
  if (asks !== 'colleague' && reason.length > REASON_MAX) problems.reason = 'decision.problems.reasonTooLong';
  if (asks === 'colleague' && !form.to) problems.to = 'decision.problems.colleagueRequired';
  return problems;
}

export const isAnswered = (asks: DecisionAsk | null, form: DecisionForm) =>
  Object.keys(decisionProblems(asks, form)).length === 0;

/** The payload a command carries: only what it asks for, the reason trimmed, an empty optional one left out. */
export function decisionPayload(asks: DecisionAsk | null, form: DecisionForm): DecisionPayload {
  const reason = form.reason.trim();
  if (asks === 'reason') return { reason };
  if (asks === 'optionalReason') return reason ? { reason } : {};
  if (asks === 'colleague') return { to: form.to, ...(form.toName ? { toName: form.toName } : {}) };
  return {};
}
