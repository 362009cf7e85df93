import { LateReportStatus } from '../domain/codes/reports.codes';
import { REPORTER_ROLES } from '../domain/reporting';
import { col, definePages, field, filter, lockedWhile, workflowPanel } from './define';
import type { FieldDef } from './types';

/** A report of an agent, period and type as its record page shows it: all of it the server's. */
const reportFields: FieldDef[] = [
  field('ReportNo', 'text', { readOnly: true }),
  field('AgentName', 'text', { readOnly: true }),
  field('ProvinceName', 'text', { readOnly: true }),
  field('Period', 'text', { readOnly: true }),
  field('ReportType', 'dict', { dict: 'ReportType', readOnly: true }),
  field('ReportStatus', 'dict', { dict: 'ReportStatus', readOnly: true }),
  field('LineCount', 'number', { readOnly: true }),
  field('TotalQuantity', 'number', { readOnly: true }),
  field('SubmittedBy', 'text', { readOnly: true }),
  field('SubmittedOn', 'dateTime', { readOnly: true }),
  field('ReviewerName', 'text', { readOnly: true }),
  field('ReviewedOn', 'dateTime', { readOnly: true }),
  field('ReviewOpinion', 'longText', { readOnly: true, span: 2 }),
  field('LateReport', 'boolean', { readOnly: true }),
  field('LateUntil', 'dateTime', { readOnly: true }),
  // A stock report whose opening an earlier month's correction left behind (docs/reports.md).
  field('OpeningMismatch', 'boolean', { readOnly: true }),
];

/**
 * The agents' reports per period and report type and their late-report requests (docs/imports.md
 * "Report states"): not in SPEC §2, added to the report module beside the lists of report lines.
 */
export const reportStatePages = definePages('report', {
  // The channel manager's to-do lens: the reports submitted and waiting for their review.
  reportStates: {
    titleKey: 'page.reportStates.reportStates',
    kind: 'list',
    path: '/report/report-states',
    resource: 'agentReport',
    inbox: 'agentReport',
    columns: [
      col.text('ReportNo', { sortable: true, opens: 'report.reportStateDetail' }),
      col.text('AgentName', { sortable: true }),
      col.text('ProvinceName'),
      col.text('Period', { sortable: true }),
      col.dict('ReportType', 'ReportType'),
      col.dict('ReportStatus', 'ReportStatus'),
      // The count opens the report's lines (report.reportLines, filtered by its number).
      col.number('LineCount', { opens: 'report.reportLines' }),
      col.number('TotalQuantity'),
      col.dateTime('SubmittedOn', { sortable: true }),
      col.text('ReviewerName'),
      col.boolean('LateReport'),
      col.boolean('OpeningMismatch'),
    ],
    filters: [
      filter.picker('AgentName', 'customer', true),
      filter.text('Period', true),
      filter.dict('ReportStatus', 'ReportStatus', true),
      filter.dict('ReportType', 'ReportType'),
      filter.docNo('ReportNo'),
      filter.boolean('LateReport'),
      filter.boolean('OpeningMismatch'),
    ],
    toolbar: ['export'],
    export: { configCode: 'AgentReportStateExport', mode: 'sync' },
    sort: '-Period',
  },
  // Submitted, recalled, approved and returned here through its workflow; its lines listed under its
  // figures (views/pages/reports/report-state-detail-page.tsx), the rows report.reportLines lists.
  reportStateDetail: {
    titleKey: 'page.reportStates.reportStateDetail',
    kind: 'detail',
    view: 'reportStateDetail',
    path: '/report/report-state-detail',
    hidden: true,
    parent: 'report.reportStates',
    resource: 'agentReport',
    workflow: workflowPanel.decisions('agentReport'),
    fields: reportFields,
  },
  // One report's lines, whatever its type: the rows of the line lists it counts, with its number,
  // filtered and exported like any list; opened from the reports list's line count.
  reportLines: {
    titleKey: 'page.reportStates.reportLines',
    kind: 'list',
    path: '/report/report-lines',
    hidden: true,
    parent: 'report.reportStates',
    resource: 'agentReportLine',
    columns: [
      col.text('ReportNo', { sortable: true }),
      col.text('AgentName'),
      col.text('Period', { sortable: true }),
      col.dict('ReportType', 'ReportType'),
      col.text('ProductModel', { sortable: true }),
      col.text('CounterpartyName'),
      col.number('Quantity'),
      col.price('UnitPrice'),
      col.price('Amount'),
      col.date('LineDate', { sortable: true }),
      col.number('OpeningQuantity'),
      col.number('PurchaseQuantity'),
      col.number('SalesQuantity'),
      col.number('ClosingQuantity'),
      col.dict('ReportStatus', 'ReportStatus'),
      col.boolean('LateReport'),
    ],
    filters: [
      filter.docNo('ReportNo', true),
      filter.text('ProductModel', true),
      filter.text('CounterpartyName'),
      filter.dict('ReportType', 'ReportType'),
      filter.text('Period'),
      filter.dateRange('LineDate'),
    ],
    toolbar: ['export'],
    export: { configCode: 'AgentReportLineExport', mode: 'sync' },
    sort: 'ProductModel',
  },
  lateReportRequests: {
    // Asked by those who report; the channel manager decides on the request's page, without editing it.
    writtenBy: REPORTER_ROLES,
    titleKey: 'page.reportStates.lateReportRequests',
    kind: 'list',
    path: '/report/late-report-requests',
    resource: 'lateReportRequest',
    inbox: 'lateReportRequest',
    columns: [
      col.text('RequestNo', { sortable: true, opens: 'report.lateReportRequestEdit' }),
      col.text('AgentName'),
      col.text('Period', { sortable: true }),
      col.dict('ReportType', 'ReportType'),
      col.text('Reason'),
      col.dict('RequestStatus', 'LateReportStatus'),
      col.text('ApplicantName'),
      col.dateTime('CreationOn', { sortable: true }),
      col.dateTime('WindowEnd'),
      col.text('DeciderName'),
    ],
    filters: [
      filter.docNo('RequestNo', true),
      filter.picker('AgentName', 'customer', true),
      filter.dict('RequestStatus', 'LateReportStatus', true),
      filter.text('Period'),
      filter.dict('ReportType', 'ReportType'),
    ],
    toolbar: ['create', 'export'],
    export: { configCode: 'LateReportRequestExport', mode: 'sync' },
    sort: '-CreationOn',
  },
  // Asked here (a period past its control date); decided here by the channel manager.
  lateReportRequestEdit: {
    writtenBy: REPORTER_ROLES,
    // Edited only when sent back to its applicant; waiting, decided or withdrawn, it stands as sent.
    lockedWhile: [
      lockedWhile('RequestStatus', [
        LateReportStatus.inApproval,
        LateReportStatus.approved,
        LateReportStatus.rejected,
        LateReportStatus.withdrawn,
      ]),
    ],
    titleKey: 'page.reportStates.lateReportRequestEdit',
    kind: 'edit',
    path: '/report/late-report-request-edit',
    hidden: true,
    parent: 'report.lateReportRequests',
    resource: 'lateReportRequest',
    workflow: workflowPanel.decisions('lateReportRequest'),
    fields: [
      field('RequestNo', 'text', { readOnly: true }),
      field('AgentName', 'text', { picker: 'customer', required: true }),
      field('Period', 'text', { required: true }),
      field('ReportType', 'dict', { dict: 'ReportType', required: true }),
      field('Reason', 'longText', { required: true, span: 2 }),
      field('RequestStatus', 'dict', { dict: 'LateReportStatus', readOnly: true }),
      field('ApplicantName', 'text', { readOnly: true }),
      field('WindowEnd', 'dateTime', { readOnly: true }),
      field('DeciderName', 'text', { readOnly: true }),
      field('DecisionReason', 'longText', { readOnly: true, span: 2 }),
    ],
  },
});
