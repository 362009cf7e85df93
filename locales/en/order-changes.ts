import type { orderChanges as zh } from '../zh/order-changes';

/** Order changes: the workflow's words, the server's refusals and the change pages. */
export const orderChanges: typeof zh = {
  guards: {
    isConfirmer: 'the other side confirms',
    needsApproval: 'needs approval (amount up by more than 10 % or a unit price down)',
    isEditableDraft: 'an editable draft',
    isSaved: 'saved',
  },
  decision: {
    title: 'Order change',
    commands: {
      submit: 'Send for confirmation',
      confirm: 'Confirm change',
      refuse: 'Refuse change',
      withdraw: 'Withdraw change',
    },
    states: {
      draft: 'Draft',
      awaitingConfirmation: 'To confirm',
      inApproval: 'To approve',
      returned: 'Returned',
      applied: 'Effective',
      rejected: 'Refused',
      withdrawn: 'Withdrawn',
    },
  },
  saved: 'Order change saved',
  refusals: {
    openChange:
      'Order {{order}} already has an open change {{change}}; an order has one open change at a time',
    superseded: 'Order {{order}} was changed into revision {{revision}}; the old revision is read-only',
    notEffective: 'Only an effective order can be changed (order {{order}})',
    partnerLine: 'Partner-line orders are not changed in the portal',
    notRequester: 'Only the agent itself or sales operations may ask for an order change',
    notOwnOrder:
      'Order {{order}} is not your company’s: a change is asked for by the agent that ordered or by sales operations',
    notEditable: 'Order change {{no}} was submitted and can no longer be edited',
    notOwner: 'Only the side that asked for the change may edit it',
    belowShipped: 'Line {{line}}: {{field}} cannot be less than the {{shipped}} already shipped',
    removedShipped: 'Line {{line}} has {{shipped}} shipped and cannot be removed',
    otherProduct: 'Line {{line}}: the product of an existing line cannot change; remove it and add a line',
    loanToSaleLines:
      'Line {{line}}: the lines of a loan-to-sale order are the loaned units sold; a change cannot add or remove a line or change its quantity or price. To sell fewer, cancel the order and convert again',
    unknownLine: 'Line {{line}}: the order has no such line',
    belowInvoiced:
      'The changed payable amount {{amount}} yuan is below the {{invoiced}} yuan already invoiced; reverse the invoice first',
    rebateOverAmount:
      'The changed amount {{amount}} yuan is below the rebate and cash discount {{deducted}} yuan the order deducts',
  },
  page: {
    lines: 'Changed lines',
    reload: 'Read again',
    history: 'Change history',
    noHistory: 'Not submitted yet',
    chooseOrder: 'Enter the order number first',
    loadLines: 'Read the order lines',
    columns: {
      line: 'Line',
      product: 'Product code',
      name: 'Product name',
      before: 'Quantity before',
      shipped: 'Shipped',
      quantity: 'Quantity after',
      oldPrice: 'Unit price before (yuan)',
      unitPrice: 'Unit price after (yuan)',
      amount: 'Amount after (yuan)',
      remove: 'Remove',
      at: 'Time',
      actor: 'By',
      role: 'Role',
      action: 'Action',
      reason: 'Comment',
    },
    added: 'New',
    addLine: 'Add a line: find a product by part number, name or model',
    removed: 'Removed',
    restore: 'Restore',
    events: {
      change: { submit: 'Submitted', confirm: 'Confirmed', refuse: 'Refused', withdraw: 'Withdrawn' },
      approval: { agree: 'Agreed', reject: 'Rejected', return: 'Returned', forward: 'Forwarded' },
    },
  },
};
