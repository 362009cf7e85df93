import {
  OpportunityStage,
  OpportunityStatus,
  ProcurementMethod,
} from '../../domain/codes/opportunities.codes';
/**
 * DOMAIN.md "Opportunities": the registration status (is the agent protected?) and the sales stage
 * (how far is the deal?) are two dimensions that never contradict each other. Codes are the keywords
 * of the dictionaries OpportunityStatus and OpportunityStage. Pure: shared by the workflow, the
 * server's write rules, the seed and the tests.
 */

/** OpportunityStatus keywords, one per state of the registration workflow. */
export const OPPORTUNITY_STATUS = {
  draft: OpportunityStatus.draft,
  submitted: OpportunityStatus.submitted,
  conflict: OpportunityStatus.conflict,
  protected: OpportunityStatus.protected,
  atRisk: OpportunityStatus.atRisk,
  expired: OpportunityStatus.expired,
  released: OpportunityStatus.released,
  won: OpportunityStatus.won,
  closed: OpportunityStatus.closed,
  rejected: OpportunityStatus.rejected,
  withdrawn: OpportunityStatus.withdrawn,
} as const;

export type OpportunityState = keyof typeof OPPORTUNITY_STATUS;

/** OpportunityStage keywords: lead 10% → needs 25% → solution 40% → bidding 60% → negotiation 80%. */
export const OPEN_STAGES = [
  OpportunityStage.lead,
  OpportunityStage.needsAnalysis,
  OpportunityStage.solutionAndPoc,
  OpportunityStage.bidding,
  OpportunityStage.negotiation,
] as const;
export const STAGE_WON = OpportunityStage.won;
export const STAGE_LOST = OpportunityStage.lost;
export const STAGE_INVALID = OpportunityStage.invalid;
export const ALL_STAGES = [...OPEN_STAGES, STAGE_WON, STAGE_LOST, STAGE_INVALID] as const;

/** The statuses in which the deal still runs, so its stage is one of the open ones and may move. */
export const RUNNING_STATUSES: readonly string[] = [
  OPPORTUNITY_STATUS.draft,
  OPPORTUNITY_STATUS.submitted,
  OPPORTUNITY_STATUS.conflict,
  OPPORTUNITY_STATUS.protected,
  OPPORTUNITY_STATUS.atRisk,
];

/**
 * The stages a record in a status may show. Won is reached only by winning (status won, stage 100%),
 * lost or invalid only by closing; a registration that ended without a deal (expired, released,
 * rejected, withdrawn) keeps the open stage it had, or lost/invalid, but never won.
 */
export function stagesAllowed(status: string): readonly string[] {
  if (status === OPPORTUNITY_STATUS.won) return [STAGE_WON];
  if (status === OPPORTUNITY_STATUS.closed) return [STAGE_LOST, STAGE_INVALID];
  if (RUNNING_STATUSES.includes(status)) return OPEN_STAGES;
  return [...OPEN_STAGES, STAGE_LOST, STAGE_INVALID];
}

export const stageFits = (status: string, stage: string) => stagesAllowed(status).includes(stage);

/**
 * How the reports count a registration (docs/opportunities.md "Reports"): in the pipeline while it runs,
 * won, lost (closed as lost), void (ended without a result: expired, released, closed as invalid), or
 * not at all when it never became a deal (rejected in arbitration, withdrawn).
 */
export type ReportOutcome = 'pipeline' | 'won' | 'lost' | 'void';
export const PIPELINE_STATUSES: readonly string[] = [
  ...RUNNING_STATUSES,
  OpportunityStatus.returned,
  OpportunityStatus.extensionPending,
];
export const VOID_STATUSES: readonly string[] = [OPPORTUNITY_STATUS.expired, OPPORTUNITY_STATUS.released];
export const NO_DEAL_STATUSES: readonly string[] = [
  OPPORTUNITY_STATUS.rejected,
  OPPORTUNITY_STATUS.withdrawn,
];

export function reportOutcome(status: string, stage: string): ReportOutcome | null {
  if (PIPELINE_STATUSES.includes(status)) return 'pipeline';
  if (status === OPPORTUNITY_STATUS.won) return 'won';
  if (status === OPPORTUNITY_STATUS.closed) return stage === STAGE_INVALID ? 'void' : 'lost';
  if (VOID_STATUSES.includes(status)) return 'void';
  return null;
}

/** A person moves the stage only while the deal runs; an ended registration's stage is its history. */
export const stageEditable = (status: string) => RUNNING_STATUSES.includes(status);

/** ProcurementMethod keywords of a tender (open or invited): only these have a tender number. */
export const TENDER_METHODS: readonly string[] = [
  ProcurementMethod.openTender,
  ProcurementMethod.invitedTender,
];

/**
 * What a bid result needs besides the result itself, by procurement method: a tender has a tender
 * number, a tendering unit and an opening date; a negotiation, quotation or direct purchase has none.
 */
export function bidResultRequires(method: string | null | undefined): string[] {
  return method && TENDER_METHODS.includes(method)
    ? ['ExtTenderNo_SDK', 'ExtTenderUnit_SDK', 'ExtBidOpeningDate_SDK']
    : [];
}

/**
 * The key two registrations collide on: the end customer's name without spaces, brackets or case,
 * so that "Nanjing No.1 Hospital" and "nanjing no.1 hospital " are one customer.
 */
export function endCustomerKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s()[\]{}<>\-_.,;:'"`~!@#$%^&*+=|\\/?]/g, '');
}
