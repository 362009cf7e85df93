import type { salesTasks as zh } from '../zh/sales-tasks';

/** Sales tasks (server/sales-tasks): the time split of a target and the lock of a task in approval. */
export const salesTasks: typeof zh = {
  // How a refusal names a task (server/sales-tasks/task-label.ts).
  labels: {
    numbered: 'Task {{no}}',
    target: 'The {{year}} {{line}} {{indicator}} target of {{province}}',
    rspLine: "{{who}}'s {{year}} {{line}} {{indicator}} task in {{province}}",
    cityManagerTask: "{{who}}'s {{year}} {{line}} {{type}} in {{city}}",
  },
  problems: {
    stiNotApproved: 'STI is calculated only for an approved RSP task',
    stiQuarterOpen: '{{quarter}} has not ended yet: its STI cannot be calculated',
    stiPosted: 'The STI of this quarter is already posted ({{no}})',
    stiCalculated:
      'The STI of this quarter is already calculated ({{no}}): review, post or return it under RSP STI',
    stiTargetLate:
      '{{quarter}} began on {{start}} and this province target was approved on {{approved}}: STI is calculated only for quarters that begin after the target’s approval',
    stiOwnCalculation: 'You calculated this STI: a colleague reviews and posts it',
    duplicateTarget:
      'this year, province, brand line and indicator already have a province target; adjust that one instead of adding another',
    duplicateLine: 'this RSP already has a line on this province target; change that one',
    duplicateQuarter: 'this quarter already has a share for the year, province and brand',
    notAnRsp: 'is not an RSP (first-tier agent)',
    splitSum: 'the split adds up to {{sum}}, not {{whole}}: a difference of {{difference}}',
    lockedInApproval:
      '{{task}} is in approval (task approval status: in approval) and cannot be changed or deleted; use a task adjustment request',
    lockedApproved:
      '{{task}} is approved (task approval status: approved) and cannot be changed or deleted; use a task adjustment request',
    lockedVoided: '{{task}} is voided and cannot be changed or deleted; enter the right target anew',
    shareSum: 'the quarter shares add up to {{sum}}%, not 100%: a difference of {{difference}}%',
    monthShareSum: "the quarter's month shares add up to {{sum}}%, not 100%: a difference of {{difference}}%",
    shareDecimals: 'must be a percentage from 0 to 100 with at most two decimals (e.g. 33.33)',
    loadBearingOutside:
      'The load bearing is {{rate}}%, outside 100%–130% (RSPs carry {{allocated}} of a province target of {{annual}}): it cannot be submitted or approved',
    noRspLines: 'This province target is not allocated to any RSP yet: there is nothing to confirm',
    unanswered: '{{count}} RSP line(s) are not answered yet ({{names}}): it cannot be submitted',
    objectionAmount: 'An objection needs the proposed target',
    noStream: 'This task has not entered the task workflow',
    yearOutsidePlan: 'the year must be within the plan years {{min}}–{{max}}',
    notPositive: 'the target must be greater than 0',
    notAProvince: 'is not a province (choose a province, not a city, a district or another name)',
    provinceOutsideScope: 'this province is not one you are responsible for',
    noTarget:
      'this year, province, brand line and indicator have no province target yet: create the province target before allocating it to RSPs',
    rspOfOtherProvince: 'this RSP does not belong to this province and cannot carry its target',
    notTaskOffice:
      'province targets and their allocation to RSPs and city managers are set by the province manager; your role cannot create or change them',
    ownTarget: 'you created this target yourself and cannot approve it; another approver has to',
    yearBegun:
      'the plan year {{year}} began on {{start}}: targets are set before their period. To set one late, give the reason for the late target; HQ has to allow it',
    yearBegunMove:
      'the plan year {{year}} began on {{start}}: an existing target cannot be moved into it. To set one late, create it with the reason for the late target',
    lateAwaitingException:
      'this province target was set after its year began: it takes no lines until HQ allows it',
    lateRefusedLines: 'HQ did not allow this late province target: it takes no lines',
    lateRefused: 'HQ did not allow this late province target of {{province}}: it is closed and cannot change',
  },
  stiPosted: 'STI posted',
  stiCalculated: 'STI calculated, awaiting review',
  package: {
    title: 'Task package',
    rspLines: 'RSP tasks of this package',
    cityManagerLines: 'City manager tasks of this package',
    noTarget: 'This task has no province target (or none you may see): there is nothing to approve',
    noLines: 'This package has no tasks yet',
  },
  sti: {
    title: 'Sales target incentive (STI)',
    columns: {
      quarter: 'Quarter',
      target: 'Quarter target (CNY)',
      achieved: 'Achieved (CNY)',
      rate: 'Attainment',
      level: 'STI level',
      base: 'STI base (CNY)',
      amount: 'STI amount (CNY)',
      state: 'STI status',
    },
    posted: 'Posted ({{no}})',
    due: 'To calculate',
    open: 'Quarter not over',
    quarterToCalculate: 'Quarter to calculate',
    calculate: 'Calculate STI',
    calculated: '{{status}} ({{no}})',
    calculatedToast: 'The STI of {{quarter}} is calculated ({{amount}}); HQ reviews it before it is posted',
    nothingEarned: '{{quarter}} is below the STI threshold: its STI is 0 and nothing is posted',
  },
  stiDecision: {
    title: 'STI review and posting',
    commands: {
      calculate: 'Calculate again',
      agree: 'Approve the figures',
      return: 'Return for recalculation',
      post: 'Post',
      returnBeforePosting: 'Return for recalculation',
    },
    states: {
      calculating: 'Calculating',
      calculated: 'Awaiting review',
      reviewed: 'Awaiting posting',
      returned: 'Returned',
      posted: 'Posted',
    },
  },
  decision: {
    title: 'Task approval',
    confirmationTitle: 'RSP task confirmation',
    commands: {
      allowLate: 'Allow late target',
      refuseLate: 'Refuse late target',
      requestConfirmation: 'Send to RSPs for confirmation',
      reopen: 'Back to allocation',
      void: 'Void the target',
      submit: 'Submit for approval',
      agree: 'Agree',
      return: 'Return',
      forward: 'Forward',
      requestAdjustment: 'Request an adjustment',
      agreeAdjustment: 'Agree to the adjustment',
      rejectAdjustment: 'Reject the adjustment',
      forwardAdjustment: 'Forward the adjustment request',
    },
    confirmationCommands: {
      confirm: 'Confirm the target',
      object: 'Object',
      accept: 'Take the proposed figure',
      keep: 'Keep the target',
      expire: 'Auto-confirm (deadline passed)',
      withdraw: 'Withdraw the confirmation',
    },
    states: {
      lateReview: 'Late target awaiting approval',
      lateRefused: 'Late target refused',
      voided: 'Voided',
      allocating: 'Allocating',
      confirming: 'Awaiting agents',
      adjustmentInApproval: 'Adjustment in approval',
    },
    confirmationStates: {
      pending: 'Pending',
      confirmed: 'Confirmed',
      objected: 'Objected',
      ruled: 'Decided',
      autoConfirmed: 'Auto-confirmed',
      withdrawn: 'Withdrawn',
    },
  },
  guards: {
    isStiReviewer: 'executive',
    isStiPoster: 'channel department',
    isNotStiCalculator: 'not who calculated (or recalculated) the STI',
    mayReviewSti: 'executive, not who calculated the STI',
    mayReturnSti: 'executive, not who calculated the STI, with a reason',
    mayPostSti: 'channel department, not who calculated the STI',
    mayReturnBeforePosting: 'channel department, not who calculated the STI, with a reason',
    awaitsLateException: 'set after its year began and not yet allowed by HQ',
    isTaskOffice: 'the province task office',
    isRspStaff: 'RSP agent staff',
    mayCalculate: 'HQ staff, with a quarter chosen',
  },
  job: {
    title: { name: 'RSP task auto-confirmation', group: 'Sales tasks' },
    handler:
      'RSP task lines neither confirmed nor objected to by their deadline are confirmed, flagged as auto-confirmed',
    message: '{{count}} RSP task line(s) auto-confirmed',
  },
};
