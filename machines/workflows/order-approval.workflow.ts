import { type AnyMachineSnapshot, and, assign, setup } from 'xstate';
import { OrderApprovalStatus } from '../../domain/codes/orders.codes';
import { ROLE, VENDOR_ADMINISTRATORS } from '../../domain/roles';
import type { ActorEvent, WorkflowActor } from './actor';
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
import {
  AWAITING_DECISION,
  chainDecisionCommands,
  type Decider,
  defineWorkflow,
  payloads,
} from './declaration';

export interface OrderApprovalInput {
  orderId: string;
  /** Who submits and may withdraw, resubmit or cancel before the order takes effect. */
  applicant: WorkflowActor;
  /** The chain of the order's type and amount band when the stream starts at its first submission. */
  chain: ChainStep[];
}

export interface OrderApprovalContext extends OrderApprovalInput, ChainProgress {}

export type OrderApprovalEvent =
  | ApplicantEvent<ChainSubmission>
  | ChainDecisionEvent
  | ({ type: 'order.cancel'; reason: string } & ActorEvent);

/** The applicant gives up an order that has not taken effect, with a reason: it stays on record, cancelled. */
const cancelByApplicant = {
  guard: and(['isApplicant', 'hasReason']),
  target: 'cancelled',
  description: 'The applicant cancels an order that has not taken effect, saying why.',
  actions: 'keepReason' as const,
};

/**
 * An own-line order's approval (DOMAIN.md "Orders", notes §4.2): submitted by the agent or the sales
 * operations desk, decided node by node along the chain configured for its order type and amount band
 * (the order approval configuration), with the credit checks of the server at submission and at the last agreement →
 * effective or rejected; returned to the applicant, who edits and resubmits; withdrawn before
 * the first decision; cancelled by the applicant before it takes effect, or by the vendor afterwards.
 */
export const orderApprovalWorkflow = setup({
  types: {
    context: {} as OrderApprovalContext,
    events: {} as OrderApprovalEvent,
    input: {} as OrderApprovalInput,
  },
  guards: {
    ...chainGuards,
    isVendorAdministrator: ({ event }) => VENDOR_ADMINISTRATORS.includes(event.actor.role),
  },
  actions: {
    takeSubmission: assign(({ context, event }) => ({
      chain: (event as ChainSubmission).chain?.length
        ? ((event as ChainSubmission).chain as ChainStep[])
        : context.chain,
      node: 0,
      reason: undefined,
      forwardedTo: undefined,
      forwardedToName: undefined,
    })),
    keepReason: assign({ reason: ({ event }) => (event as { reason?: string }).reason }),
  },
}).createMachine({
  id: 'orderApproval',
  context: ({ input }) => ({ ...input, node: 0, decisions: 0 }),
  initial: 'draft',
  states: {
    draft: {
      description: 'Editable by the applicant; the order takes no stock and no credit yet.',
      on: {
        'application.submit': {
          guard: 'isApplicant',
          target: 'inApproval',
          description:
            'Refused by the server when no enabled band of the order type covers the amount, when the amount passes the agent’s available credit, or when a prepay agent’s order exceeds the credit limit.',
          actions: 'takeSubmission',
        },
        'order.cancel': cancelByApplicant,
      },
    },
    ...approvalStates({
      description:
        'Node n of the chain of the order type and amount band decides: agree, reject or return (with a reason), or forward to a colleague of the same role.',
      finish: {
        guard: and(['isCurrentApprover', 'isLastNode']),
        description:
          'The last agreement releases the order: refused while the credit terms are broken (overdue, over the limit) or, for a prepay agent, while confirmed payment is below the order amount.',
      },
      advance: { guard: 'isCurrentApprover', reenter: true },
      returnDescription: 'Back to the applicant, who edits the order and resubmits it under the same number.',
      withdrawDescription: 'The applicant takes the order back only before the first decision.',
    }),
    returned: {
      tags: [AWAITING_DECISION],
      description:
        'Editable again and in the applicant’s to-do; resubmitted under the same number, read against the chain of its band then.',
      on: {
        'application.submit': { guard: 'isApplicant', target: 'inApproval', actions: 'takeSubmission' },
        'order.cancel': cancelByApplicant,
      },
    },
    withdrawn: {
      description: 'Back in the applicant’s hands as a draft; submitted again or cancelled.',
      on: {
        'application.submit': { guard: 'isApplicant', target: 'inApproval', actions: 'takeSubmission' },
        'order.cancel': cancelByApplicant,
      },
    },
    approved: {
      description: 'Effective: released to payment, delivery and invoicing.',
      on: {
        'order.cancel': {
          guard: and(['isVendorAdministrator', 'hasReason']),
          target: 'cancelled',
          description:
            'The sales operations desk cancels an effective order with a reason; the server refuses once anything was paid or shipped.',
          actions: 'keepReason',
        },
      },
    },
    rejected: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

/** OrderApprovalStatus keywords (dictionary OrderApprovalStatus) of each state of the approval. */
export const ORDER_APPROVAL_STATUS = {
  draft: OrderApprovalStatus.draft,
  inApproval: OrderApprovalStatus.awaitingReview,
  approved: OrderApprovalStatus.effective,
  rejected: OrderApprovalStatus.rejected,
  cancelled: OrderApprovalStatus.cancelled,
} as const;

const STATUS_OF_STATE: Record<string, string> = {
  ...ORDER_APPROVAL_STATUS,
  // Returned reads "Returned", not "Draft": it came back with a reason and waits for its applicant.
  returned: OrderApprovalStatus.returned,
  withdrawn: ORDER_APPROVAL_STATUS.draft,
};

/**
 * Who the order waits for: the chain's step in approval; its applicant once returned, so the order
 * is in the applicant's to-do until it is submitted again or cancelled.
 */
export function orderApprovalDecider(snapshot: AnyMachineSnapshot): Decider | null {
  if (snapshot.matches('returned')) {
    const { applicant } = snapshot.context as OrderApprovalContext;
    return { role: applicant.role, personId: applicant.id, personName: applicant.name };
  }
  return chainDecider(snapshot);
}

/** What the order record shows of its approval: the status, the node and role it waits for, why it came back. */
export function orderApprovalProjection(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as OrderApprovalContext;
  const state = String(snapshot.value);
  const waiting = state === 'inApproval';
  return {
    ApprovalStatus: STATUS_OF_STATE[state] ?? ORDER_APPROVAL_STATUS.draft,
    ApprovalState: state,
    ApprovalNode: waiting ? `${context.node + 1}/${context.chain.length}` : '',
    // A role code or nothing: a blank would be a value no dictionary holds.
    ApproverRole: waiting ? (stepRole(context.chain[context.node]) ?? null) : null,
    ApprovalReason: context.reason ?? '',
  };
}

/** The order approval, decided on the order approval page (/ordersSetup/order-approval) and the order's record page. */
export const orderApprovalDeclaration = defineWorkflow({
  name: 'orderApproval',
  machine: orderApprovalWorkflow,
  subject: { resource: 'order', streams: 'onePerSubject' },
  // The chain comes from the order approval configuration (order type × amount band), not from
  // the agent process configuration.
  chains: [],
  commands: {
    submit: { event: 'application.submit', payload: payloads.none },
    ...chainDecisionCommands('approval'),
    withdraw: { event: 'application.withdraw', payload: payloads.optionalReason, asks: 'optionalReason' },
    cancel: { event: 'order.cancel', payload: payloads.reason, asks: 'reason' },
  },
  payloadGuards: ['hasReason'],
  decider: orderApprovalDecider,
  projection: orderApprovalProjection,
  example: {
    input: {
      orderId: '00000000-0000-4000-8000-000000000001',
      applicant: { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
      chain: [ROLE.salesOperations, ROLE.finance],
    },
    actors: [
      { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
      { id: 'ops-1', name: 'Qian (sales ops)', role: ROLE.salesOperations },
      { id: 'ops-2', name: 'Sun (sales ops)', role: ROLE.salesOperations },
      { id: 'finance-1', name: 'Zhou (finance)', role: ROLE.finance },
      { id: 'agent-2', name: 'Chu (CCP staff)', role: ROLE.ccpAgent },
    ],
  },
});
