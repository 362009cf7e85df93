/**
 * The rules of the applications on an existing agent (DOMAIN.md "Agent registration and onboarding":
 * renewal, senior certification, RSP↔CCP conversion, suspension, blacklist ≥ 180 days, and lifting
 * them). Pure: the workflow's guards, the server's refusals and the unit tests share them.
 */
import { addDays } from '../../domain/calendar-days';
import { ChannelType, CustomerStatus, CustomerType } from '../../domain/codes/customers.codes';
import { CHANGE_KINDS, type ChangeKind } from '../../domain/customer-applications';

export { CHANGE_KINDS, type ChangeKind } from '../../domain/customer-applications';

/** CustomerStatus keywords (dictionary CustomerStatus). */
export const STATUS = {
  active: CustomerStatus.active,
  renewalDue: CustomerStatus.renewalDue,
  suspended: CustomerStatus.suspended,
  blacklisted: CustomerStatus.blacklisted,
  expired: CustomerStatus.expired,
  terminated: CustomerStatus.terminated,
} as const;

/** Renewal terms an applicant may ask for, in months. */
export const RENEWAL_TERMS = [12, 24, 36] as const;
/** A blacklisting lasts at least this many days (H3C, Huawei: ≥ 180 days). */
export const MIN_BLACKLIST_DAYS = 180;

/** What the applicant asks for: the inputs each kind needs. */
export interface ChangeRequest {
  termMonths?: number;
  to?: ChannelType;
  reason?: string;
  days?: number;
}

/** What the server knows of the agent when the application is made and when it is decided. */
export interface CustomerFacts {
  channelType: string | null;
  status: string;
  /** CCPs supplied by this agent (customer.parent_id), not terminated. */
  dependants: number;
  seniorCertified: boolean;
  blacklistEndDate: string | null;
  /** The business day (Asia/Shanghai), YYYY-MM-DD. */
  today: string;
}

/** A refusal as a locale key under server.customerWorkflow with its parameters. */
export interface Problem {
  key: string;
  params?: Record<string, unknown>;
}

const problem = (key: string, params?: Record<string, unknown>): Problem => ({
  key: `server.customerWorkflow.${key}`,
  ...(params ? { params } : {}),
});
const hasText = (value: unknown) => typeof value === 'string' && value.trim().length > 0;
const cooperating = (status: string) => status === STATUS.active || status === STATUS.renewalDue;

/** Why this application cannot be made (or approved) for this agent now; null when it can. */
export function changeProblem(kind: ChangeKind, change: ChangeRequest, facts: CustomerFacts): Problem | null {
  switch (kind) {
    case 'renewal':
      if (!RENEWAL_TERMS.includes(change.termMonths as (typeof RENEWAL_TERMS)[number]))
        return problem('badTerm', { terms: RENEWAL_TERMS.join('/') });
      return cooperating(facts.status) || facts.status === STATUS.expired ? null : problem('notRenewable');
    case 'seniorCertification':
      if (facts.seniorCertified) return problem('alreadyCertified');
      return cooperating(facts.status) ? null : problem('notActive');
    case 'conversion':
      if (facts.channelType !== ChannelType.rsp && facts.channelType !== ChannelType.ccp)
        return problem('notAnAgent');
      if (change.to !== ChannelType.rsp && change.to !== ChannelType.ccp) return problem('badTarget');
      if (change.to === facts.channelType) return problem('sameChannel', { channel: change.to });
      if (facts.channelType === ChannelType.rsp && facts.dependants > 0)
        return problem('hasDependants', { count: facts.dependants });
      return cooperating(facts.status) ? null : problem('notActive');
    case 'suspension':
      if (!hasText(change.reason)) return problem('reasonRequired');
      return cooperating(facts.status) ? null : problem('notActive');
    case 'blacklist':
      if (!hasText(change.reason)) return problem('reasonRequired');
      if (!Number.isInteger(change.days) || (change.days ?? 0) < MIN_BLACKLIST_DAYS)
        return problem('blacklistTooShort', { days: MIN_BLACKLIST_DAYS });
      return facts.status === STATUS.blacklisted || facts.status === STATUS.terminated
        ? problem('alreadyBlacklisted')
        : null;
    case 'reinstatement':
      if (facts.status === STATUS.suspended) return null;
      if (facts.status !== STATUS.blacklisted) return problem('notLocked');
      return facts.blacklistEndDate && facts.blacklistEndDate > facts.today
        ? problem('blacklistRunning', { date: facts.blacklistEndDate })
        : null;
  }
}

/** Which side an applicant is on: agent staff (their role sees one company) or vendor staff. */
export type ApplicantSide = 'agent' | 'vendor';

/** The side of a role by its data scope: agent roles see their own company only ('company'). */
export const applicantSide = (dataScope: string): ApplicantSide =>
  dataScope === 'company' ? 'agent' : 'vendor';

/**
 * Who may start each kind (DOMAIN.md §8): an agent asks for its own renewal, senior certification
 * and RSP↔CCP conversion; suspension and blacklisting are the vendor's measures against an agent,
 * and lifting them is the vendor's call after its own review, so those three are the vendor's only.
 */
export const STARTERS: Record<ChangeKind, readonly ApplicantSide[]> = {
  renewal: ['agent', 'vendor'],
  seniorCertification: ['agent', 'vendor'],
  conversion: ['agent', 'vendor'],
  suspension: ['vendor'],
  blacklist: ['vendor'],
  reinstatement: ['vendor'],
};

/** Who starts an application, and whether the agent it is on is the applicant's own company. */
export interface Starter {
  side: ApplicantSide;
  ownCompany: boolean;
}

/**
 * Why this person may not start this kind on this agent, whatever the agent's state; null when they
 * may. Agent staff apply for their own company only, never for a CCP they supply.
 */
export function starterProblem(kind: ChangeKind, starter: Starter): Problem | null {
  if (!STARTERS[kind].includes(starter.side))
    return problem('vendorOnly', { kind: { key: `server.customerWorkflow.kinds.${kind}`, params: {} } });
  if (starter.side === 'agent' && !starter.ownCompany) return problem('ownCompanyOnly');
  return null;
}

/**
 * The kinds this person may start on an agent now, judged with inputs the applicant can always give
 * (a reason, the shortest term and blacklisting, the other channel), so the panel offers only what
 * can succeed.
 */
export function startableKinds(facts: CustomerFacts, starter: Starter): ChangeKind[] {
  const sample: Record<ChangeKind, ChangeRequest> = {
    renewal: { termMonths: RENEWAL_TERMS[0] },
    seniorCertification: {},
    conversion: { to: facts.channelType === ChannelType.rsp ? ChannelType.ccp : ChannelType.rsp },
    suspension: { reason: '-' },
    blacklist: { reason: '-', days: MIN_BLACKLIST_DAYS },
    reinstatement: {},
  };
  return CHANGE_KINDS.filter(
    (kind) => starterProblem(kind, starter) === null && changeProblem(kind, sample[kind], facts) === null,
  );
}

export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
}

/** What an approved application changes on the agent: typed columns and `data` fields. */
export interface ChangeEffect {
  columns: { status?: string; channel_type?: string; customer_type?: string; parent_id?: null };
  data: Record<string, unknown>;
}

export function changeEffect(
  kind: ChangeKind,
  change: ChangeRequest,
  facts: CustomerFacts & { agreementEndDate: string | null },
): ChangeEffect {
  const today = facts.today;
  switch (kind) {
    case 'renewal': {
      // A renewal continues the running agreement; an expired one starts again from today.
      const from = facts.agreementEndDate && facts.agreementEndDate > today ? facts.agreementEndDate : today;
      return {
        columns: { status: STATUS.active },
        data: { ExtAgreementEndDate_SDK: addMonths(from, change.termMonths ?? 12), ExtRenewedOn_SDK: today },
      };
    }
    case 'seniorCertification':
      return { columns: {}, data: { ExtSeniorCertified_SDK: true, ExtSeniorCertifiedOn_SDK: today } };
    case 'conversion':
      return change.to === ChannelType.ccp
        ? {
            columns: { channel_type: ChannelType.ccp, customer_type: CustomerType.ccp },
            data: { ExtConvertedOn_SDK: today },
          }
        : {
            columns: { channel_type: ChannelType.rsp, customer_type: CustomerType.rsp, parent_id: null },
            data: { ExtConvertedOn_SDK: today, ExtSupplierName_SDK: null },
          };
    case 'suspension':
      return {
        columns: { status: STATUS.suspended },
        data: { ExtSuspendedOn_SDK: today, ExtStatusReason_SDK: change.reason },
      };
    case 'blacklist':
      return {
        columns: { status: STATUS.blacklisted },
        data: {
          ExtBlacklistStartDate_SDK: today,
          ExtBlacklistEndDate_SDK: addDays(today, change.days ?? MIN_BLACKLIST_DAYS),
          ExtStatusReason_SDK: change.reason,
        },
      };
    case 'reinstatement':
      return {
        columns: { status: STATUS.active },
        data: { ExtReinstatedOn_SDK: today, ExtStatusReason_SDK: change.reason ?? null },
      };
  }
}
