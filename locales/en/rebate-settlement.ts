import type { settlementMessages as zh, settlementGuards as zhGuards } from '../zh/rebate-settlement';

export const settlementGuards: typeof zhGuards = {
  isCalculator: 'the sales operations desk or the system administrator',
  isReviewer: 'the sales operations desk',
  isSettlementAgent: 'staff of the settlement’s agent',
  isFinance: 'finance',
  mayObject: 'staff of the settlement’s agent, with a reason',
  isNotCalculator: 'someone other than who calculated (or recalculated) it',
  mayReview: 'the sales operations desk, other than who calculated (or recalculated) it',
  mayReturn: 'the sales operations desk, other than who calculated it, with a reason',
  periodClosed: 'its period has ended (Beijing time)',
  mayCalculate:
    'the sales operations desk or the system administrator, once its period has ended (Beijing time)',
  mayRecalculate: 'the sales operations desk, saying what changed (its period has ended)',
  mayVoidSettlement: 'the sales operations desk, with a reason',
  mayVoidTask: 'the sales operations desk or the system administrator, with a reason',
};

export const settlementMessages: typeof zh = {
  commands: {
    calculate: 'Calculate',
    agree: 'Approve',
    confirm: 'Confirm',
    object: 'Object',
    recalculate: 'Recalculate',
    return: 'Send back',
    post: 'Post',
    void: 'Void',
  },
  states: {
    calculating: 'Calculating',
    vendorReview: 'Vendor review',
    awaitingAgent: 'Awaiting agent',
    disputed: 'Disputed',
    confirmed: 'Confirmed',
    posted: 'Posted',
  },
  periodOpen: 'Period {{period}} runs until {{end}}: a settlement is calculated after it closes',
  nothingToPost: 'The payable rebate is 0: nothing to post',
  ownCalculation:
    'You calculated (or recalculated) this settlement: another sales operations colleague reviews it',
  policyNotPublished: 'The rebate policy is not published: no task can be set on it',
  taskExists: 'This agent already has a task on this policy for {{period}}',
  assigned: 'The rebate task is set',
  targetFrozen: 'The settlement of rebate task {{no}} is calculated: its target can no longer change',
  overUsable:
    'This order may use at most {{usable}} of rebate (available {{available}}, ratio limit {{limit}}), not {{amount}}',
  problems: {
    tiers: 'Tiers read “attainment%:rate%”, comma-separated, attainment rising, e.g. 80:1, 100:2',
    period: 'A period reads 2026-Q3, 2026-07, 2026-H2 or 2026',
    periodMismatch: 'The period must match the policy’s assessment cycle',
    outsidePolicy:
      'The period {{period}} ({{periodStart}} to {{periodEnd}}) must lie within the policy’s validity, {{start}} to {{end}}',
    otherTier: 'is not of the channel tier the policy applies to',
    noSuchPolicy: 'no rebate policy with this number, or not yours to see',
    setOnce: 'cannot change once the task is set; void the task and set a new one',
  },
  tierName: 'Tier {{threshold}}% attained',
  noTier: 'Below the lowest tier',
  job: {
    achievement: {
      title: { name: 'Rebate task achievement', group: 'Rebates' },
      handler:
        'Daily at 2:00 (Beijing time): recomputes running rebate tasks’ achievement and estimated rebate from effective orders and confirmed payments',
      message: 'Achievement and estimated rebate recomputed for {{count}} rebate tasks',
    },
    expiry: {
      title: { name: 'Rebate expiry', group: 'Rebates' },
      handler:
        'Daily at 0:30 (Beijing time): writes an expire flow for what is left of lapsed rebate batches',
      message: '{{count}} rebate batches of {{accounts}} accounts expired',
    },
  },
  upload: {
    intro:
      'Upload the settlement sheet (xlsx): one row per rebate task its agent confirmed, with its payable amount. Every row is checked and held to its task; the sheet is kept only when all pass, and the same file or a task already on a live sheet is refused. Finance publishes and posts it, or voids it with a reason, under Settlement sheets; once published each agent sees only its own row.',
    template: 'Download template',
    file: 'Settlement sheet',
    publish: 'Check and publish',
    published: 'Settlement announcement {{no}} published with {{count}} rows',
    rejected: '{{count}} problems: nothing was published',
    row: 'Row {{row}}',
    columns: { agent: 'Agent name', amount: 'Rebate payable', remark: 'Remark' },
    unknownAgent: 'No agent named “{{name}}”',
    badAmount: 'Must be a non-negative amount with at most two decimals',
    duplicate: 'Agent “{{name}}” appears twice',
    empty: 'The sheet has no data rows',
    lines: 'Settlement lines',
    history: 'Published settlement announcements',
  },
};
