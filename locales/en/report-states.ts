/** The agents' report states per period and report type, and late-report requests (docs/imports.md). */
export const reportStates = {
  pages: {
    reportStates: 'Report states',
    reportStateDetail: 'Report state',
    lateReportRequests: 'Late-report requests',
    lateReportRequestEdit: 'Late-report request',
  },
  fields: {
    agentReport: {
      ReportNo: 'Report no.',
      AgentName: 'Agent',
      ProvinceName: 'Province',
      Period: 'Period',
      ReportType: 'Report type',
      ReportStatus: 'Report state',
      LineCount: 'Lines',
      TotalQuantity: 'Total quantity',
      SubmittedOn: 'Submitted on',
      SubmittedBy: 'Submitted by',
      ReviewedOn: 'Reviewed on',
      ReviewerName: 'Reviewer',
      ReviewOpinion: 'Reviewer’s opinion',
      LateReport: 'Reported late',
      LateUntil: 'Late window ends',
      OpeningMismatch: 'Opening differs from last closing',
    },
    lateReportRequest: {
      RequestNo: 'Request no.',
      AgentName: 'Agent',
      ProvinceName: 'Province',
      Period: 'Period',
      ReportType: 'Report type',
      Reason: 'Reason for reporting late',
      RequestStatus: 'Request state',
      ApplicantName: 'Applicant',
      WindowEnd: 'Late window ends',
      DeciderName: 'Decided by',
      DecisionReason: 'Decision opinion',
      CreationOn: 'Asked on',
    },
  },
  /** The decision panel of a report (agentReport). */
  decision: {
    title: 'Report',
    commands: {
      start: 'Start reporting',
      submit: 'Submit',
      withdraw: 'Take back to edit',
      approve: 'Approve',
      return: 'Return for changes',
      revise: 'Edit lines',
    },
    states: {
      notReported: 'Not reported',
      draft: 'Draft',
      submitted: 'Submitted',
      approved: 'Approved',
      returned: 'Returned',
      overdue: 'Overdue',
    },
    reasonOf: { return: 'Reviewer’s opinion' },
  },
  /** The decision panel of a late-report request (lateReportRequest). */
  lateDecision: {
    title: 'Late-report request',
    commands: {
      agree: 'Approve late report',
      reject: 'Reject',
      return: 'Return',
      resubmit: 'Ask again',
      withdraw: 'Withdraw',
    },
    states: {
      inApproval: 'Waiting for approval',
      returned: 'Returned',
      approved: 'Approved',
      rejected: 'Rejected',
      withdrawn: 'Withdrawn',
    },
  },
  guards: {
    isReportingParty: 'the agent itself or sales operations (who reports)',
    isChannelManager: 'a channel manager',
  },
  job: {
    title: { name: 'Overdue report marking', group: 'Channel reports' },
    handler:
      'By the control dates: opens each period’s reports expected of general distributors and RSPs (not reported); marks overdue those not submitted once the control date has passed (unless an approved late-report window is still open)',
    message: '{{opened}} expected reports opened, {{overdue}} marked overdue',
  },
  errors: {
    submitted:
      'The report of {{period}} is submitted for review: take it back, or wait for its return, to change its lines',
    approved: 'The report of {{period}} is approved: its lines are locked',
    notOwed: 'Your company does not file this report type',
    notReporter: 'Report lines are written by the agent itself or by sales operations, never by the reviewer',
    stillOpen:
      '{{period}} is still before its control date: report it directly, no late-report request is needed',
    requestOpen: 'A late-report request for this agent’s {{period}} report of this type is already open',
    requestFixed: 'Only a returned late-report request may be changed, by its applicant',
  },
  problems: {
    agent: 'does not exist or is outside your data scope',
    fixed: 'cannot change once asked',
    lineExists: 'the agent already has this line ({{line}}); correct that line instead',
  },
};
