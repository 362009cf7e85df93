import type { notices as zh } from '../zh/notices';

/** The navbar's bell (views/shell/notice-bell.tsx): what happened to a record of the person's. */
export const notices: typeof zh = {
  title: 'Notices',
  bell: 'Notices, {{count}} unread',
  none: 'No notices',
  readAll: 'Mark all read',
  kinds: {
    opportunityMovedAway:
      'Opportunity {{no}} “{{name}}” moved from {{from}} to {{to}}; your company no longer follows it',
    opportunityMovedHere:
      'Opportunity {{no}} “{{name}}” moved from {{from}} to your company; its protection end date is unchanged',
    specialPriceApproved:
      'Special price {{no}} (opportunity {{opportunityNo}} “{{opportunityName}}”) was approved',
    specialPriceRejected:
      'Special price {{no}} (opportunity {{opportunityNo}} “{{opportunityName}}”) was rejected: {{reason}}',
    specialPriceReturned:
      'Special price {{no}} (opportunity {{opportunityNo}} “{{opportunityName}}”) was returned for changes: {{reason}}',
    protectionEnding:
      'The protection of opportunity {{no}} “{{name}}” ends on {{until}} (Beijing time): record progress or ask for an extension',
    conflictAwarded:
      'The registration conflict on opportunity {{no}} “{{name}}” was decided for your company; protected until {{until}} (Beijing time)',
    conflictReleased:
      'The registration conflict on opportunity {{no}} “{{name}}” was decided for another registration; your protection is released',
    conflictRejected:
      'The registration conflict on opportunity {{no}} “{{name}}” was decided for the first registration; yours is rejected: {{reason}}',
    conflictKept:
      'The registration conflict on opportunity {{no}} “{{name}}” was decided for your company; the protection end date is unchanged',
  },
};
