import { type AnyMachineSnapshot, and, assign, setup } from 'xstate';
import { OrderChangeStatus } from '../../domain/codes/orders.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { ROLE } from '../../domain/roles';
import type { ActorEvent, WorkflowActor } from './actor';
import {
  type ChainDecisionEvent,
  type ChainProgress,
  type ChainStep,
  type ChainSubmission,
  chainDecider,
  chainGuards,
  decisions,
} from './approval.states';
import { AWAITING_DECISION, chainDecisionCommands, defineWorkflow, payloads } from './declaration';

export interface OrderChangeInput {
  changeId: string;
  /** The order's identity: it keeps its id through every revision (docs/order-changes.md). */
  orderId: string;
  /** The side that asks for the change (the agent's staff or sales operations): edits, submits, withdraws. */
  applicant: WorkflowActor;
  /** The role of the other side, which confirms or refuses: sales operations, or the agent's own role. */
  confirmerRole: string;
  /** The order approval chain of the changed amount, when the change needs approval; empty otherwise. */
  chain: ChainStep[];
}

export interface OrderChangeContext extends OrderChangeInput, ChainProgress {}

export type OrderChangeEvent =
  // What the server computed from the lines then: the approval chain, or none.
  | ({ type: 'change.submit' } & ChainSubmission & ActorEvent)
  | ({ type: 'change.confirm'; comment?: string } & ActorEvent)
  | ({ type: 'change.refuse'; reason: string } & ActorEvent)
  | ({ type: 'change.withdraw'; reason?: string } & ActorEvent)
  | ChainDecisionEvent;

const submitted = {
  guard: 'isApplicant' as const,
  target: 'awaitingConfirmation',
  description:
    'Refused by the server while another change of the order is open, when a line falls below what is shipped of it or the order below what is invoiced, or a price below what the line is entitled to.',
  actions: 'takeSubmission' as const,
};

const withdrawn = {
  guard: 'isApplicant' as const,
  target: 'withdrawn',
  description: 'The side that asked takes the change back; the order stays as it is.',
};

/**
 * An order change (notes §4.6, "modify → confirm"): the side that changes the order (the agent's staff
 * or sales operations) edits the new lines and header, the other side confirms or refuses it; a change
 * that raises the amount by more than 10 % or lowers a unit price then goes along the order approval
 * chain of its new amount. Applied, it makes the order's next revision (DD…-1, -2…) and keeps the old
 * one read-only; only one change of an order is open at a time.
 */
export const orderChangeWorkflow = setup({
  types: {
    context: {} as OrderChangeContext,
    events: {} as OrderChangeEvent,
    input: {} as OrderChangeInput,
  },
  guards: {
    ...chainGuards,
    isConfirmer: ({ context, event }) =>
      event.actor.role === context.confirmerRole && event.actor.id !== context.applicant.id,
    needsApproval: ({ context }) => context.chain.length > 0,
  },
  actions: {
    takeSubmission: assign(({ context, event }) => ({
      chain: (event as ChainSubmission).chain ?? context.chain,
      node: 0,
      reason: undefined,
      forwardedTo: undefined,
      forwardedToName: undefined,
    })),
    keepReason: assign({ reason: ({ event }) => (event as { reason?: string }).reason }),
    // A returned change is edited: whether it needs approval is computed again at its next submission.
    forgetChain: assign({ chain: [] as ChainStep[] }),
  },
}).createMachine({
  id: 'orderChange',
  context: ({ input }) => ({ ...input, node: 0, decisions: 0 }),
  initial: 'draft',
  states: {
    draft: {
      description:
        'Editable by the side that asks: the new lines (quantities, prices, products) and header (delivery date, receiver, invoice title).',
      on: { 'change.submit': submitted, 'change.withdraw': withdrawn },
    },
    awaitingConfirmation: {
      description:
        'The other side confirms or refuses: sales operations for an agent’s change, the agent’s staff for a vendor’s change.',
      tags: [AWAITING_DECISION],
      on: {
        'change.confirm': [
          {
            guard: and(['isConfirmer', 'needsApproval']),
            target: 'inApproval',
            description:
              'The amount rises by more than 10 % or a unit price falls: decided along the order approval chain of the new amount.',
          },
          {
            guard: 'isConfirmer',
            target: 'applied',
            description:
              'Applied at once: the order’s next revision is made with the new lines, the old one kept read-only.',
          },
        ],
        'change.refuse': {
          guard: and(['isConfirmer', 'hasReason']),
          target: 'rejected',
          actions: 'keepReason',
        },
        'change.withdraw': withdrawn,
      },
    },
    inApproval: {
      description:
        'Node n of the order approval chain of the new amount decides: agree, reject or return (with a reason), or forward to a colleague of the same role.',
      tags: [AWAITING_DECISION],
      on: {
        'approval.agree': [
          decisions.finish(
            and(['isCurrentApprover', 'isLastNode']),
            'applied',
            'The last agreement applies the change: the next revision, checked again against shipped quantities and invoiced amounts.',
          ),
          decisions.advance('isCurrentApprover', 'inApproval', true),
        ],
        'approval.reject': decisions.reject(and(['isCurrentApprover', 'hasReason']), 'rejected'),
        'approval.return': {
          ...decisions.giveBack(
            and(['isCurrentApprover', 'hasReason']),
            'returned',
            'Back to the side that asked, who edits and submits it again: the other side confirms it anew.',
          ),
          actions: [decisions.giveBack('isCurrentApprover', 'returned').actions, 'forgetChain'],
        },
        'approval.forward': decisions.forward(
          'isCurrentApprover',
          'Forwarded to another approver of the same role; the node stays.',
        ),
        'change.withdraw': {
          ...withdrawn,
          guard: and(['isApplicant', 'noDecisionYet']),
          description: 'Taken back only before the first decision of the approval.',
        },
      },
    },
    returned: {
      description: 'Editable again by the side that asked; submitted again, it waits for confirmation anew.',
      on: { 'change.submit': submitted, 'change.withdraw': withdrawn },
    },
    applied: {
      type: 'final',
      description: 'The order carries the new revision number and lines; the old revision is read-only.',
    },
    rejected: { type: 'final', description: 'Refused or rejected with a reason; the order stays as it is.' },
    withdrawn: { type: 'final' },
  },
});

/** OrderChangeStatus keywords (dictionary OrderChangeStatus) of each state. */
export const ORDER_CHANGE_STATUS: Record<string, string> = {
  draft: OrderChangeStatus.draft,
  returned: OrderChangeStatus.draft,
  awaitingConfirmation: OrderChangeStatus.toConfirm,
  inApproval: OrderChangeStatus.toApprove,
  applied: OrderChangeStatus.effective,
  rejected: OrderChangeStatus.refused,
  withdrawn: OrderChangeStatus.withdrawn,
};

/** The statuses of a change still open: an order has at most one such change. */
export const OPEN_CHANGE_STATUSES: string[] = [
  OrderChangeStatus.draft,
  OrderChangeStatus.toConfirm,
  OrderChangeStatus.toApprove,
];

/** Who decides now: the other side while it waits for confirmation, the chain's node in approval. */
function orderChangeDecider(snapshot: AnyMachineSnapshot) {
  const context = snapshot.context as OrderChangeContext;
  if (snapshot.value === 'awaitingConfirmation') return { role: context.confirmerRole };
  return chainDecider(snapshot);
}

/** What the change lists show of its workflow: the status, and the state the server's rules read. */
export function orderChangeProjection(snapshot: AnyMachineSnapshot) {
  const state = String(snapshot.value);
  return { ChangeStatus: ORDER_CHANGE_STATUS[state] ?? ORDER_CHANGE_STATUS.draft, ChangeState: state };
}

/** Order changes, asked on the order change modify page and confirmed on the order change confirm page (docs/order-changes.md). */
export const orderChangeDeclaration = defineWorkflow({
  name: 'orderChange',
  machine: orderChangeWorkflow,
  titleKey: 'page.ordersSetup.orderChangeConfirm',
  subject: { resource: 'orderChange', streams: 'onePerSubject' },
  numberPrefix: NUMBER_PREFIX.orderChange,
  // The approval chain is the order approval configuration's band of the new amount.
  chains: [],
  commands: {
    submit: { event: 'change.submit', payload: payloads.none },
    confirm: { event: 'change.confirm', payload: payloads.comment },
    refuse: { event: 'change.refuse', payload: payloads.reason, asks: 'reason' },
    withdraw: { event: 'change.withdraw', payload: payloads.optionalReason, asks: 'optionalReason' },
    ...chainDecisionCommands('approval'),
  },
  payloadGuards: ['hasReason'],
  decider: orderChangeDecider,
  projection: orderChangeProjection,
  example: {
    input: {
      changeId: '00000000-0000-4000-8000-000000000011',
      orderId: '00000000-0000-4000-8000-000000000001',
      applicant: { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
      confirmerRole: ROLE.salesOperations,
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
