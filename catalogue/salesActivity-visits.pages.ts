import { VisitStatus } from '../domain/codes/activity.codes';
import { col, type definePages, field, filter, lockedWhile } from './define';

/** What a visit's plan says: fixed once the visitor checks in against it. */
const PLAN_FIELDS = [
  'VisitTargetType',
  'VisitType',
  'CustomerName',
  'ContactName',
  'PlannedStart',
  'PlannedEnd',
];

/**
 * The activity pages beside the five of SPEC §2: the visit form a visit is planned, checked in,
 * recorded and reviewed on (docs/activity.md), and the teams' daily report submission rate.
 */
export const activityExtraPages: Parameters<typeof definePages>[1] = {
  visitForm: {
    // The plan is the check-in's evidence, frozen when the visitor checks in; the minutes, when recorded.
    lockedWhile: [
      lockedWhile('VisitStatus', [VisitStatus.inProgress, VisitStatus.minutesDue], PLAN_FIELDS),
      lockedWhile('VisitStatus', [
        VisitStatus.completed,
        VisitStatus.reviewed,
        VisitStatus.cancelled,
        VisitStatus.missed,
        VisitStatus.abandoned,
      ]),
    ],
    kind: 'edit',
    path: '/salesActivity/visit-form',
    hidden: true,
    parent: 'salesActivity.visitDetails',
    resource: 'visit',
    fields: [
      field('VisitNo', 'text', { readOnly: true }),
      field('VisitStatus', 'dict', { dict: 'VisitStatus', readOnly: true }),
      field('VisitTargetType', 'dict', { dict: 'VisitTargetType', required: true }),
      field('VisitType', 'dict', { dict: 'VisitType', required: true }),
      field('CustomerName', 'text', { required: true }),
      field('ContactName', 'text'),
      field('PlannedStart', 'dateTime', { required: true }),
      field('PlannedEnd', 'dateTime'),
      // The site is the customer's address as its owner placed it: the server takes it, nobody types it.
      field('SiteAddress', 'text', { readOnly: true, span: 2 }),
      field('SiteLatitude', 'text', { readOnly: true }),
      field('SiteLongitude', 'text', { readOnly: true }),
      field('ExtOpportunityNOText_SDK', 'text', { span: 2 }),
      field('VisitPurpose', 'longText', { span: 2 }),
      field('VisitorName', 'person', { readOnly: true }),
      field('CheckInTime', 'dateTime', { readOnly: true }),
      // The check-in position is the browser's, sent with the check-in command (docs/activity.md).
      field('CheckInLatitude', 'text', { readOnly: true }),
      field('CheckInLongitude', 'text', { readOnly: true }),
      field('CheckInAccuracy', 'number', { readOnly: true }),
      field('CheckInDistance', 'number', { readOnly: true }),
      field('LocationAbnormal', 'boolean', { readOnly: true }),
      field('CheckOutTime', 'dateTime', { readOnly: true }),
      field('DurationMinutes', 'number', { readOnly: true }),
      field('DurationAbnormal', 'boolean', { readOnly: true }),
      field('CommunicationContent', 'longText', { span: 2 }),
      field('CustomerFeedback', 'longText', { span: 2 }),
      field('VisitResult', 'longText', { span: 2 }),
      field('NextStep', 'longText', { span: 2 }),
      field('NextContactDate', 'date'),
      field('ReviewerName', 'person', { readOnly: true }),
      field('ReviewComment', 'longText', { readOnly: true, span: 2 }),
      field('CloseReason', 'text', { readOnly: true, span: 2 }),
    ],
    workflow: { name: 'visit', panel: 'decisions' },
  },
  dailyReportRate: {
    kind: 'list',
    path: '/salesActivity/daily-report-rate',
    resource: 'dailyReportRate',
    columns: [
      col.date('ReportDate', { sortable: true }),
      col.text('ProvinceName', { sortable: true }),
      col.number('TeamSize'),
      col.number('OnTimeCount'),
      col.number('LateCount'),
      col.number('MissingCount'),
      col.percent('SubmissionRate', { sortable: true }),
    ],
    filters: [filter.dateRange('ReportDate', true), filter.text('ProvinceName', true)],
    toolbar: ['refresh'],
    sort: '-ReportDate',
  },
};
