import { and, assign, setup } from 'xstate';
import { ROLE } from '../../domain/roles';
import type { ActorEvent, WorkflowActor } from './actor';
import { type ChainProgress, type ChainStep, chainDecider, chainGuards, decisions } from './approval.states';
import { AWAITING_DECISION, chainDecisionCommands, defineWorkflow, payloads } from './declaration';

export interface InvoiceApprovalInput {
  /** Finance reviews and issues the invoice; one node (notes §4.4: V_FIN issues). */
  chain: ChainStep[];
  /** Who applied: the one a returned application goes back to. */
  applicant: WorkflowActor;
  applicationId: string;
}

export interface InvoiceApprovalContext extends InvoiceApprovalInput, ChainProgress {}

export type InvoiceApprovalEvent =
  | ({ type: 'application.submit' } & ActorEvent)
  | ({ type: 'approval.agree'; comment?: string } & ActorEvent)
  | ({ type: 'approval.reject'; reason: string } & ActorEvent)
  | ({ type: 'approval.return'; reason: string } & ActorEvent)
  | ({ type: 'approval.forward'; to: string; toName?: string } & ActorEvent);

/**
 * An invoice application (KP, notes §4.4) from its submission to the invoice: finance reviews it,
 * enters the invoice numbers and dates on the application and agrees — then it is invoiced and
 * locked, and the orders' invoicing status follows — or returns it to the applicant, or rejects it
 * (its amounts then no longer count against the orders).
 */
export const invoiceApprovalWorkflow = setup({
  types: {
    context: {} as InvoiceApprovalContext,
    events: {} as InvoiceApprovalEvent,
    input: {} as InvoiceApprovalInput,
  },
  guards: chainGuards,
}).createMachine({
  id: 'invoiceApproval',
  context: ({ input }) => ({ ...input, node: 0, decisions: 0 }),
  initial: 'financeReview',
  states: {
    financeReview: {
      description:
        'Submitted (or resubmitted) and in finance review; finance enters the invoice number and date before agreeing.',
      tags: [AWAITING_DECISION],
      on: {
        'approval.agree': decisions.finish(
          and(['isCurrentApprover', 'isLastNode']),
          'invoiced',
          'Invoiced: the application is locked with its invoice number; the orders move to partly invoiced or invoiced in the same transaction.',
        ),
        'approval.reject': decisions.reject(and(['isCurrentApprover', 'hasReason']), 'rejected'),
        'approval.return': decisions.giveBack(
          and(['isCurrentApprover', 'hasReason']),
          'returned',
          'Back to the applicant with a reason; the amounts still count against the orders until rejected.',
        ),
        'approval.forward': decisions.forward(
          'isCurrentApprover',
          'Forwarded to another finance colleague; the application stays in finance review.',
        ),
      },
    },
    returned: {
      description:
        'The applicant resubmits the application under the same number, its amounts checked again.',
      on: {
        'application.submit': {
          guard: 'isApplicant',
          target: 'financeReview',
          actions: assign({ node: 0, reason: undefined, forwardedTo: undefined, forwardedToName: undefined }),
        },
      },
    },
    invoiced: { type: 'final', description: 'Invoiced and locked; a correction needs a red invoice.' },
    rejected: { type: 'final', description: 'Not invoiced: its amounts no longer count against the orders.' },
  },
});

/** What the application lists show of its workflow: dictionary InvoicingApplicationStatus. */
export const INVOICE_APPLICATION_STATUS: Record<string, string> = {
  financeReview: '121',
  invoiced: '131',
  returned: '161',
  rejected: '171',
};

export const invoiceApprovalDeclaration = defineWorkflow({
  name: 'invoiceApproval',
  machine: invoiceApprovalWorkflow,
  titleKey: 'page.ordersSetup.invoiceApproval',
  subject: { resource: 'invoice', streams: 'onePerSubject' },
  numberPrefix: 'KP',
  chains: [],
  commands: {
    ...chainDecisionCommands('approval'),
    resubmit: { event: 'application.submit', payload: payloads.none },
  },
  payloadGuards: ['hasReason'],
  decider: chainDecider,
  projection: (snapshot) => ({
    ApplicationStatus: INVOICE_APPLICATION_STATUS[String(snapshot.value)] ?? null,
  }),
  example: {
    input: {
      chain: [ROLE.finance],
      applicant: { id: 'ops-1', name: 'Zhao (sales ops)', role: ROLE.salesOperations },
      applicationId: '00000000-0000-4000-8000-000000000003',
    },
    actors: [
      { id: 'ops-1', name: 'Zhao (sales ops)', role: ROLE.salesOperations },
      { id: 'finance-1', name: 'Liu (finance)', role: ROLE.finance },
      { id: 'finance-2', name: 'Sun (finance)', role: ROLE.finance },
      { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
    ],
  },
});
