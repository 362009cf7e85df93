import type { CustomerApplication, WorkflowRequest } from '../../services/customer-workflow.service';
import { type ChangeKind, MIN_BLACKLIST_DAYS, RENEWAL_TERMS } from '../workflows/customer-change.rules';

/** What a person may do on an open application; each is one event of the customerChange workflow. */
export type Decision = 'agree' | 'reject' | 'return' | 'forward' | 'resubmit' | 'withdraw';
export const DECISIONS: Decision[] = ['agree', 'resubmit', 'forward', 'return', 'reject', 'withdraw'];

export const EVENT_OF: Record<Decision, string> = {
  agree: 'approval.agree',
  reject: 'approval.reject',
  return: 'approval.return',
  forward: 'approval.forward',
  resubmit: 'application.submit',
  withdraw: 'application.withdraw',
};

/** The applications still waiting for someone (server/customers/customer-facts.ts OPEN_STATES). */
export const OPEN_STATES = ['draft', 'inApproval', 'returned'];
export const MAX_BLACKLIST_DAYS = 3650;
const MAX_REASON = 500;

/** The action a dialog is open for: a new application of a kind, or a decision on the open one. */
export type Pending = { call: 'apply'; kind: ChangeKind } | { call: 'decide'; decision: Decision };

export interface WorkflowForm {
  termMonths: number;
  reason: string;
  days: string;
  /** The EmployeeID a forward goes to, and the name the picker showed. */
  to: string;
  toName: string;
}
export const emptyForm = (): WorkflowForm => ({
  termMonths: RENEWAL_TERMS[0],
  reason: '',
  days: String(MIN_BLACKLIST_DAYS),
  to: '',
  toName: '',
});

/** Agree and resubmit need no input, so they are sent at once. */
export const isImmediate = (decision: Decision) => decision === 'agree' || decision === 'resubmit';

const REASON_REQUIRED = new Set(['suspension', 'blacklist', 'reject', 'return']);
const actionOf = (pending: Pending) => (pending.call === 'apply' ? pending.kind : pending.decision);
export const reasonRequired = (pending: Pending) => REASON_REQUIRED.has(actionOf(pending));

/** The wrong fields of a dialog as locale keys, checked as the server checks them. */
export function formProblems(
  pending: Pending,
  form: WorkflowForm,
): Partial<Record<keyof WorkflowForm, string>> {
  const problems: Partial<Record<keyof WorkflowForm, string>> = {};
  const reason = form.reason.trim();
  if (reasonRequired(pending) && !reason) problems.reason = 'customerWorkflow.errors.reasonRequired';
  if (reason.length > MAX_REASON) problems.reason = 'customerWorkflow.errors.reasonTooLong';
  const action = actionOf(pending);
  if (action === 'renewal' && !(RENEWAL_TERMS as readonly number[]).includes(form.termMonths))
    problems.termMonths = 'customerWorkflow.errors.term';
  if (action === 'blacklist') {
    const days = Number(form.days);
    if (!/^\d+$/.test(form.days.trim()) || days < MIN_BLACKLIST_DAYS || days > MAX_BLACKLIST_DAYS)
      problems.days = 'customerWorkflow.errors.days';
  }
  if (action === 'forward' && !form.to) problems.to = 'customerWorkflow.errors.forwardTo';
  return problems;
}

export const openApplication = (applications: CustomerApplication[] = []) =>
  applications.find((a) => OPEN_STATES.includes(a.State));

/** The call an action makes, with the version the person saw on a decision. */
export function requestFor(
  pending: Pending,
  form: WorkflowForm,
  objectId: string,
  channelType: string | null,
  open: CustomerApplication | undefined,
): WorkflowRequest {
  const reason = form.reason.trim() || undefined;
  if (pending.call === 'apply') {
    const body = { ObjectID: objectId, ...(reason ? { reason } : {}) };
    const extra =
      pending.kind === 'renewal'
        ? { termMonths: form.termMonths }
        : pending.kind === 'blacklist'
          ? { days: Number(form.days) }
          : pending.kind === 'conversion'
            ? { to: channelType === 'RSP' ? 'CCP' : 'RSP' }
            : {};
    return { call: 'apply', kind: pending.kind, body: { ...body, ...extra } };
  }
  const WorkflowVersion = open?.WorkflowVersion ?? 0;
  if (pending.decision === 'withdraw')
    return { call: 'withdraw', body: { ObjectID: objectId, WorkflowVersion, ...(reason ? { reason } : {}) } };
  return {
    call: 'decide',
    body: {
      ObjectID: objectId,
      action: pending.decision,
      WorkflowVersion,
      ...(reason && !isImmediate(pending.decision) ? { reason } : {}),
      ...(pending.decision === 'forward' ? { to: form.to } : {}),
    },
  };
}
