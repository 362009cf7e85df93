import { PaymentConfirmStatus } from '../../domain/codes/payments.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import {
  type FinanceReviewContext,
  financeReviewWorkflow,
  FINANCE_REVIEW_PEOPLE as people,
} from './finance-review.builder';

/** A receipt's workflow keeps the receipt's id; finance decides on one node (DOMAIN.md Orders). */
export type PaymentApprovalContext = FinanceReviewContext<'receiptId'>;

/** What the receipt lists show of its workflow: dictionary PaymentConfirmStatus. */
export const CONFIRM_STATUS: Record<string, string> = {
  inApproval: PaymentConfirmStatus.awaitingFinance,
  approved: PaymentConfirmStatus.confirmed,
  returned: PaymentConfirmStatus.returned,
  rejected: PaymentConfirmStatus.rejected,
};

/** States in which a receipt may still be edited and (re)allocated. */
export const OPEN_PAYMENT_STATES = ['inApproval', 'returned'];

/**
 * A receipt (a payment received) from its registration to finance's confirmation (notes §4.3): registered and
 * allocated to orders, it waits for finance, who confirms it — then it is locked, no edit and no
 * re-allocation, and the orders' payment status follows its allocations — or returns it for a
 * correction, or rejects it (its allocations then count for nothing).
 */
export const { machine: paymentApprovalWorkflow, declaration: paymentApprovalDeclaration } =
  financeReviewWorkflow({
    name: 'paymentApproval',
    subjectKey: 'receiptId',
    waiting: {
      state: 'inApproval',
      description:
        'Registered (or resubmitted) and waiting for finance; still editable, its allocations counted against the orders as pending.',
    },
    agreed: {
      state: 'approved',
      transition:
        'Confirmed: the receipt and its allocations are locked; the orders it pays move to partly paid or paid in the same transaction.',
      description: 'Confirmed and locked; a correction needs a new receipt.',
    },
    returnDescription: 'Back to the registrant with a reason: amount, payer or allocations to correct.',
    forwardDescription: 'Forwarded to another finance colleague; the receipt still waits for finance.',
    returnedDescription:
      'The registrant corrects the receipt or its allocations and resubmits it under the same number.',
    rejectedDescription: 'Not a payment: its allocations no longer count.',
    titleKey: 'page.ordersSetup.paymentApproval',
    resource: 'payment',
    numberPrefix: NUMBER_PREFIX.payment,
    status: { field: 'ConfirmStatus', codes: CONFIRM_STATUS },
    example: {
      applicant: people.finance,
      subjectId: '00000000-0000-4000-8000-000000000002',
      actors: [people.finance, people.colleague, people.ops, people.agent],
    },
  });
