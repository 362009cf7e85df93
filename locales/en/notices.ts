import type { notices as zh } from '../zh/notices';

/** The navbar's bell (views/shell/notice-bell.tsx): what happened to a record of the person's. */
export const notices: typeof zh = {
  title: 'Notices',
  bell: 'Notices ({{count}} unread)',
  none: 'No notices',
  readAll: 'Mark all read',
  kinds: {
    opportunityMovedAway:
      'Opportunity {{no}} “{{name}}” moved from {{from}} to {{to}}; your company no longer follows it',
    opportunityMovedHere:
      'Opportunity {{no}} “{{name}}” moved from {{from}} to your company; its protection end date is unchanged',
  },
};
