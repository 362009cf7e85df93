/** The business rules of the charts of opportunities, special prices, letters and rebates, in English (see workflow-descriptions.ts). */
export const opportunitiesRebatesWorkflowDescriptions: Record<string, Record<string, string>> = {
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
    'inApproval:approval.forward:0': 'Forwarded to another approver of the same role; the step stays.',
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
};
