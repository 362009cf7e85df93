import type { businessWorkflowDescriptions as zh } from '../zh/workflow-descriptions-business';

/** The business rules of the declared business workflows' charts, in English, keyed as the Chinese file is. */
export const businessWorkflowDescriptions: typeof zh = {
  approval: {
    inApproval:
      'Node n of the configured chain decides: agree, reject or return (with a reason), or forward.',
    'inApproval:approval.return:0':
      'Returned to the applicant, who edits and resubmits under the same number.',
    'inApproval:approval.forward:0': 'Forwarded to another approver of the same role; the node stays.',
    'inApproval:application.withdraw:0': 'The applicant may withdraw only before the first decision.',
    'approved:application.void:0': 'An approved application cancelled by the vendor becomes read-only.',
  },
  registration: {
    inReview:
      'Step n of the chain reviews (the person the configuration names, else anyone of its role): agree moves on, reject ends it, return asks for documents (a reason is required).',
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
      'Recorded with the inputs its kind needs; submitted by the applicant at once. Agent staff start renewal, senior certification and RSP/CCP conversion of their own company; suspension, blacklist and reinstatement are started by the vendor (STARTERS of the rules).',
    inApproval:
      'Node n of the configured chain decides: agree, reject or return (with a reason), or forward to a colleague of the same role.',
    approved: 'Applied; undone only by a new application.',
    'draft:application.submit:0':
      'Only an application the agent qualifies for: for instance, an RSP that supplies CCPs cannot become a CCP; a blacklisting needs a reason and ≥ 180 days.',
    'inApproval:approval.agree:0':
      'The last agreement applies the change to the agent in the same transaction.',
    'inApproval:approval.return:0': 'Back to the applicant, who resubmits under the same application.',
    'inApproval:approval.forward:0': 'Forwarded to another approver of the same role; the node stays.',
    'inApproval:application.withdraw:0':
      'The applicant takes a pending application back only before the first decision.',
  },
  orderApproval: {
    draft: 'Editable by the applicant; the order takes no stock and no credit yet.',
    inApproval:
      'Node n of the chain of the order type and amount band decides: agree, reject or return (with a reason), or forward to a colleague of the same role.',
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
    'inApproval:approval.forward:0': 'Forwarded to another approver of the same role; the node stays.',
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
      'Node n of the order approval chain of the new amount decides: agree, reject or return (with a reason), or forward to a colleague of the same role.',
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
    'inApproval:approval.forward:0': 'Forwarded to another approver of the same role; the node stays.',
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
      'Node n of the chain of the loan value’s band decides: agree, reject or return (with a reason), or forward to a colleague of the same role.',
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
    'inApproval:approval.forward:0': 'Forwarded to another approver of the same role; the node stays.',
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
    'partial:loan.markOverdue:0': 'The daily job: the due date has passed with units still out.',
    'partial:loan.return:0':
      'Goods back and inspected per line (good: restocked; damaged: scrapped, charged to the agent); never more than is still out of a line.',
    'partial:loan.convert:0':
      'The units stay with the customer and are sold: the server enters a loan-to-sale order for them in the same transaction and links it.',
    'partial:loan.requestVerification:0':
      'Every lent unit is returned or converted: finance is asked to write the loan off.',
    'toVerify:loan.verify:0': 'Written off: the loan and its records are closed.',
  },
  opportunityRegistration: {
    draft:
      'Created with end customer, product line, sales area and owner; the deal side edits it and submits it, or withdraws it.',
    submitted:
      'In the same transaction as the submission the server looks for a protected registration of the same end customer and product line: none → protected; one → conflict (the first to register wins).',
    conflict:
      'The province manager arbitrates: award the deal to this registration (the protected one is released) or keep the first (this one is rejected, with a reason).',
    protected:
      'Protected until the end date. A progress record at least every 30 days keeps it in good standing; the daily job marks it at risk otherwise and expires it at the end date. An owner change keeps the end date.',
    atRisk: 'No progress record for 30 days: a new one brings the protection back in good standing.',
    won: 'Stage won (100%); the attribution stays for rebates and targets.',
    closed: 'Lost or invalid; the reason is kept.',
    expired: 'The protection ended: the customer is open to a new registration.',
    released: 'Released by the vendor or lost in arbitration.',
    'protected:protection.extend:0':
      'One extension, with a reason: the end date moves on by the configured days.',
    'protected:protection.expire:0': 'The daily job, once the end date has passed.',
    'protected:deal.win:0': 'Won: the stage becomes won (100%) with the status.',
    'protected:deal.close:0': 'Lost or invalid, with a reason: the stage becomes lost.',
    'protected:protection.release:0':
      'Released by the channel or province manager, or by an arbitration lost (with a reason).',
    'atRisk:protection.expire:0': 'The daily job, once the end date has passed.',
    'atRisk:deal.win:0': 'Won: the stage becomes won (100%) with the status.',
    'atRisk:deal.close:0': 'Lost or invalid, with a reason: the stage becomes lost.',
    'atRisk:protection.release:0':
      'Released by the channel or province manager, or by an arbitration lost (with a reason).',
  },
  specialPrice: {
    draft: 'Saved by the agent; lines and justification still editable.',
    inApproval:
      'Each level of the chain chosen by the weighted depth decides; a level whose authority does not cover the depth agrees and passes it on.',
    returned: 'Editable again; resubmitted under the same number with the chain of its new depth.',
    approved: 'Valid until its end date; the bid result is recorded within 10 working days of bid opening.',
    won: 'Won: execution orders draw the approved lines.',
    executing: 'Some approved units are in execution orders; more may follow until none is left.',
    executed: 'Every approved unit is in an execution order.',
    'draft:application.submit:0':
      'Refused by the server unless the opportunity is protected, some line is below the standard price, and no earlier special price of the agent lacks its bid result 10 working days after bid opening.',
    'inApproval:approval.agree:0':
      'The level whose authority covers the depth approves: valid 90 days from today.',
    'inApproval:approval.return:0':
      'Back to the agent, who edits the lines and resubmits under the same number.',
    'inApproval:approval.forward:0': 'Forwarded to another approver of the same role; the node stays.',
    'inApproval:application.withdraw:0': 'The agent takes the request back only before the first decision.',
    'approved:bid.win:0': 'The bid was won.',
    'approved:bid.lose:0': 'The bid was lost or void: the price closes.',
    'won:execution.create:0':
      'An execution order was created: quantities within what is left, prices not below the approved ones, within validity.',
    'won:execution.createLast:0': 'The execution order that took the last approved units.',
    'executing:execution.create:0':
      'An execution order was created: quantities within what is left, prices not below the approved ones, within validity.',
    'executing:execution.createLast:0': 'The execution order that took the last approved units.',
  },
  commitmentLetter: {
    businessApproval:
      'Requested on a protected opportunity; the province manager confirms the bid is real and the agent the one to authorise.',
    complianceReview:
      'Sales operations checks template, wording and uniqueness. Standard wording goes to OA; wording off the template (or service years beyond the standard) must be co-signed by legal and service: a letter marked non-standard is never agreed here.',
    countersign:
      'Legal and service co-sign the non-standard clauses; their agreement pushes the letter to OA.',
    oaPending: 'Pushed to OA for the seal approval (the OA link is kept); its result is recorded here.',
    toStamp:
      'Approved in OA; the seal keeper stamps it and uploads the scan. Stamping without a scan is refused.',
    stamped: 'Stamped and immutable: the agent downloads the scan and confirms receipt.',
    done: 'Received; still immutable. Revoked (with a reason) when the bid or the agent changes.',
    returned: 'The applicant corrects the request and resubmits it, or withdraws it.',
    rejected: 'Not issued; the tender and brand are free again.',
    revoked: 'Revoked: no longer valid. A corrected letter is a re-issue, a new request.',
    'businessApproval:approval.return:0':
      'Back to the applicant with a reason; corrected and resubmitted under the same number.',
    'businessApproval:application.withdraw:0':
      'The applicant takes the request back before the first decision.',
    'complianceReview:approval.agree:0':
      'Standard wording only: a letter marked non-standard goes to the co-sign.',
    'complianceReview:approval.return:0':
      'Back to the applicant with a reason; corrected and resubmitted under the same number.',
    'countersign:approval.return:0':
      'Back to the applicant with a reason; corrected and resubmitted under the same number.',
  },
  rebatePolicy: {
    draft:
      'Entered by the channel management department or the sales operations desk: text, attachments, scope, tier table, exclusions, payout mode.',
    inApproval:
      'The executive decides: agrees (the policy is approved), rejects or returns it with a reason, or forwards it to another executive.',
    approved: 'Approved, not yet visible to agents.',
    superseded: 'Replaced by its published new version; kept, read-only, with the terms its tasks settle on.',
    'inApproval:approval.return:0': 'Returned to its author, who corrects it and submits it again.',
    'inApproval:approval.forward:0': 'Forwarded to another executive, who decides instead.',
    'inApproval:application.withdraw:0': 'The author may withdraw it before the first decision.',
    'approved:policy.publish:0':
      'Published by the channel management department or the sales operations desk: agents see it and must tick it as read; its parameters are frozen; the server writes the publication day.',
    'approved:policy.void:0':
      'Voided with a reason by the channel management department or the sales operations desk; its parameters stay as they were for the record.',
    'published:policy.read:0': 'Agent staff tick the policy as read; the view lists who read it and when.',
    'published:policy.takeEffect:0':
      'Its start date came (business day, Asia/Shanghai): the nightly job moves it, or the channel management department or the sales operations desk does; before the start date it is neither offered nor taken.',
    'published:policy.supersede:0':
      'Its new version was published: this one stops, tasks already set on it keep its frozen terms, new tasks take the new version.',
    'published:policy.void:0':
      'Voided with a reason by the channel management department or the sales operations desk; its parameters stay as they were for the record.',
    'effective:policy.read:0': 'Agent staff tick the policy as read; the view lists who read it and when.',
    'effective:policy.end:0':
      'Its end date passed: the nightly job ends it, or the channel management department or the sales operations desk does.',
    'effective:policy.supersede:0':
      'Its new version was published: this one stops, tasks already set on it keep its frozen terms, new tasks take the new version.',
    'effective:policy.void:0':
      'Voided with a reason by the channel management department or the sales operations desk; its parameters stay as they were for the record.',
  },
  rebateSettlement: {
    calculating:
      'The task runs: its achievement is computed every night and its rebate shown as an estimate. After the period closes, channel staff calculate the settlement.',
    vendorReview:
      'The sales operations desk checks the calculation: agrees, or voids it with a reason. Whoever calculated (or last recalculated) it does not review it: a colleague of the desk does.',
    awaitingAgent: 'The agent’s staff confirm the amount, or object to it with a reason.',
    disputed:
      'The sales operations desk answers the objection: recalculates (with an adjustment and its reason where due) and reviews again.',
    confirmed: 'Confirmed by the agent: finance posts the payable amount to the agent’s rebate account.',
    'calculating:settlement.calculate:0':
      'Calculated from the achievement and the tiers the policy froze at publication, from the day after the period’s end (business day, Asia/Shanghai); before it, neither offered nor taken.',
    'calculating:settlement.void:0': 'A task set in error is voided with a reason before it is settled.',
    'vendorReview:review.return:0':
      'Sent back to be calculated again (late orders or payments), with a reason.',
    'confirmed:settlement.post:0':
      'The ledger gets a post flow naming the settlement; the amount is usable until it expires.',
  },
  settlementSheet: {
    uploaded:
      'Every line was checked against its rebate task (the agent’s, of the period, confirmed, at its payable amount); agents do not see it yet.',
    published: 'Posted: each agent reads its own line; a correction is an adjustment of the ledger.',
    void: 'Voided with its reason; it holds no ledger flow.',
    'uploaded:sheet.publish:0':
      'Finance publishes it: each line is posted to its agent’s rebate account through its task’s settlement, and names the flow it wrote.',
    'uploaded:sheet.void:0':
      'Voided with a reason before anything was posted: its tasks and its file may be sent again.',
  },
  salesTask: {
    allocating:
      'The province office splits the target (quarters, months) and allocates it to RSPs and city managers; every line may change.',
    lateReview:
      'HQ decides whether a target set after its period began may stand; the target is locked and takes no lines meanwhile.',
    lateRefused: 'Refused with a reason: the late target stays closed and takes no lines.',
    voided:
      'Voided with its reason: its lines are removed and its year, province, brand line and indicator are free for the right target.',
    confirming:
      'RSPs confirm or object with a proposed figure and a reason; silence past the deadline auto-confirms (flagged).',
    inApproval: 'HQ decides; the target and its lines are locked.',
    approved: 'In effect and locked: rebates and STI read it. Changed only through an adjustment request.',
    adjustmentInApproval: 'HQ decides on the adjustment request; the package stays locked meanwhile.',
    'allocating:package.requestConfirmation:0':
      'Each RSP line is sent to its RSP with a deadline; the server opens one confirmation per line.',
    'allocating:always:0': 'A target set after its period began waits for HQ to allow it, with its reason.',
    'lateReview:late.agree:0':
      'Allowed: the late target is allocated, confirmed and approved like one set in time.',
    'allocating:package.void:0':
      'The province office voids a target entered in error, with a reason, while the package is still its own.',
    'confirming:package.void:0':
      'The province office voids a target entered in error, with a reason; open confirmations are withdrawn.',
    'confirming:package.reopen:0':
      'Back to allocation to change lines after objections; open confirmations are withdrawn.',
    'confirming:application.submit:0':
      'Submitted for approval: the server refuses it while a line is unanswered or the load bearing is outside 100–130%.',
    'inApproval:approval.agree:0':
      'Approved: the server checks the load bearing once more; the package and its lines lock.',
    'inApproval:approval.return:0':
      'Returned to the province office with a reason; the lines unlock for the change.',
    'inApproval:approval.forward:0': 'Forwarded to another approver of HQ.',
    'approved:adjustment.request:0':
      'The province office asks HQ to change an approved target, with a reason.',
    'adjustmentInApproval:adjustment.agree:0':
      'Agreed: the package unlocks for the change, then goes through confirmation and approval again.',
    'adjustmentInApproval:adjustment.forward:0': 'Forwarded to another approver of HQ.',
  },
  rspTaskConfirmation: {
    pending:
      'Sent to the RSP with a deadline; only the RSP the line names reads it, and it waits in its to-dos.',
    objected: 'The province office rules on the objection.',
    autoConfirmed: 'Confirmed by silence; the line shows the flag.',
    'pending:confirmation.object:0': 'An objection names the figure the RSP proposes and why.',
    'pending:confirmation.expire:0':
      'The deadline passed without an answer: confirmed by the daily job, and flagged.',
    'pending:confirmation.withdraw:0':
      'The package went back to allocation: this line is sent again once it is changed.',
    'objected:confirmation.accept:0':
      'The proposed figure becomes the line (written by the server in the same transaction).',
    'objected:confirmation.keep:0': 'The line stays as allocated, with the reason given to the RSP.',
    'objected:confirmation.withdraw:0':
      'The package went back to allocation: this line is sent again once it is changed.',
  },
  creditLimitChange: {
    draft: 'The sales operations desk names the new limits and the reason; submitted at once.',
    requested: 'Finance decides; the agent orders within its old limits meanwhile.',
    returned:
      'Back to the sales operations desk with finance’s reason: corrected and resubmitted, or withdrawn.',
    approved: 'The agent’s limits are the ones approved, until the next approval.',
    'draft:request.submit:0':
      'The new limits are amounts in yuan and the reason is written (the command’s schema).',
    'requested:review.agree:0': 'The new limits are written on the agent in the same transaction.',
  },
  cityManagerStiReview: {
    due: 'The quarter is over and the task was approved before it began: HQ calculates the STI from what the city manager achieved.',
    calculated: 'The executive reviews the figures; whoever calculated them does not.',
    reviewed: 'The channel department posts it for payroll; whoever calculated it does not.',
    returned: 'The channel department calculates it again from the records as they now stand.',
    'calculated:review.return:0': 'Returned with a reason, to be calculated again.',
    'reviewed:sti.post:0': 'Handed to payroll: a city manager’s STI is pay, not a rebate.',
  },
  rspStiReview: {
    calculated:
      'Calculated from what the RSP achieved on the line’s brand in the quarter; the executive reviews the figures, whoever calculated them does not.',
    reviewed: 'The channel department posts it to the RSP’s rebate account; whoever calculated it does not.',
    returned: 'The channel department calculates it again from the records as they now stand.',
    'calculated:review.return:0': 'Returned with a reason, to be calculated again.',
    'reviewed:sti.post:0': 'One STI flow on the RSP’s rebate account of the line’s brand, naming the STI.',
  },
  reportOpinion: {
    open: "Raised by the reviewer on the report or one of its lines; the reporting agent's staff reply (only their own company's opinions reach them).",
    replied: 'The agent replied; the reviewer who raised it closes it or reopens it with a reason.',
    closed: 'Settled; kept with its reply for both sides to read.',
    'open:opinion.withdraw:0': 'The reviewer takes the opinion back before the agent replies.',
    'replied:opinion.reopen:0': 'Not settled by the reply: back to the agent, the reason beside the opinion.',
  },
  agentReport: {
    notReported: 'Expected of the agent for the period; nothing imported or submitted yet.',
    draft: 'Lines are imported and edited; the server refuses them past the control date.',
    submitted: 'The channel manager of the province approves it or returns it with an opinion.',
    returned: 'The agent reads the opinion and corrects the lines; a change makes it a draft again.',
    overdue: 'Not reported by the control date: locked until a late-report request is approved.',
    approved: 'Approved and locked.',
    'notReported:report.open:0': 'Lines imported or entered: the report becomes a draft.',
    'notReported:report.submit:0':
      'A nil report: nothing to report for the period (refused past the control date).',
    'notReported:report.markOverdue:0': 'The control date passed without a submission.',
    'notReported:report.reopenLate:0':
      'A late-report request was approved: the agent may import and edit the period until the window ends; its lines are flagged late.',
    'draft:report.submit:0': 'Submitted for review: its lines are locked until a decision.',
    'draft:report.markOverdue:0': 'The control date (or the late window) passed without a submission.',
    'submitted:report.approve:0': 'Approved: its lines are locked for good.',
    'submitted:report.return:0': 'Back to the agent with the reviewer’s opinion.',
    'submitted:report.withdraw:0': 'Taken back before the decision, to change its lines.',
    'returned:report.reopenLate:0':
      'A late-report request was approved: the agent may import and edit the period until the window ends; its lines are flagged late.',
    'overdue:report.reopenLate:0':
      'A late-report request was approved: the agent may import and edit the period until the window ends; its lines are flagged late.',
  },
  lateReportRequest: {
    inApproval: 'Asked (or asked again) and waiting for the channel manager of the agent’s province.',
    returned: 'The applicant corrects the reason and asks again under the same number, or gives up.',
    approved: 'The late window is open until its end.',
    rejected: 'The period stays locked.',
    'inApproval:approval.agree:0':
      'Approved: the report opens for the agent until the window ends, in the same transaction.',
    'inApproval:approval.return:0': 'Back to the applicant for a better reason.',
    'inApproval:approval.forward:0': 'Forwarded to another channel manager; the request still waits.',
    'inApproval:application.withdraw:0': 'The applicant may withdraw before the first decision.',
  },
  visit: {
    planned:
      'Planned by the visitor with customer, type and planned time; the plan may be edited until the check-in.',
    inProgress: 'Checked in: the visit is under way.',
    toRecord: 'Checked out: the visitor writes the minutes (content, customer feedback, next step).',
    completed: 'Recorded: the province manager reviews it with a comment.',
    reviewed: 'Reviewed; a province manager may add further comments.',
    'planned:visit.checkIn:0':
      'On site: the server stamps the time and measures the distance from the customer site (over 500 m is flagged).',
    'planned:visit.cancel:0': 'Called off with a reason, by the visitor or by the province manager.',
    'planned:visit.miss:0': 'The daily job, once the planned day has passed without a check-in.',
    'inProgress:visit.checkOut:0':
      'The server stamps the time and the duration (under 10 minutes is flagged).',
    'inProgress:visit.abandon:0': 'The visitor breaks the visit off, with a reason.',
    'toRecord:visit.record:0':
      'Only with the minutes written; each linked opportunity gets a progress record from them.',
    'toRecord:visit.abandon:0': 'The visitor breaks the visit off, with a reason.',
  },
  dailyReport: {
    draft:
      'Written by the reporter; the server refuses a submission more than three days after the report day.',
    submitted: 'Submitted: the province manager reads it and may comment.',
    'draft:report.submit:0': 'After 23:59 of the report day it is marked late.',
    'draft:report.lock:0': 'The daily job, three days after the report day: not submitted.',
    'submitted:report.comment:0': 'The manager comments (reading it on the way, if not yet read).',
    'read:report.comment:0': 'The manager comments (reading it on the way, if not yet read).',
  },
};
