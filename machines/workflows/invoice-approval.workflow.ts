import { InvoicingApplicationStatus } from '../../domain/codes/payments.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import {
  type FinanceReviewContext,
  financeReviewWorkflow,
  FINANCE_REVIEW_PEOPLE as people,
} from './finance-review.builder';

/** An invoice application's workflow keeps the application's id; finance issues (notes §4.4: V_FIN). */
export type InvoiceApprovalContext = FinanceReviewContext<'applicationId'>;

/** What the application lists show of its workflow: dictionary InvoicingApplicationStatus. */
export const INVOICE_APPLICATION_STATUS: Record<string, string> = {
  financeReview: InvoicingApplicationStatus.financeReview,
  invoiced: InvoicingApplicationStatus.invoiced,
  returned: InvoicingApplicationStatus.returned,
  rejected: InvoicingApplicationStatus.rejected,
};

/**
 * An invoice application (KP, notes §4.4) from its submission to the invoice: finance reviews it,
 * enters the invoice numbers and dates on the application and agrees — then it is invoiced and
 * locked, and the orders' invoicing status follows — or returns it to the applicant, or rejects it
 * (its amounts then no longer count against the orders).
 */
export const { machine: invoiceApprovalWorkflow, declaration: invoiceApprovalDeclaration } =
  financeReviewWorkflow({
    name: 'invoiceApproval',
    subjectKey: 'applicationId',
    waiting: {
      state: 'financeReview',
      description:
        'Submitted (or resubmitted) and in finance review; finance enters the invoice number and date before agreeing.',
    },
    agreed: {
      state: 'invoiced',
      transition:
        'Invoiced: the application is locked with its invoice number; the orders move to partly invoiced or invoiced in the same transaction.',
      description: 'Invoiced and locked; a correction needs a red invoice.',
    },
    returnDescription:
      'Back to the applicant with a reason; the amounts still count against the orders until rejected.',
    forwardDescription: 'Forwarded to another finance colleague; the application stays in finance review.',
    returnedDescription:
      'The applicant resubmits the application under the same number, its amounts checked again.',
    rejectedDescription: 'Not invoiced: its amounts no longer count against the orders.',
    titleKey: 'page.ordersSetup.invoiceApproval',
    resource: 'invoice',
    numberPrefix: NUMBER_PREFIX.invoice,
    agreesOnIssued: true,
    status: { field: 'ApplicationStatus', codes: INVOICE_APPLICATION_STATUS },
    example: {
      applicant: people.ops,
      subjectId: '00000000-0000-4000-8000-000000000003',
      actors: [people.ops, people.finance, people.colleague, people.agent],
    },
  });
