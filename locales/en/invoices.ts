import { ordersSetup } from './pages/ordersSetup';

/** Invoicing: applications, finance's review, the invoice details per order. */
export const invoices = {
  pages: {
    invoiceEdit: 'Invoice application',
    invoiceReview: 'Invoice review',
  },
  fields: {
    invoice: {
      ...ordersSetup.fields.invoice,
      AgentName: 'Agent',
      BankName: 'Bank',
      BankAccount: 'Bank account',
      RegisteredAddress: 'Registered address',
      RegisteredPhone: 'Registered phone',
      ApprovalNode: 'Approval step',
      ApprovedOn: 'Reviewed on',
    },
    invoiceDetail: {
      InvoiceNumber: 'Invoice number',
      InvoiceApplyNo: 'Invoice application no.',
      OrderNo: 'Order no.',
      AgentName: 'Agent',
      InvoiceType: 'Invoice type',
      InvoiceAmount: 'Invoice amount (CNY)',
      DiscountAmount: 'Rebate discount (CNY)',
      TaxAmount: 'Tax (CNY)',
      InvoiceDate: 'Invoice date',
      TrackingNo: 'Courier tracking no.',
      ApplicationStatus: 'Application status',
    },
  },
  /** What the application form tells under a field (views/kit/record-page.tsx); lists keep the label. */
  hints: {
    OrderNo: 'One or more orders, comma separated',
    InvoiceAmount: 'For a single order only; blank invoices all it may',
  },
  problems: {
    notEffective: 'order {{no}} is not effective yet; it cannot be invoiced',
    nothingInvoiceable:
      'order {{no}} has nothing to invoice yet (pay before invoice: confirmed paid {{paid}}, invoiced or applied for {{invoiced}}); apply once payment is confirmed',
    amountNotPositive: 'must be above 0',
    overInvoiceable:
      'order {{no}}: {{amount}} is more than the {{max}} it may be invoiced (pay before invoice: confirmed payments {{paid}} − invoiced or applied for {{invoiced}})',
    otherAgent: 'order {{no}} is not an order of {{agent}}; one application invoices the orders of one agent',
    duplicateOrder: 'order {{no}} is named twice',
    noAgent: 'order {{no}} has no agent',
    onePerOrder: 'leave it blank for several orders: each is invoiced for all it may',
    tooMany: 'an application invoices at most {{max}} orders',
    invoiceNumber: 'an invoice number has at most 40 characters',
  },
  /** The decision panel of an application (invoiceApproval). */
  decision: {
    title: 'Invoice review',
    commands: { agree: 'Invoice' },
    states: { financeReview: 'In finance review', invoiced: 'Invoiced' },
  },
  errors: {
    locked: 'Invoice application {{no}} was invoiced or rejected; it cannot be changed',
    financeOnly: 'The invoice number and date are entered by finance',
  },
};
