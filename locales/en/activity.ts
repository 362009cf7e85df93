import type { activity as zh } from '../zh/activity';

/** Sales activity: visits and daily reports (see the Chinese file). */
export const activity: typeof zh = {
  visit: {
    title: 'Visit',
    commands: {
      checkIn: 'Check in',
      checkOut: 'Check out',
      record: 'Submit minutes',
      cancel: 'Cancel visit',
      abandon: 'Abandon visit',
      reviewVisit: 'Review',
      miss: 'Mark missed',
    },
    states: {
      planned: 'Planned',
      inProgress: 'In progress (checked in)',
      toRecord: 'Minutes due',
      completed: 'Completed',
      reviewed: 'Reviewed',
      cancelled: 'Cancelled',
      missed: 'Missed',
      abandoned: 'Abandoned',
    },
  },
  report: {
    title: 'Daily work report',
    commands: { submit: 'Submit report', markRead: 'Mark as read', commentReport: 'Comment', lock: 'Lock' },
    states: {
      draft: 'Draft',
      submitted: 'Submitted',
      read: 'Read',
      commented: 'Commented',
      locked: 'Not submitted (locked)',
    },
  },
  hints: {
    reviewVisit: 'Write your review comment as the reason.',
    commentReport: 'Write your comment as the reason.',
    cancel: 'Say why the visit is cancelled.',
    abandon: 'Say why the visit is abandoned.',
    checkIn:
      'Type the latitude and longitude of where you are (degrees, e.g. 32.0418 and 118.7785); a typed position has no accuracy and is kept as typed.',
  },
  errors: {
    frozenAtCheckIn:
      "{{field}} can no longer change after the check-in: the site and the check-in position are the visit's evidence",
    notYourVisit: 'Only the visitor may change this visit',
    visitClosed: 'Visit {{no}} has ended and can no longer be changed',
    notYourReport: 'Only the reporter may change this report',
    reportLocked:
      'The report of {{day}} is more than {{days}} days old and locked: it can no longer be written or submitted',
    reportSubmitted: 'The report of {{day}} is submitted and can no longer be changed',
  },
  problems: {
    notWorkingDay: '{{day}} is not a working day',
    future: '{{day}} has not come yet: no report for it',
    secondReport: 'You already have a report for this day: one per person per working day',
    notAManager:
      '“{{name}}” is not one of your managers: choose your province office, region manager or an executive from the list',
    notACopyReader:
      '“{{name}}” is not an employee you can copy: choose one of your managers or a colleague within your scope from the list',
    unknownOpportunity: 'Opportunity {{no}} does not exist or is outside your data scope',
    latitude: 'Latitude must be between -90 and 90',
    longitude: 'Longitude must be between -180 and 180',
  },
  job: {
    title: { name: 'Visit and daily report deadlines', group: 'Sales activity' },
    handler:
      'Planned visits whose day has passed without a check-in become missed; daily reports still in draft 3 days after their day are locked as not submitted',
    message:
      'Today ({{today}}): {{missed}} visits marked missed, {{locked}} daily reports locked as not submitted',
  },
  guards: {
    isVisitor: 'the visitor',
    isVisitReviewer: 'province manager',
    isReporter: 'the reporter',
    isTeamManager: "the team's province manager",
  },
};
