/** Payments: registration, allocation to orders, third-party payment agreements, the flow report. */
export const payments = {
  pages: {
    paymentEdit: 'Register payment',
    paymentDetail: 'Payment details',
    agentReceiptDetail: 'My receipt',
    paymentAllocations: 'Payment allocation',
    paymentAllocationEdit: 'Allocate to an order',
    payerAgreements: 'Third-party payment agreements',
    payerAgreementEdit: 'Edit third-party payment agreement',
  },
  fields: {
    paymentAllocation: {
      PaymentNo: 'Payment no.',
      OrderNo: 'Order no.',
      AgentName: 'Agent',
      AllocatedAmount: 'Allocated (CNY)',
    },
    payerAgreement: {
      AgentName: 'Agent',
      PayerName: 'Paid by',
      ValidFrom: 'Valid from',
      ValidTo: 'Valid to',
      Enabled: 'Enabled',
    },
    paymentFlow: {
      PaymentNo: 'Payment no.',
      AgentName: 'Agent',
      ProvinceName: 'Province',
      OrderChannel: 'Order line',
      OrderNo: 'Orders paid',
      PaymentMethod: 'Payment method',
      PaymentAmount: 'Payment amount (CNY)',
      AllocatedAmount: 'Allocated (CNY)',
      UnallocatedAmount: 'Prepayment balance (CNY)',
      PaymentDate: 'Payment date',
      ConfirmedOn: 'Confirmed at',
      ConfirmStatus: 'Confirmation status',
    },
  },
  problems: {
    noSuchAgent: 'no such agent; choose one from the agent list',
    payerNotAgent:
      'must be the agent itself ({{agent}}) or a payer with a third-party payment agreement valid on the payment date',
    notPositive: 'must be more than 0',
    belowAllocated: 'cannot be less than the {{allocated}} already allocated',
    agentHasAllocations:
      'the payment is allocated to orders; remove the allocations before changing the agent',
    overReceipt: 'allocations total {{total}}, more than the payment amount {{max}}',
    overOutstanding: 'more than the {{max}} order {{no}} still has open',
    otherAgent: 'order {{no}} is not an order of {{agent}}',
    notPayable: 'order {{no}} is rejected or cancelled: no payment can be allocated to it',
    duplicateOrder: 'order {{no}} is already allocated from this payment',
    tooMany: 'a payment is allocated to at most {{max}} orders',
  },
  /** The decision panel of a receipt (paymentApproval). */
  decision: { title: 'Payment confirmation', commands: { agree: 'Confirm payment' } },
  errors: {
    locked: 'Payment {{no}} was confirmed or rejected by finance; it cannot be changed or re-allocated',
  },
};
