import type { decision as zh } from '../zh/decision';
import { activity } from './activity';
import { creditLimits } from './credit-limits';
import { invoices } from './invoices';
import { letters } from './letters';
import { loans } from './loans';
import { opportunities } from './opportunities';
import { orderChanges } from './order-changes';
import { orderApproval } from './orders-approval';
import { payments } from './payments';
import { settlementMessages } from './rebate-settlement';
import { rebateMessages } from './rebates';
import { registration } from './registration';
import { reportReview } from './report-review';
import { reportStates } from './report-states';
import { salesTasks } from './sales-tasks';
import { sheetMessages } from './settlement-sheets';
import { specialPrices } from './special-prices';

/**
 * The decision panel and dialog of every declared workflow (views/kit/workflow-panel.tsx): a
 * workflow's own words under `…Of.<workflow>` come first, the shared ones after.
 */
export const decision: typeof zh = {
  title: 'Approval',
  titleOf: {
    reportOpinion: reportReview.decision.title,
    visit: activity.visit.title,
    dailyReport: activity.report.title,
    specialPrice: specialPrices.decision.title,
    commitmentLetter: letters.decision.title,
    salesTask: salesTasks.decision.title,
    rspTaskConfirmation: salesTasks.decision.confirmationTitle,
    rspStiReview: salesTasks.stiDecision.title,
    cityManagerStiReview: salesTasks.cityManagerStiDecision.title,
    creditLimitChange: creditLimits.decision.title,
    invoiceApproval: invoices.decision.title,
    loanOrder: loans.decision.title,
    agentReport: reportStates.decision.title,
    lateReportRequest: reportStates.lateDecision.title,
    paymentApproval: payments.decision.title,
    registration: 'Registration review',
    opportunityRegistration: opportunities.decision.title,
    orderApproval: orderApproval.decision.title,
    orderChange: orderChanges.decision.title,
  },
  state: 'Current state',
  deciderPerson: 'Decided by',
  deciderRole: 'Decided by role',
  step: 'Step {{n}}',
  stepsOf: { registration: { 0: 'Pre-review', 1: 'Qualification review', 2: 'Risk / finance review' } },
  noOpenStream: 'No round of this is under way now',
  nothingForYou: 'Nothing for you to decide at this step',
  loadFailed: 'The approval could not be read: {{message}}',
  reload: 'Reload',
  refused: 'Not done: {{message}}',
  done: 'Your decision has been recorded',
  doneCommand: 'Done: {{command}}',
  doneState: 'Done: {{command}} — now {{state}}',
  doneOf: {
    sign: 'Agreement signed; the agent is active',
    withdraw: 'The application was withdrawn',
    forward: 'Forwarded',
  },
  doneForwardedTo: 'Forwarded to {{name}}',
  cancel: 'Cancel',
  confirm: 'Confirm',
  commands: {
    agree: 'Agree',
    reject: 'Reject',
    return: 'Return',
    forward: 'Forward',
    resubmit: 'Resubmit',
    withdraw: 'Withdraw',
    submit: 'Submit',
    void: 'Void',
    sign: 'Sign the agreement',
  },
  commandsOf: {
    reportOpinion: reportReview.decision.commands,
    visit: activity.visit.commands,
    dailyReport: activity.report.commands,
    specialPrice: specialPrices.decision.commands,
    commitmentLetter: letters.decision.commands,
    salesTask: salesTasks.decision.commands,
    rspTaskConfirmation: salesTasks.decision.confirmationCommands,
    rspStiReview: salesTasks.stiDecision.commands,
    cityManagerStiReview: salesTasks.cityManagerStiDecision.commands,
    creditLimitChange: creditLimits.decision.commands,
    invoiceApproval: invoices.decision.commands,
    loanOrder: loans.decision.commands,
    agentReport: reportStates.decision.commands,
    lateReportRequest: reportStates.lateDecision.commands,
    paymentApproval: payments.decision.commands,
    rebatePolicy: rebateMessages.policy.commands,
    rebateSettlement: settlementMessages.commands,
    settlementSheet: sheetMessages.commands,
    orderApproval: orderApproval.decision.commands,
    orderChange: orderChanges.decision.commands,
    opportunityRegistration: opportunities.decision.commands,
    registration: {
      agree: 'Approve',
      return: 'Return for documents',
      sign: 'Sign the agreement and activate',
    },
  },
  states: {
    draft: 'Draft',
    inApproval: 'In approval',
    returned: 'Returned',
    approved: 'Approved',
    rejected: 'Rejected',
    withdrawn: 'Withdrawn',
    void: 'Void',
  },
  // A registration's states read the same here as on the applicant's progress page.
  statesOf: {
    reportOpinion: reportReview.decision.states,
    visit: activity.visit.states,
    dailyReport: activity.report.states,
    specialPrice: specialPrices.decision.states,
    commitmentLetter: letters.decision.states,
    salesTask: salesTasks.decision.states,
    rspTaskConfirmation: salesTasks.decision.confirmationStates,
    rspStiReview: salesTasks.stiDecision.states,
    cityManagerStiReview: salesTasks.cityManagerStiDecision.states,
    creditLimitChange: creditLimits.decision.states,
    invoiceApproval: invoices.decision.states,
    loanOrder: loans.decision.states,
    agentReport: reportStates.decision.states,
    lateReportRequest: reportStates.lateDecision.states,
    rebatePolicy: rebateMessages.policy.states,
    rebateSettlement: settlementMessages.states,
    settlementSheet: sheetMessages.states,
    registration: registration.states,
    opportunityRegistration: opportunities.decision.states,
    orderApproval: orderApproval.decision.states,
    orderChange: orderChanges.decision.states,
  },
  fields: {
    reason: 'Reason',
    to: 'Forward to',
    amount: 'Proposed figure (CNY)',
    adjustAmount: 'Adjustment (CNY)',
    winningAmount: 'Amount won (CNY)',
    lossReason: 'Loss reason',
    extendedTo: 'New due date',
    latitude: 'Latitude',
    longitude: 'Longitude',
    // Facts the server adds to an event, as a test plan shows them: how many approval steps, lines settled.
    chain: 'Approval steps found by the server',
    lines: 'Lines settled',
  },
  /** The quantities per line a loan's return or conversion asks for. */
  lines: {
    line: 'Line',
    item: 'Item',
    open: 'Still out',
    quantity: 'Quantity now',
    serials: 'Serials now',
    serialsOf: 'Serials settled now of line {{line}}',
    inspection: 'Inspection',
    quantityOf: 'Quantity now of line {{line}}',
    inspectionOf: 'Inspection of line {{line}}',
    good: 'Good, restocked',
    damaged: 'Damaged, scrapped',
    everything: 'Everything still out',
  },
  // The label of the text a command asks for, where "reason" would not fit it.
  reasonOf: {
    reportOpinion: reportReview.decision.reasonOf,
    agentReport: reportStates.decision.reasonOf,
    opportunityRegistration: opportunities.decision.reasonOf,
  },
  hints: {
    ...activity.hints,
    recalculate: 'The adjustment may be left blank or be negative: payable = calculated rebate + adjustment.',
    forward: 'Only to another enabled employee of the role this step waits for.',
    withdraw: 'A withdrawn application is not decided any further.',
  },
  problems: {
    reasonRequired: 'Enter a reason',
    adjustmentInvalid:
      'The adjustment is an amount, may be negative, with at most two decimals, e.g. -120.50',
    amountRequired: 'Enter the figure you propose',
    amountInvalid: 'The proposed figure is an amount with at most two decimals',
    winningAmountRequired: 'Enter the amount the deal was won for',
    winningAmountInvalid: 'The amount won is above 0, with at most two decimals',
    lossReasonRequired: 'Choose why the deal was lost',
    dateRequired: 'Choose the new due date',
    dateInvalid: 'The due date must be a valid date',
    reasonTooLong: 'The reason is longer than 500 characters',
    colleagueRequired: 'Choose the employee to forward to',
    linesRequired: 'Fill in the quantity of at least one line',
    linesOverOpen: 'Quantities are whole numbers no larger than what is still out of the line',
    positionDenied:
      'The browser may not tell your position: allow this site to locate you, or type where you are to check in',
    positionUnavailable:
      'Your position cannot be found: turn on location on this device, or type where you are to check in',
    positionRequired: 'Type your position',
    positionInvalid:
      'Degrees: a latitude between -90 and 90, a longitude between -180 and 180, at most 8 decimals',
  },
  roles: {
    JS001: 'System administrator',
    JS002: 'RSP agent',
    JS003: 'CCP agent',
    JS004: 'General distributor',
    JS010: 'Channel manager',
    JS011: 'Province manager',
    JS012: 'City manager',
    JS013: 'Sales operations',
    JS014: 'Finance',
    JS015: 'Legal and service',
    JS016: 'Product manager',
    JS017: 'Executive',
    JS018: 'Channel department',
    JS019: 'Region manager',
  },
};
