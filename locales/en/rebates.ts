import type { rebateMessages as zh, policyGuards as zhGuards } from '../zh/rebates';

export const policyGuards: typeof zhGuards = {
  isPolicyOffice: 'the channel management department or sales operations staff',
  isAgentStaff: 'agent staff',
  hasNotRead: 'not marked as read yet',
  mayTickRead: 'agent staff who has not marked it as read',
  mayVoid: 'the channel management department or sales operations staff, with a reason',
  mayMoveByDate:
    'the channel management department or sales operations staff, or the system (nightly, by the dates)',
  mayDraft: 'the server allows a new version (published or in effect, none unpublished)',
  hasStarted: 'its start date has come (Beijing time)',
};

export const rebateMessages: typeof zh = {
  problems: {
    positiveFen: 'must be an amount above 0 (at most two decimals)',
    nonZeroFen: 'must be an amount other than 0 (at most two decimals)',
    reasonRequired: 'an adjustment needs a reason',
    ratioRange: 'must be between 0 and 100',
    endBeforeStart: 'cannot be before the start date',
    unknownAgent: 'no such agent, or not yours to see',
  },
  overAvailable: 'The amount {{amount}} exceeds the available balance {{available}}',
  freezeOverAvailable: 'Freezing {{amount}} exceeds the available balance {{available}}',
  useOverFrozen: 'Order {{order}} uses {{amount}}, more than the {{frozen}} it froze',
  ratioOverlaps:
    'An enabled maximum ratio of this brand, channel tier and product line already covers these dates',
  usableOverLimit: 'This order may use at most {{usable}} of rebate',
  demoReasons: {
    supplement: 'Supplement: rebate held back for a late stock report',
    penalty: 'Penalty: a sale outside the agreed region',
    cashDiscount: 'Cash discount: paid before shipment',
  },
  demoPolicies: {
    rsp: {
      title: 'Q1 2027 sell-in rebate for regional agents',
      content:
        'Regional agents whose quarterly sell-in reaches 100% of target accrue 2% of sell-in; from 120%, 3%. Special-price orders are excluded from the base. Posted rebate is usable on orders for 12 months.',
    },
    all: {
      title: '2026 own-brand channel rebate',
      content:
        'All own-brand channels. Annual sell-in of 5 million earns 1%, of 10 million 1.5%, progressive on the excess. Loans converted to sales are excluded from the base.',
    },
    ccp: {
      title: 'Q4 2026 collection incentive for city agents',
      content:
        'City agents whose quarterly collections reach 90% of target accrue 1% of collections, paid as an order deduction.',
    },
  },
  adjusted: 'The rebate adjustment is posted',
  policy: {
    commands: {
      publish: 'Publish',
      read: 'Mark as read',
      takeEffect: 'Put into effect',
      end: 'End',
      supersede: 'Superseded by a new version',
    },
    states: {
      approved: 'Approved, not published',
      published: 'Published',
      effective: 'In effect',
      ended: 'Ended',
      superseded: 'Superseded by a new version',
    },
    readConfirmed: 'Marked as read',
    notPublished: 'The announcement is not published yet, it cannot be marked as read',
    frozenAfterPublish: 'The calculation parameters are frozen once published; correct them in a new version',
    lockedInApproval:
      'A policy in approval stands as submitted; to change it, have the approver return it (it may be withdrawn before the first decision)',
    lockedApproved: 'An approved policy stands as approved; to correct it, void it and draft it again',
    notStartedYet: 'This policy starts on {{date}}; it can be put into effect from that day on',
    job: {
      title: { name: 'Rebate policies: start and end by their dates', group: 'Rebates' },
      handler:
        'Every day at 0:10 (Beijing time): published policies whose start date has come take effect, effective ones past their end date end',
      message:
        '{{today}}: {{effective}} policies took effect, {{ended}} ended, {{skipped}} could not be moved',
    },
    versionOfLiveOnly:
      'Announcement {{no}} is not a published or effective policy, so it gets no new version; correct a draft in place',
    versionOpen: 'This policy already has an unpublished new version {{no}}; make the changes there',
    versionDrafted: 'New version drafted: change it, then submit it for approval',
    versions: {
      title: 'Policy versions',
      columns: { version: 'Version', no: 'Announcement No.', status: 'Status', open: 'View' },
      current: 'This one',
      open: 'Open {{no}}',
      frozen:
        'This policy is published and its calculation parameters are frozen. To correct it, draft a new version; once that is published it replaces this one.',
      draft: 'Draft a new version',
      drafted: 'New version drafted: change it, then submit it for approval',
    },
    readers: 'Agents who read it',
    readAt: 'Read at',
    noReaders: 'No agent has marked it as read yet',
    markRead: 'Mark as read',
    newVersion: 'New version',
    version: 'Version',
    tiers: 'Tier table',
    threshold: 'Threshold (CNY)',
    rate: 'Rebate rate (%)',
    tierMode: 'Calculation',
    tierModes: { full: 'On the full amount', progressive: 'Progressive (on the excess)' },
    exclusions: 'Exclusions',
    exclusionOptions: {
      specialPrice: 'Special-price orders',
      loanToSale: 'Loans converted to sales',
      partnerModels: 'Named partner-brand models',
    },
    channels: 'Channels',
    provinces: 'Provinces',
  },
};
