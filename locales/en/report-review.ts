import type { reportReview as zh } from '../zh/report-review';

/** Reviewers' opinions on reports and the modification log of report lines (docs/reports.md). */
export const reportReview: typeof zh = {
  /** The modification log's field of a line an import replaced. */
  wholeLine: 'Whole line replaced',
  decision: {
    title: 'Report opinion',
    commands: {
      reply: 'Reply',
      close: 'Close the opinion',
      reopen: 'Reopen',
      withdraw: 'Withdraw the opinion',
    },
    states: {
      open: 'Awaiting the agent’s reply',
      replied: 'Replied, back with the reviewer',
      closed: 'Closed',
    },
    reasonOf: {
      reply: 'Reply',
      close: 'Closing remark',
      reopen: 'Why it is reopened',
    },
  },
  guards: {
    isReportingAgent: "staff of the report's agent",
    isOpinionReviewer: 'the reviewer who raised it',
  },
  problems: {
    noAgent: 'No agent "{{agent}}" within your data scope',
    noReport: '{{agent}} has no report of this type for {{period}}',
    noLine: '{{agent}}’s report of this type for {{period}} has no line "{{line}}"',
    severalLines:
      '{{agent}}’s report of this type for {{period}} has several lines of "{{line}}": give the report No. of the line, or raise the opinion on the whole report and name the line in it',
    reportFixed: 'An opinion stays on the report it was raised on: withdraw it and raise a new one',
  },
  errors: {
    vendorRaises: 'Opinions are raised by the vendor’s reviewers; an agent replies to them',
    notYourOpinion: 'Opinion {{no}} can be changed only by the reviewer who raised it',
    opinionAnswered: 'Opinion {{no}} has been replied to or closed and can no longer be changed',
  },
};
