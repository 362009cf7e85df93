import { and, assign, setup } from 'xstate';
import { ROLE } from '../../domain/roles';
import type { ActorEvent, WorkflowActor } from './actor';
import { type ChainProgress, type ChainStep, chainDecider, chainGuards, decisions } from './approval.states';
import { AWAITING_DECISION, chainDecisionCommands, defineWorkflow, payloads } from './declaration';

export interface PaymentApprovalInput {
  /** Finance decides; one node (DOMAIN.md Orders: "payment confirmation by finance"). */
  chain: ChainStep[];
  /** Who registered the receipt: the one it is returned to, who corrects and resubmits it. */
  applicant: WorkflowActor;
  receiptId: string;
}

export interface PaymentApprovalContext extends PaymentApprovalInput, ChainProgress {}

export type PaymentApprovalEvent =
  | ({ type: 'application.submit' } & ActorEvent)
  | ({ type: 'approval.agree'; comment?: string } & ActorEvent)
  | ({ type: 'approval.reject'; reason: string } & ActorEvent)
  | ({ type: 'approval.return'; reason: string } & ActorEvent)
  | ({ type: 'approval.forward'; to: string; toName?: string } & ActorEvent);

/**
 * A receipt (a payment received) from its registration to finance's confirmation (notes §4.3): registered and
 * allocated to orders, it waits for finance, who confirms it — then it is locked, no edit and no
 * re-allocation, and the orders' payment status follows its allocations — or returns it for a
 * correction, or rejects it (its allocations then count for nothing).
 */
export const paymentApprovalWorkflow = setup({
  types: {
    context: {} as PaymentApprovalContext,
    events: {} as PaymentApprovalEvent,
    input: {} as PaymentApprovalInput,
  },
  guards: chainGuards,
}).createMachine({
  id: 'paymentApproval',
  context: ({ input }) => ({ ...input, node: 0, decisions: 0 }),
  initial: 'inApproval',
  states: {
    inApproval: {
      description:
        'Registered (or resubmitted) and waiting for finance; still editable, its allocations counted against the orders as pending.',
      tags: [AWAITING_DECISION],
      on: {
        'approval.agree': decisions.finish(
          and(['isCurrentApprover', 'isLastNode']),
          'approved',
          'Confirmed: the receipt and its allocations are locked; the orders it pays move to partly paid or paid in the same transaction.',
        ),
        'approval.reject': decisions.reject(and(['isCurrentApprover', 'hasReason']), 'rejected'),
        'approval.return': decisions.giveBack(
          and(['isCurrentApprover', 'hasReason']),
          'returned',
          'Back to the registrant with a reason: amount, payer or allocations to correct.',
        ),
        'approval.forward': decisions.forward(
          'isCurrentApprover',
          'Forwarded to another finance colleague; the receipt still waits for finance.',
        ),
      },
    },
    returned: {
      description:
        'The registrant corrects the receipt or its allocations and resubmits it under the same number.',
      on: {
        'application.submit': {
          guard: 'isApplicant',
          target: 'inApproval',
          actions: assign({ node: 0, reason: undefined, forwardedTo: undefined, forwardedToName: undefined }),
        },
      },
    },
    approved: { type: 'final', description: 'Confirmed and locked; a correction needs a new receipt.' },
    rejected: { type: 'final', description: 'Not a payment: its allocations no longer count.' },
  },
});

/** What the receipt lists show of its workflow: dictionary PaymentConfirmStatus. */
export const CONFIRM_STATUS: Record<string, string> = {
  inApproval: '111',
  approved: '121',
  returned: '131',
  rejected: '141',
};

/** States in which a receipt may still be edited and (re)allocated. */
export const OPEN_PAYMENT_STATES = ['inApproval', 'returned'];

export const paymentApprovalDeclaration = defineWorkflow({
  name: 'paymentApproval',
  machine: paymentApprovalWorkflow,
  titleKey: 'page.ordersSetup.paymentApproval',
  subject: { resource: 'payment', streams: 'onePerSubject' },
  numberPrefix: 'HK',
  chains: [],
  commands: {
    ...chainDecisionCommands('approval'),
    resubmit: { event: 'application.submit', payload: payloads.none },
  },
  payloadGuards: ['hasReason'],
  decider: chainDecider,
  projection: (snapshot) => ({ ConfirmStatus: CONFIRM_STATUS[String(snapshot.value)] ?? null }),
  example: {
    input: {
      chain: [ROLE.finance],
      applicant: { id: 'finance-1', name: 'Liu (finance)', role: ROLE.finance },
      receiptId: '00000000-0000-4000-8000-000000000002',
    },
    actors: [
      { id: 'finance-1', name: 'Liu (finance)', role: ROLE.finance },
      { id: 'finance-2', name: 'Sun (finance)', role: ROLE.finance },
      { id: 'ops-1', name: 'Zhao (sales ops)', role: ROLE.salesOperations },
      { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
    ],
  },
});
