/** The business rules of the charts of customers, agents and orders, in English (see workflow-descriptions.ts). */
export const customersOrdersWorkflowDescriptions: Record<string, Record<string, string>> = {
  approval: {
    inApproval:
      'The approver of the current step of the configured chain decides: agree, reject or return (with a reason), or forward.',
    'inApproval:approval.return:0':
      'Returned to the applicant, who edits and resubmits under the same number.',
    'inApproval:approval.forward:0': 'Forwarded to another approver of the same role; the step stays.',
    'inApproval:application.withdraw:0': 'The applicant may withdraw only before the first decision.',
    'approved:application.void:0': 'An approved application cancelled by the vendor becomes read-only.',
  },
  registration: {
    inReview:
      'The chain’s steps review in turn (each the person the configuration names, else anyone of its role): agree moves on, reject ends it, return asks for documents (a reason is required).',
    supplement:
      'Returned for documents: the applicant completes the application and resubmits it under the same number, or withdraws it.',
    toSign:
      'Approved: the agreement from the enabled template is signed, and the agent and its account are created.',
    'inReview:review.forward:0': 'Forwarded to another reviewer of the same role; the step stays.',
    'inReview:application.withdraw:0':
      'The applicant may withdraw only before the first decision (a resubmitted application has had one).',
  },
  customerChange: {
    draft:
      'Recorded with the inputs its kind needs; submitted by the applicant at once. Agent staff start renewal, senior certification and RSP/CCP conversion of their own company; suspension, blacklist and reinstatement are started by the vendor (as the rules name who starts each kind).',
    inApproval:
      'The approver of the current step of the configured chain decides: agree, reject or return (with a reason), or forward to a colleague of the same role.',
    approved: 'Applied; undone only by a new application.',
    'draft:application.submit:0':
      'Only an application the agent qualifies for: for instance, an RSP that supplies CCPs cannot become a CCP; a blacklisting needs a reason and ≥ 180 days.',
    'inApproval:approval.agree:0':
      'The last agreement applies the change to the agent in the same transaction.',
    'inApproval:approval.return:0': 'Back to the applicant, who resubmits under the same application.',
    'inApproval:approval.forward:0': 'Forwarded to another approver of the same role; the step stays.',
    'inApproval:application.withdraw:0':
      'The applicant takes a pending application back only before the first decision.',
  },
  creditLimitChange: {
    draft: 'The sales operations desk names the new limits and the reason; submitted at once.',
    requested: 'Finance decides; the agent orders within its old limits meanwhile.',
    returned:
      'Back with finance’s reason to whoever asked, in their to-do: corrected and resubmitted, or withdrawn.',
    approved: 'The agent’s limits are the ones approved, until the next approval.',
    'draft:request.submit:0':
      'The new limits are amounts in yuan and the reason is written (the command’s schema).',
    'requested:review.agree:0': 'The new limits are written on the agent in the same transaction.',
  },
  orderApproval: {
    draft: 'Editable by the applicant; the order takes no stock and no credit yet.',
    inApproval:
      'The approver of the current step of the chain of the order type and amount band decides: agree, reject or return (with a reason), or forward to a colleague of the same role.',
    returned:
      'Editable again and in the applicant’s to-do; resubmitted under the same number, read against the chain of its band then.',
    withdrawn: 'Back in the applicant’s hands as a draft; submitted again or cancelled.',
    approved: 'Effective: released to payment, delivery and invoicing.',
    'draft:application.submit:0':
      'Refused by the server when no enabled band of the order type covers the amount, when the amount passes the agent’s available credit, or when a prepay agent’s order exceeds the credit limit.',
    'draft:order.cancel:0': 'The applicant cancels an order that has not taken effect, saying why.',
    'inApproval:approval.agree:0':
      'The last agreement releases the order: refused while the credit terms are broken (overdue, over the limit) or, for a prepay agent, while confirmed payment is below the order amount.',
    'inApproval:approval.return:0':
      'Back to the applicant, who edits the order and resubmits it under the same number.',
    'inApproval:approval.forward:0': 'Forwarded to another approver of the same role; the step stays.',
    'inApproval:application.withdraw:0': 'The applicant takes the order back only before the first decision.',
    'returned:order.cancel:0': 'The applicant cancels an order that has not taken effect, saying why.',
    'withdrawn:order.cancel:0': 'The applicant cancels an order that has not taken effect, saying why.',
    'approved:order.cancel:0':
      'The sales operations desk cancels an effective order with a reason; the server refuses once anything was paid or shipped.',
  },
  orderChange: {
    draft:
      'Editable by the side that asks: the new lines (quantities, prices, products) and header (delivery date, receiver, invoice title).',
    awaitingConfirmation:
      'The other side confirms or refuses: sales operations for an agent’s change, the agent’s staff for a vendor’s change.',
    inApproval:
      'The approver of the current step of the order approval chain of the new amount decides: agree, reject or return (with a reason), or forward to a colleague of the same role.',
    returned: 'Editable again by the side that asked; submitted again, it waits for confirmation anew.',
    applied: 'The order carries the new revision number and lines; the old revision is read-only.',
    rejected: 'Refused or rejected with a reason; the order stays as it is.',
    'draft:change.submit:0':
      'Refused by the server while another change of the order is open, when a line falls below what is shipped of it or the order below what is invoiced, or a price below what the line is entitled to.',
    'draft:change.withdraw:0': 'The side that asked takes the change back; the order stays as it is.',
    'awaitingConfirmation:change.confirm:0':
      'The amount rises by more than 10 % or a unit price falls: decided along the order approval chain of the new amount.',
    'awaitingConfirmation:change.confirm:1':
      'Applied at once: the order’s next revision is made with the new lines, the old one kept read-only.',
    'awaitingConfirmation:change.withdraw:0':
      'The side that asked takes the change back; the order stays as it is.',
    'inApproval:approval.agree:0':
      'The last agreement applies the change: the next revision, checked again against shipped quantities and invoiced amounts.',
    'inApproval:approval.return:0':
      'Back to the side that asked, who edits and submits it again: the other side confirms it anew.',
    'inApproval:approval.forward:0': 'Forwarded to another approver of the same role; the step stays.',
    'inApproval:change.withdraw:0': 'Taken back only before the first decision of the approval.',
    'returned:change.submit:0':
      'Refused by the server while another change of the order is open, when a line falls below what is shipped of it or the order below what is invoiced, or a price below what the line is entitled to.',
    'returned:change.withdraw:0': 'The side that asked takes the change back; the order stays as it is.',
  },
  paymentApproval: {
    inApproval:
      'Registered (or resubmitted) and waiting for finance; still editable, its allocations counted against the orders as pending.',
    returned:
      'The registrant corrects the receipt or its allocations and resubmits it under the same number.',
    approved: 'Confirmed and locked; a correction needs a new receipt.',
    rejected: 'Not a payment: its allocations no longer count.',
    'inApproval:approval.agree:0':
      'Confirmed: the receipt and its allocations are locked; the orders it pays move to partly paid or paid in the same transaction.',
    'inApproval:approval.return:0':
      'Back to the registrant with a reason: amount, payer or allocations to correct.',
    'inApproval:approval.forward:0':
      'Forwarded to another finance colleague; the receipt still waits for finance.',
  },
  invoiceApproval: {
    financeReview:
      'Submitted (or resubmitted) and in finance review; finance enters the invoice number and date before agreeing.',
    returned: 'The applicant resubmits the application under the same number, its amounts checked again.',
    invoiced: 'Invoiced and locked; a correction needs a red invoice.',
    rejected: 'Not invoiced: its amounts no longer count against the orders.',
    'financeReview:approval.agree:0':
      'Invoiced: the application is locked with its invoice number; the orders move to partly invoiced or invoiced in the same transaction.',
    'financeReview:approval.return:0':
      'Back to the applicant with a reason; the amounts still count against the orders until rejected.',
    'financeReview:approval.forward:0':
      'Forwarded to another finance colleague; the application stays in finance review.',
  },
  loanOrder: {
    inApproval:
      'The approver of the current step of the chain of the loan value’s band decides: agree, reject or return (with a reason), or forward to a colleague of the same role.',
    withdrawn: 'Taken back by the applicant; nothing was lent.',
    rejected: 'Refused; nothing was lent.',
    approved: 'Approved and waiting for the warehouse to ship it.',
    onLoan: 'With the agent or its end user until the due date (or the extension).',
    overdue: 'Past its due date with units still out; new loans of the agent are refused.',
    partial: 'Part returned or converted; what is still out keeps its due date.',
    toVerify: 'Finance checks lent = returned + converted + scrapped and writes the loan off.',
    verified: 'Written off: every lent unit returned, scrapped or sold.',
    'inApproval:approval.agree:0': 'The last agreement releases the loan to the warehouse.',
    'inApproval:approval.return:0':
      'Back to the applicant, who corrects the terms and resubmits under the same number.',
    'inApproval:approval.forward:0': 'Forwarded to another approver of the same role; the step stays.',
    'inApproval:application.withdraw:0': 'The applicant takes the loan back only before the first decision.',
    'approved:loan.ship:0':
      'Shipped: the lend date is the business day it leaves; the loan is out until its due date.',
    'onLoan:loan.markOverdue:0':
      'The daily job: the due date has passed. The agent may take no new loan until it is settled.',
    'onLoan:loan.return:0':
      'Goods back and inspected per line (good: restocked; damaged: scrapped, charged to the agent); never more than is still out of a line.',
    'onLoan:loan.convert:0':
      'The units stay with the customer and are sold: the server enters a loan-to-sale order for them in the same transaction and links it.',
    'overdue:loan.extend:0': 'An extension to a later due date: out of overdue, part of it already settled.',
    'overdue:loan.extend:1': 'An extension to a later due date: on loan again.',
    'overdue:loan.return:0':
      'Goods back and inspected per line (good: restocked; damaged: scrapped, charged to the agent). Still overdue while anything is out: the next daily run marks it again.',
    'overdue:loan.convert:0':
      'The units stay with the customer and are sold: the server enters a loan-to-sale order for them in the same transaction and links it.',
    'overdue:loan.undoConversion:0':
      'A loan-to-sale order let go (cancelled or rejected): its units are out again, and still overdue.',
    'partial:loan.markOverdue:0': 'The daily job: the due date has passed with units still out.',
    'partial:loan.return:0':
      'Goods back and inspected per line (good: restocked; damaged: scrapped, charged to the agent); never more than is still out of a line.',
    'partial:loan.convert:0':
      'The units stay with the customer and are sold: the server enters a loan-to-sale order for them in the same transaction and links it.',
    'partial:loan.requestVerification:0':
      'Every lent unit is returned or converted: finance is asked to write the loan off.',
    'partial:loan.undoConversion:0':
      'A loan-to-sale order let go (cancelled or rejected): its units are out again, to be returned or sold anew.',
    'partial:always:0':
      'Nothing is returned or sold any more (the only sale was let go): the loan is simply on loan again.',
    'toVerify:loan.verify:0': 'Written off: the loan and its records are closed.',
    'toVerify:loan.undoConversion:0':
      'A loan-to-sale order let go (cancelled or rejected): its units are out again, so the loan is not written off.',
  },
};
