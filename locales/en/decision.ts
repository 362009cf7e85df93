import type { decision as zh } from '../zh/decision';
import { registration } from './registration';

/**
 * The decision panel and dialog of every declared workflow (views/kit/workflow-panel.tsx): a
 * workflow's own words under `…Of.<workflow>` come first, the shared ones after.
 */
export const decision: typeof zh = {
  title: 'Approval',
  titleOf: { registration: 'Registration review' },
  state: 'Current state',
  deciderPerson: 'Decided by',
  deciderRole: 'Decided by role',
  step: 'Step {{n}}',
  stepsOf: { registration: { 0: 'Pre-review', 1: 'Qualification review', 2: 'Risk / finance review' } },
  nothingForYou: 'Nothing for you to decide at this step',
  loadFailed: 'The approval could not be read: {{message}}',
  reload: 'Reload',
  refused: 'Not done: {{message}}',
  done: 'Your decision has been recorded',
  doneOf: {
    sign: 'Agreement signed; the agent is active',
    withdraw: 'The application was withdrawn',
    forward: 'Forwarded',
  },
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
  statesOf: { registration: registration.states },
  fields: { reason: 'Reason', to: 'Forward to' },
  hints: {
    forward: 'Only to another enabled employee of the role this step waits for.',
    withdraw: 'A withdrawn application is not decided any further.',
  },
  problems: {
    reasonRequired: 'Enter a reason',
    reasonTooLong: 'The reason is longer than 500 characters',
    colleagueRequired: 'Choose the employee to forward to',
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
  },
};
