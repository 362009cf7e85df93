/** The business rules of the charts of sales tasks, STI, reports and activity, in English (see workflow-descriptions.ts). */
export const tasksActivityWorkflowDescriptions: Record<string, Record<string, string>> = {
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
      'Back to allocation to change lines after objections; open confirmations are withdrawn. The system takes it back itself when its last RSP line leaves it.',
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
