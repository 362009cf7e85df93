import { ChannelType } from '../../domain/codes/customers.codes';
import type { ApplyRequest } from '../../services/customer-workflow.service';
import { type ChangeKind, MIN_BLACKLIST_DAYS, RENEWAL_TERMS } from '../workflows/customer-change.rules';

export const MAX_BLACKLIST_DAYS = 3650;
const MAX_REASON = 500;

/** The inputs of a new application; each kind reads only its own. */
export interface ApplicationForm {
  termMonths: number;
  reason: string;
  days: string;
}
export const emptyForm = (): ApplicationForm => ({
  termMonths: RENEWAL_TERMS[0],
  reason: '',
  days: String(MIN_BLACKLIST_DAYS),
});

const REASON_REQUIRED: ReadonlySet<ChangeKind> = new Set(['suspension', 'blacklist']);
export const reasonRequired = (kind: ChangeKind) => REASON_REQUIRED.has(kind);

/** The wrong fields of a new application's dialog as locale keys, checked as the server checks them. */
export function formProblems(
  kind: ChangeKind,
  form: ApplicationForm,
): Partial<Record<keyof ApplicationForm, string>> {
  const problems: Partial<Record<keyof ApplicationForm, string>> = {};
  const reason = form.reason.trim();
  if (reasonRequired(kind) && !reason) problems.reason = 'customerWorkflow.errors.reasonRequired';
  if (reason.length > MAX_REASON) problems.reason = 'customerWorkflow.errors.reasonTooLong';
  if (kind === 'renewal' && !(RENEWAL_TERMS as readonly number[]).includes(form.termMonths))
    problems.termMonths = 'customerWorkflow.errors.term';
  if (kind === 'blacklist') {
    const days = Number(form.days);
    if (!/^\d+$/.test(form.days.trim()) || days < MIN_BLACKLIST_DAYS || days > MAX_BLACKLIST_DAYS)
      problems.days = 'customerWorkflow.errors.days';
  }
  return problems;
}

/** The call a new application makes: its kind and the inputs that kind takes. */
export function requestFor(
  kind: ChangeKind,
  form: ApplicationForm,
  objectId: string,
  channelType: string | null,
): ApplyRequest {
  const reason = form.reason.trim() || undefined;
  const body = { ObjectID: objectId, ...(reason ? { reason } : {}) };
  const extra =
    kind === 'renewal'
      ? { termMonths: form.termMonths }
      : kind === 'blacklist'
        ? { days: Number(form.days) }
        : kind === 'conversion'
          ? { to: channelType === ChannelType.rsp ? ChannelType.ccp : ChannelType.rsp }
          : {};
  return { kind, body: { ...body, ...extra } };
}
