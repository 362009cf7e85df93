import type { opportunities as zh, opportunityRegistrationFields as zhFields } from '../zh/opportunities';
import { opportunityConfigMessages } from './opportunity-config';
import { participantMessages } from './opportunity-participants';

/** Opportunity registration and protection: see zh/opportunities.ts. */
export const opportunities: typeof zh = {
  decision: {
    title: 'Opportunity registration',
    commands: {
      submit: 'Submit registration',
      withdraw: 'Withdraw registration',
      award: 'Award to this opportunity',
      keepFirst: 'Keep the first registration',
      recordProgress: 'Record progress',
      extend: 'Extend protection',
      release: 'Release',
      win: 'Won',
      close: 'Lost',
      protect: 'Protect',
      flagConflict: 'Flag a conflict',
      markAtRisk: 'Mark at risk',
      expire: 'Expire protection',
    },
    // The words a win or a loss asks for beside its amount or its loss reason.
    reasonOf: { win: 'Remark', close: 'What happened', recordProgress: 'Progress made' },
    states: {
      draft: 'Draft',
      submitted: 'Submitted',
      conflict: 'Conflict, awaiting arbitration',
      protected: 'Protected',
      atRisk: 'At risk (no recent progress)',
      expired: 'Expired',
      released: 'Released',
      won: 'Won',
      closed: 'Closed',
      rejected: 'Rejected',
      withdrawn: 'Withdrawn',
    },
  },
  server: {
    ...opportunityConfigMessages,
    ...participantMessages,
    extendedAlready: 'A protection can be extended {{max}} time(s) only, and this one has been',
    stageContradicts:
      'contradicts the registration status: won only through “Won”, lost or invalid only by closing, and an ended registration never becomes won',
    lockedUnderProtection:
      'cannot change under protection (the end customer and product line are what is protected)',
    ownerChanged: 'The opportunity has a new owner; the protection end date is unchanged',
    notProtected: 'Only a protected or at-risk opportunity can change owner',
    notAnAgent: 'Choose an active agent',
    ownerByTransfer: 'The owner of an opportunity is changed only by a transfer',
    agentNotOwn: 'Must be your own company: an agent registers opportunities for itself',
    channelNotOwn: 'Must be your own company or a CCP your company supplies',
    notOwnerManager: 'Only a channel manager or a province manager can change the owner of an opportunity',
    customerTaken: 'an opportunity customer named {{name}} already exists',
    creditCodeInvalid: 'is not a valid unified social credit code',
    creditCodeTaken: 'is already used by opportunity customer {{name}}',
    unknownProvince: 'is not a province: pick one from the regions',
    unknownCity: 'is not a city of {{province}}',
    unknownOwner: 'must be an active employee the employee picker offers',
    letterNotAsked: 'is not asked for on this product line (no bidders, or its letter is issued)',
    letterNotOfDeal:
      'must be an active commitment letter of this opportunity (not rejected, withdrawn or revoked)',
    itemsOwnerOnly:
      "Only the opportunity's agent (or the employee who registered it for the agent) maintains its products",
    itemsClosed: 'Opportunity {{no}} is {{state}}: its products can no longer change',
    itemNotOwnLine:
      'A part of a configuration is maintained with its configuration: change the configuration line',
    itemLine: "{{code}} is not of the opportunity's product line",
    itemTaken: '{{code}} is already a product of this opportunity: change its quantity',
    itemPrice: 'must be an amount above 0 with at most two decimals',
    specialPriceLine: '{{code}} is neither a product of the opportunity nor of its product line',
  },
  endingJob: {
    title: { name: 'Opportunity protection ending reminders', group: 'Opportunities' },
    handler:
      'Tells the owning agent of each opportunity whose protection ends within the given days (days, 7 by default); once per opportunity and end date',
    message: '{{today}}: {{ending}} protections end within {{days}} days; {{told}} owners newly told',
  },
  job: {
    title: { name: 'Opportunity protection expiry and warnings', group: 'Opportunities' },
    handler:
      'Opportunity protection: registrations past their end date expire; those without a progress record for the configured days are marked at risk',
    message:
      '{{today}}: {{expired}} protections expired, {{atRisk}} opportunities marked at risk for lack of progress',
  },
  guards: {
    isDealSide: 'the deal side (agent, city, channel or province manager)',
    isSystem: 'the system',
    isProvinceManager: 'the province manager',
    isProtectionManager: 'a channel or province manager',
    hasExtensionLeft: 'not yet extended',
  },
};

/** Labels of the registration's fields that only its pages show. */
export const opportunityRegistrationFields: typeof zhFields = {
  ExtConflictWith_SDK: 'Conflicts with protected opportunity',
  ExtPartnerSalesArea_SDK: 'Sales area',
};
