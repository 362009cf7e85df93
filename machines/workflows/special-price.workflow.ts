import { type AnyMachineSnapshot, and, assign, or, setup } from 'xstate';
import { z } from 'zod';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { ROLE, VENDOR_ADMINISTRATORS } from '../../domain/roles';
import { type ActorEvent, isSystemActor, SYSTEM_ACTOR, type WorkflowActor } from './actor';
import {
  type ApplicantEvent,
  approvalStates,
  type ChainDecisionEvent,
  type ChainProgress,
  type ChainStep,
  type ChainSubmission,
  chainDecider,
  chainGuards,
  stepRole,
} from './approval.states';
import { chainDecisionCommands, defineWorkflow, payloads } from './declaration';
import { SPECIAL_PRICE_STATUS } from './special-price.rules';

export interface SpecialPriceInput {
  specialPriceId: string;
  /** The agent's staff member who asks; bid results and execution orders are theirs too. */
  applicant: WorkflowActor;
  chain: ChainStep[];
}

export interface SpecialPriceContext extends SpecialPriceInput, ChainProgress {}

export type SpecialPriceEvent =
  | ApplicantEvent<ChainSubmission>
  | ChainDecisionEvent
  | ({ type: 'bid.win' } & ActorEvent)
  | ({ type: 'bid.lose'; reason: string } & ActorEvent)
  | ({ type: 'execution.create'; executionOrderNo?: string } & ActorEvent)
  | ({ type: 'execution.createLast'; executionOrderNo?: string } & ActorEvent);

const applicantSide = or(['isApplicant', 'isVendorAdministrator']);

/**
 * An execution order drawn from the approved lines. The execution-order service sends these as the
 * system, in the transaction that creates the order, after checking that the person is the applicant
 * or the sales operations desk; nobody sends them by hand, so no decision button offers them.
 */
const execution = {
  'execution.create': {
    guard: 'isSystem' as const,
    target: 'executing',
    description:
      'An execution order was created: quantities within what is left, prices not below the approved ones, within validity.',
  },
  'execution.createLast': {
    guard: 'isSystem' as const,
    target: 'executed',
    description: 'The execution order that took the last approved units.',
  },
};

/**
 * A special price on a protected opportunity (DOMAIN.md "Special prices", notes §2.5): submitted by
 * the agent with lines priced against the standard channel price, decided along the chain its
 * weighted depth chose, valid 90 days from approval; the bid result is recorded (won or lost), and a
 * won price is drawn down by execution orders until nothing is left.
 */
/**
 * The states whose request its applicant still changes (lines, header) before submitting it: a draft and
 * a returned request. Every other is before its approvers or done — withdrawn, rejected and closed are
 * final, and a changed price is asked for anew.
 */
export const EDITABLE_SPECIAL_PRICE_STATES: readonly string[] = ['draft', 'returned'];

export const specialPriceWorkflow = setup({
  types: {
    context: {} as SpecialPriceContext,
    events: {} as SpecialPriceEvent,
    input: {} as SpecialPriceInput,
  },
  guards: {
    ...chainGuards,
    isVendorAdministrator: ({ event }) => VENDOR_ADMINISTRATORS.includes(event.actor.role),
    isSystem: ({ event }) => isSystemActor(event.actor),
  },
  actions: {
    takeSubmission: assign(({ context, event }) => ({
      chain: (event as ChainSubmission).chain?.length
        ? ((event as ChainSubmission).chain as ChainStep[])
        : context.chain,
      node: 0,
      decisions: 0,
      reason: undefined,
      forwardedTo: undefined,
      forwardedToName: undefined,
    })),
    keepReason: assign({ reason: ({ event }) => (event as { reason?: string }).reason }),
  },
}).createMachine({
  id: 'specialPrice',
  context: ({ input }) => ({ ...input, node: 0, decisions: 0 }),
  initial: 'draft',
  states: {
    draft: {
      description: 'Saved by the agent; lines and justification still editable.',
      on: {
        'application.submit': {
          guard: 'isApplicant',
          target: 'inApproval',
          description:
            'Refused by the server unless the opportunity is protected, some line is below the standard price, and no earlier special price of the agent lacks its bid result 10 working days after bid opening.',
          actions: 'takeSubmission',
        },
      },
    },
    ...approvalStates({
      description:
        'Each level of the chain chosen by the weighted depth decides; a level whose authority does not cover the depth agrees and passes it on.',
      finish: {
        guard: and(['isCurrentApprover', 'isLastNode']),
        description: 'The level whose authority covers the depth approves: valid 90 days from today.',
      },
      advance: { guard: 'isCurrentApprover', reenter: true },
      returnDescription: 'Back to the agent, who edits the lines and resubmits under the same number.',
      withdrawDescription: 'The agent takes the request back only before the first decision.',
    }),
    returned: {
      description: 'Editable again; resubmitted under the same number with the chain of its new depth.',
      on: {
        'application.submit': { guard: 'isApplicant', target: 'inApproval', actions: 'takeSubmission' },
        'application.withdraw': { guard: 'isApplicant', target: 'withdrawn' },
      },
    },
    withdrawn: { type: 'final' },
    approved: {
      description:
        'Valid until its end date; the bid result is recorded within 10 working days of bid opening.',
      on: {
        'bid.win': { guard: applicantSide, target: 'won', description: 'The bid was won.' },
        'bid.lose': {
          guard: and([applicantSide, 'hasReason']),
          target: 'closed',
          description: 'The bid was lost or void: the price closes.',
          actions: 'keepReason',
        },
      },
    },
    won: {
      description: 'Won: execution orders draw the approved lines.',
      on: execution,
    },
    executing: {
      description: 'Some approved units are in execution orders; more may follow until none is left.',
      on: execution,
    },
    executed: { type: 'final', description: 'Every approved unit is in an execution order.' },
    closed: { type: 'final' },
    rejected: { type: 'final' },
  },
});

/** What the special-price record shows of its workflow: status, node, awaited role, reason. */
export function specialPriceProjection(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as SpecialPriceContext;
  const state = String(snapshot.value);
  const waiting = state === 'inApproval';
  return {
    ExtSpecialPriceStatus_SDK: SPECIAL_PRICE_STATUS[state] ?? SPECIAL_PRICE_STATUS.draft,
    ApprovalState: state,
    ApprovalNode: waiting ? `${context.node + 1}/${context.chain.length}` : '',
    ApproverRole: waiting ? (stepRole(context.chain[context.node]) ?? null) : null,
    ApprovalReason: context.reason ?? '',
  };
}

/** The execution order an execution event records. */
const executionPayload = z.object({ executionOrderNo: z.string().max(40).optional() });

/** Special prices, decided on the special-price approval info page (/business/special-price-approval-info). */
export const specialPriceDeclaration = defineWorkflow({
  name: 'specialPrice',
  machine: specialPriceWorkflow,
  subject: { resource: 'specialApproval', streams: 'onePerSubject' },
  numberPrefix: NUMBER_PREFIX.specialPrice,
  // The chain comes from the depth bands (table special_price_band), not the agent process configuration.
  chains: [],
  commands: {
    submit: { event: 'application.submit', payload: payloads.none },
    ...chainDecisionCommands('approval'),
    withdraw: { event: 'application.withdraw', payload: payloads.optionalReason, asks: 'optionalReason' },
    win: { event: 'bid.win', payload: payloads.none },
    lose: { event: 'bid.lose', payload: payloads.reason, asks: 'reason' },
    execute: { event: 'execution.create', payload: executionPayload },
    executeLast: { event: 'execution.createLast', payload: executionPayload },
  },
  payloadGuards: ['hasReason'],
  decider: chainDecider,
  projection: specialPriceProjection,
  example: {
    input: {
      specialPriceId: '00000000-0000-4000-8000-000000000029',
      applicant: { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
      // The default depth band from 90 % to 95 % (the band records, /business/special-price-bands).
      chain: [ROLE.provinceManager, ROLE.regionManager],
    },
    actors: [
      { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
      { id: 'province-1', name: 'Qian (province)', role: ROLE.provinceManager },
      { id: 'province-2', name: 'Sun (province)', role: ROLE.provinceManager },
      { id: 'region-1', name: 'Zhao (region)', role: ROLE.regionManager },
      { id: 'ops-1', name: 'Wang (sales ops)', role: ROLE.salesOperations },
      { id: 'agent-2', name: 'Chu (CCP staff)', role: ROLE.ccpAgent },
      SYSTEM_ACTOR,
    ],
  },
});
