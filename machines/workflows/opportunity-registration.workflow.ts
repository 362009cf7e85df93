import { type AnyMachineSnapshot, and, assign, or, setup } from 'xstate';
import { z } from 'zod';
import { LossReason, WinOrNot } from '../../domain/codes/opportunities.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { ROLE } from '../../domain/roles';
import { type ActorEvent, isSystemActor, SYSTEM_ACTOR, type WorkflowActor } from './actor';
import { AWAITING_DECISION, defineWorkflow, payloads } from './declaration';
import { OPPORTUNITY_STATUS, type OpportunityState, STAGE_LOST, STAGE_WON } from './opportunity-stage.rules';

/** DOMAIN.md: one extension of the protection. */
export const MAX_EXTENSIONS = 1;

/** The side of the deal: the agents (scope keeps them to their own company's) and the vendor's field staff. */
const DEAL_SIDE: readonly string[] = [
  ROLE.rspAgent,
  ROLE.ccpAgent,
  ROLE.distributor,
  ROLE.cityManager,
  ROLE.channelManager,
  ROLE.provinceManager,
];
/** Who may extend or release a protection: the channel manager and the province manager. */
const PROTECTION_MANAGERS: readonly string[] = [ROLE.channelManager, ROLE.provinceManager];

export interface OpportunityRegistrationInput {
  applicant: WorkflowActor;
}

export interface OpportunityRegistrationContext extends OpportunityRegistrationInput {
  /** Business days (yyyy-MM-dd) the server fixes when it protects, extends or records progress. */
  protectedFrom?: string;
  protectedUntil?: string;
  lastProgressOn?: string;
  extensions: number;
  /** The number of the protected opportunity this one collides with. */
  conflictWith?: string;
  reason?: string;
  /** What the deal was won for (yuan, as sent) and, when lost, the LossReason keyword. */
  winningAmount?: string;
  lossReason?: string;
}

type Dated = { protectedFrom?: string; protectedUntil?: string; on?: string };
export type OpportunityRegistrationEvent =
  | ({ type: 'registration.submit' } & ActorEvent)
  | ({ type: 'registration.withdraw'; reason?: string } & ActorEvent)
  | ({ type: 'check.protect' } & Dated & ActorEvent)
  | ({ type: 'check.conflict'; conflictWith?: string } & ActorEvent)
  | ({ type: 'arbitration.award'; comment?: string } & Dated & ActorEvent)
  | ({ type: 'arbitration.keepFirst'; reason: string } & ActorEvent)
  | ({ type: 'progress.record'; reason: string } & Dated & ActorEvent)
  | ({ type: 'protection.markAtRisk' } & ActorEvent)
  | ({ type: 'protection.expire' } & ActorEvent)
  | ({ type: 'protection.extend'; reason: string } & Dated & ActorEvent)
  | ({ type: 'protection.release'; reason: string } & ActorEvent)
  | ({ type: 'deal.win'; amount?: string; comment?: string } & ActorEvent)
  | ({ type: 'deal.close'; reason: string; lossReason?: string } & ActorEvent);

type Args = { context: OpportunityRegistrationContext; event: OpportunityRegistrationEvent };
const roleIn =
  (roles: readonly string[]) =>
  ({ event }: Args) =>
    roles.includes(event.actor.role);
const dated = (event: OpportunityRegistrationEvent) => event as Dated;

/** The endings of a running protection, shared by 'protected' and 'atRisk'. */
const endings = {
  'protection.expire': {
    guard: 'isSystem',
    target: 'expired',
    description: 'The daily job, once the end date has passed.',
  },
  'deal.win': {
    guard: 'isDealSide',
    target: 'won',
    description: 'Won, for the winning amount: the stage becomes won (100%) with the status.',
    actions: 'winningOf',
  },
  'deal.close': {
    guard: and(['isDealSide', 'hasReason']),
    target: 'closed',
    description: 'Lost, with the loss reason and words on it: the stage becomes lost.',
    actions: ['reasonOf', 'lossOf'],
  },
  'protection.release': {
    guard: and([or(['isProtectionManager', 'isSystem']), 'hasReason']),
    target: 'released',
    description: 'Released by the channel or province manager, or by an arbitration lost (with a reason).',
    actions: 'reasonOf',
  },
} as const;

/**
 * Opportunity registration and protection (DOMAIN.md "Opportunities", notes §1): a registration is
 * submitted, checked against the protected ones (same end customer and product line: the first wins),
 * protected for the configured days or held as a conflict for the province manager to arbitrate, kept
 * alive by progress records, extended once, and ends won, closed, expired or released.
 */
export const opportunityRegistrationWorkflow = setup({
  types: {
    context: {} as OpportunityRegistrationContext,
    events: {} as OpportunityRegistrationEvent,
    input: {} as OpportunityRegistrationInput,
  },
  guards: {
    isDealSide: roleIn(DEAL_SIDE),
    isSystem: ({ event }) => isSystemActor(event.actor),
    isProvinceManager: roleIn([ROLE.provinceManager]),
    isProtectionManager: roleIn(PROTECTION_MANAGERS),
    hasReason: ({ event }) => String((event as { reason?: unknown }).reason ?? '').trim().length > 0,
    hasExtensionLeft: ({ context }) => context.extensions < MAX_EXTENSIONS,
  },
  actions: {
    /** The protection window the server fixed for this event; kept as it was when the event names none. */
    protection: assign(({ context, event }) => ({
      protectedFrom: dated(event).protectedFrom ?? context.protectedFrom,
      protectedUntil: dated(event).protectedUntil ?? context.protectedUntil,
      lastProgressOn: dated(event).protectedFrom ?? context.lastProgressOn,
    })),
    progressDay: assign(({ context, event }) => ({
      lastProgressOn: dated(event).on ?? context.lastProgressOn,
    })),
    reasonOf: assign({ reason: ({ event }) => (event as { reason?: string }).reason }),
    // Streams won or lost before the amount and the loss reason were asked for carry neither.
    winningOf: assign({ winningAmount: ({ event }) => (event as { amount?: string }).amount }),
    lossOf: assign({ lossReason: ({ event }) => (event as { lossReason?: string }).lossReason }),
  },
}).createMachine({
  id: 'opportunityRegistration',
  context: ({ input }) => ({ ...input, extensions: 0 }),
  initial: 'draft',
  states: {
    draft: {
      description:
        'Created with end customer, product line, sales area and owner; the deal side edits it and submits it, or withdraws it.',
      on: {
        'registration.submit': { guard: 'isDealSide', target: 'submitted' },
        'registration.withdraw': { guard: 'isDealSide', target: 'withdrawn', actions: 'reasonOf' },
      },
    },
    submitted: {
      description:
        'In the same transaction as the submission the server looks for a protected registration of the same end customer and product line: none → protected; one → conflict (the first to register wins).',
      on: {
        'check.protect': { guard: 'isSystem', target: 'protected', actions: 'protection' },
        'check.conflict': {
          guard: 'isSystem',
          target: 'conflict',
          actions: assign({ conflictWith: ({ event }) => (event as { conflictWith?: string }).conflictWith }),
        },
      },
    },
    conflict: {
      tags: [AWAITING_DECISION],
      description:
        'The province manager arbitrates: award the deal to this registration (the protected one is released) or keep the first (this one is rejected, with a reason).',
      on: {
        'arbitration.award': { guard: 'isProvinceManager', target: 'protected', actions: 'protection' },
        'arbitration.keepFirst': {
          guard: and(['isProvinceManager', 'hasReason']),
          target: 'rejected',
          actions: 'reasonOf',
        },
      },
    },
    protected: {
      description:
        'Protected until the end date. A progress record at least every 30 days keeps it in good standing; the daily job marks it at risk otherwise and expires it at the end date. An owner change keeps the end date.',
      on: {
        'progress.record': { guard: and(['isDealSide', 'hasReason']), actions: 'progressDay' },
        'protection.markAtRisk': { guard: 'isSystem', target: 'atRisk' },
        'protection.extend': {
          guard: and(['isProtectionManager', 'hasExtensionLeft', 'hasReason']),
          description: 'One extension, with a reason: the end date moves on by the configured days.',
          actions: ['protection', assign({ extensions: ({ context }) => context.extensions + 1 })],
        },
        ...endings,
      },
    },
    atRisk: {
      description: 'No progress record for 30 days: a new one brings the protection back in good standing.',
      on: {
        'progress.record': {
          guard: and(['isDealSide', 'hasReason']),
          target: 'protected',
          actions: 'progressDay',
        },
        ...endings,
      },
    },
    won: { type: 'final', description: 'Stage won (100%); the attribution stays for rebates and targets.' },
    closed: { type: 'final', description: 'Lost or invalid; the reason is kept.' },
    expired: {
      type: 'final',
      description: 'The protection ended: the customer is open to a new registration.',
    },
    released: { type: 'final', description: 'Released by the vendor or lost in arbitration.' },
    rejected: { type: 'final' },
    withdrawn: { type: 'final' },
  },
});

/** The status a record shows for each state of its registration. */
export const opportunityStatusOf = (snapshot: AnyMachineSnapshot) =>
  OPPORTUNITY_STATUS[String(snapshot.value) as OpportunityState] ?? OPPORTUNITY_STATUS.draft;

const datedPayload = z.object({
  protectedFrom: z.string().max(10).optional(),
  protectedUntil: z.string().max(10).optional(),
});
const none = payloads.none;

/** A winning amount in yuan: above 0, at most two decimals (what the reports sum). */
const winningAmount = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/)
  .refine((v) => Number(v) > 0);
const lossReasons = Object.values(LossReason) as [string, ...string[]];

/** Opportunity registrations, decided on the opportunity's page (/business/opportunity-info). */
export const opportunityRegistrationDeclaration = defineWorkflow({
  name: 'opportunityRegistration',
  machine: opportunityRegistrationWorkflow,
  subject: { resource: 'opportunity', streams: 'onePerSubject' },
  numberPrefix: NUMBER_PREFIX.opportunity,
  chains: [],
  commands: {
    submit: { event: 'registration.submit', payload: none },
    withdraw: { event: 'registration.withdraw', payload: payloads.optionalReason, asks: 'optionalReason' },
    protect: { event: 'check.protect', payload: datedPayload },
    flagConflict: {
      event: 'check.conflict',
      payload: z.object({ conflictWith: z.string().max(40).optional() }),
    },
    award: { event: 'arbitration.award', payload: payloads.comment.merge(datedPayload) },
    keepFirst: { event: 'arbitration.keepFirst', payload: payloads.reason, asks: 'reason' },
    recordProgress: {
      event: 'progress.record',
      payload: payloads.reason.extend({ on: z.string().max(10).optional() }),
      asks: 'reason',
    },
    markAtRisk: { event: 'protection.markAtRisk', payload: none },
    expire: { event: 'protection.expire', payload: none },
    extend: {
      event: 'protection.extend',
      payload: payloads.reason.extend({ protectedUntil: z.string().max(10).optional() }),
      asks: 'reason',
    },
    release: { event: 'protection.release', payload: payloads.reason, asks: 'reason' },
    win: {
      event: 'deal.win',
      payload: payloads.comment.extend({ amount: winningAmount }),
      asks: 'winning',
    },
    close: {
      event: 'deal.close',
      payload: payloads.reason.extend({ lossReason: z.enum(lossReasons) }),
      asks: 'loss',
    },
  },
  payloadGuards: ['hasReason'],
  decider: (snapshot) => (snapshot.value === 'conflict' ? { role: ROLE.provinceManager } : null),
  projection: (snapshot) => {
    const context = snapshot.context as OpportunityRegistrationContext;
    const status = opportunityStatusOf(snapshot);
    return {
      ExtOpportunityStatus_SDK: status,
      ExtProtectionEndDate_SDK: context.protectedUntil ?? null,
      ExtExtensionCount_SDK: context.extensions,
      ExtConflictWith_SDK: snapshot.value === 'conflict' ? (context.conflictWith ?? null) : null,
      // Status won forces stage won; closing makes it lost. Other states leave the stage to people.
      ...(status === OPPORTUNITY_STATUS.won ? { ExtOpportunityStage_SDK: STAGE_WON } : {}),
      ...(status === OPPORTUNITY_STATUS.closed ? { ExtOpportunityStage_SDK: STAGE_LOST } : {}),
      // The outcome as the reports read it; a stream that never carried it leaves the fields as they are.
      ...(status === OPPORTUNITY_STATUS.won && context.winningAmount
        ? { ExtWinningAmount_SDK: context.winningAmount, ExtWinOrNot_SDK: WinOrNot.won }
        : {}),
      ...(status === OPPORTUNITY_STATUS.closed && context.lossReason
        ? { ExtLossReason_SDK: context.lossReason, ExtWinOrNot_SDK: WinOrNot.lost }
        : {}),
    };
  },
  example: {
    input: { applicant: { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent } },
    actors: [
      { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
      SYSTEM_ACTOR,
      { id: 'province-1', name: 'Qian (province)', role: ROLE.provinceManager },
      { id: 'channel-1', name: 'Wang (channel)', role: ROLE.channelManager },
      { id: 'finance-1', name: 'Sun (finance)', role: ROLE.finance },
    ],
  },
});
