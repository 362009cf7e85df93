import { TaskPackageStatus } from '../domain/codes/sales-tasks.codes';
import { TASK_OFFICE } from '../domain/roles';
import { col, definePages, field, filter, lockedWhile, workflowPanel } from './define';
import type { ColumnDef, FieldDef } from './types';

/**
 * A task package waiting for approval, in effect or closed changes only through an adjustment; a late
 * target waiting for HQ's exception, or refused it, does not change at all.
 */
const PACKAGE_LOCKS = [
  lockedWhile('TaskPackageStatus', [
    TaskPackageStatus.awaitingApproval,
    TaskPackageStatus.inEffect,
    TaskPackageStatus.closed,
    TaskPackageStatus.lateReview,
    TaskPackageStatus.lateRefused,
  ]),
];
/** The reason a target is set late is given once, with the target: the exception HQ decides is for it. */
const LATE_REASON_LOCK = lockedWhile('TaskPackageStatus', Object.values(TaskPackageStatus), ['LateReason']);

/** Quarter targets, shown wherever an annual target is split (SPEC §6 notes: Q1 20% / Q2 25% / Q3 25% / Q4 30%). */
export const quarterColumns = (editable = false): ColumnDef[] =>
  ['Q1Task', 'Q2Task', 'Q3Task', 'Q4Task'].map((f) => col.price(f, { editable }));

export const quarterFields = (readOnly = false): FieldDef[] =>
  ['Q1Task', 'Q2Task', 'Q3Task', 'Q4Task'].map((f) => field(f, 'price', { required: !readOnly, readOnly }));

/** Left blank, the server splits the annual target by the default shares (server/sales-tasks). */
export const splitQuarterFields: FieldDef[] = ['Q1Task', 'Q2Task', 'Q3Task', 'Q4Task'].map((f) =>
  field(f, 'price'),
);

const monthFields: FieldDef[] = Array.from({ length: 12 }, (_, i) =>
  field(`Month${String(i + 1).padStart(2, '0')}Task`, 'price'),
);

const provinceTaskFields = (readOnly: boolean): FieldDef[] => [
  field('Year', 'number', { required: !readOnly, readOnly }),
  field('ProvinceName', 'text', { picker: 'region', required: !readOnly, readOnly }),
  field('Brand', 'dict', { dict: 'Brand', required: !readOnly, readOnly }),
  field('IndicatorType', 'dict', { dict: 'TaskIndicatorType', required: !readOnly, readOnly }),
  field('AnnualTask', 'price', { required: !readOnly, readOnly }),
  ...(readOnly ? quarterFields(true) : splitQuarterFields),
  field('RspAllocated', 'price', { readOnly: true }),
  field('CityManagerAllocated', 'price', { readOnly: true }),
  field('LoadBearingRate', 'percent', { readOnly: true }),
  field('TaskPackageStatus', 'dict', { dict: 'TaskPackageStatus', readOnly: true }),
  // Only for a target set after its year began: HQ allows it, or not, for this reason.
  field('LateReason', 'longText', { span: 2, readOnly }),
  field('Remark', 'longText', { span: 2 }),
];

/** SPEC §2 "Sales tasks": province targets, their time split, load bearing and the province report. */
export const salesTaskPages = definePages('salesTask', {
  provinceTaskShare: {
    kind: 'list',
    path: '/salesTask/province-task-share',
    resource: 'provinceTask',
    // HQ's to-do for a package with no RSP line to open it from (a late target waiting for HQ's
    // exception); a package with lines waits on the RSP task approval list (server/sales-tasks/package-awaiting.ts).
    inbox: 'salesTask',
    columns: [
      col.text('ProvinceName', { sortable: true, opens: 'salesTask.provinceTaskDistribution' }),
      col.text('Year', { sortable: true }),
      col.dict('Brand', 'Brand'),
      col.dict('IndicatorType', 'TaskIndicatorType'),
      col.price('AnnualTask', { sortable: true }),
      ...quarterColumns(),
      col.percent('LoadBearingRate'),
      col.dict('TaskPackageStatus', 'TaskPackageStatus'),
      col.date('ModifiedOn', { sortable: true }),
    ],
    filters: [
      filter.text('Year', true),
      filter.picker('ProvinceName', 'region', true),
      filter.dict('Brand', 'Brand'),
      filter.dict('IndicatorType', 'TaskIndicatorType'),
      filter.dict('TaskPackageStatus', 'TaskPackageStatus'),
    ],
    toolbar: ['create', 'import', 'export'],
    export: { configCode: 'ProvinceTaskExport', mode: 'sync' },
    // Targets are set by the province office (docs/decisions.md "Sales tasks: who does what"); others read them.
    writtenBy: TASK_OFFICE,
    sort: '-Year',
  },
  provinceTaskDistribution: {
    kind: 'detail',
    path: '/salesTask/province-task-distribution',
    hidden: true,
    parent: 'salesTask.provinceTaskShare',
    resource: 'provinceTask',
    workflow: workflowPanel.decisions('salesTask'),
    fields: provinceTaskFields(true),
  },
  provinceTaskDistributionEdit: {
    lockedWhile: [...PACKAGE_LOCKS, LATE_REASON_LOCK],
    kind: 'edit',
    path: '/salesTask/province-task-distribution-edit',
    hidden: true,
    parent: 'salesTask.provinceTaskShare',
    resource: 'provinceTask',
    workflow: workflowPanel.decisions('salesTask'),
    fields: provinceTaskFields(false),
  },
  quarterMonthShare: {
    kind: 'list',
    path: '/salesTask/quarter-month-share',
    resource: 'quarterMonthShare',
    columns: [
      col.text('Year', { sortable: true }),
      col.text('ProvinceName'),
      col.dict('Brand', 'Brand'),
      col.text('Quarter', { sortable: true, opens: 'salesTask.quarterMonthShareEdit' }),
      col.percent('QuarterShare', { editable: true }),
      col.percent('Month1Share', { editable: true }),
      col.percent('Month2Share', { editable: true }),
      col.percent('Month3Share', { editable: true }),
      col.text('ModifiedBy'),
      col.date('ModifiedOn'),
    ],
    filters: [
      filter.text('Year', true),
      filter.picker('ProvinceName', 'region', true),
      filter.dict('Brand', 'Brand'),
    ],
    toolbar: ['create', 'export'],
    export: { configCode: 'QuarterMonthShareExport', mode: 'sync' },
    // The shares split the province's targets: the province office's to set, as the targets are.
    writtenBy: TASK_OFFICE,
    sort: 'Quarter',
  },
  quarterMonthShareEdit: {
    // One quarter's share of the year and its months' shares of the quarter (server/sales-tasks/share-table.ts).
    kind: 'edit',
    path: '/salesTask/quarter-month-share-edit',
    writtenBy: TASK_OFFICE,
    hidden: true,
    parent: 'salesTask.quarterMonthShare',
    resource: 'quarterMonthShare',
    fields: [
      field('Year', 'number', { required: true }),
      field('ProvinceName', 'text', { picker: 'region', required: true }),
      field('Brand', 'dict', { dict: 'Brand', required: true }),
      field('Quarter', 'text', { required: true }),
      field('QuarterShare', 'percent', { required: true }),
      field('Month1Share', 'percent'),
      field('Month2Share', 'percent'),
      field('Month3Share', 'percent'),
    ],
  },
  taskManagement: {
    kind: 'list',
    path: '/salesTask/task-management',
    resource: 'salesTask',
    columns: [
      col.text('TaskNo', { sortable: true, opens: 'salesTask.taskSplit' }),
      col.text('Year', { sortable: true }),
      col.text('ProvinceName'),
      col.dict('Brand', 'Brand'),
      col.dict('IndicatorType', 'TaskIndicatorType'),
      col.price('AnnualTask', { sortable: true }),
      col.price('AllocatedAmount'),
      col.price('UnallocatedAmount'),
      col.dict('TaskPackageStatus', 'TaskPackageStatus'),
      col.text('CreatedBy'),
      col.date('CreationOn', { sortable: true }),
    ],
    filters: [
      filter.docNo('TaskNo', true),
      filter.text('Year', true),
      filter.picker('ProvinceName', 'region'),
      filter.dict('IndicatorType', 'TaskIndicatorType'),
      filter.dict('TaskPackageStatus', 'TaskPackageStatus'),
      filter.dateRange('CreationOn'),
    ],
    toolbar: ['create', 'import', 'export', 'exportLog'],
    export: { configCode: 'SalesTaskExport', mode: 'job' },
    writtenBy: TASK_OFFICE,
    sort: '-CreationOn',
  },
  taskSplit: {
    lockedWhile: PACKAGE_LOCKS,
    kind: 'edit',
    path: '/salesTask/task-split',
    hidden: true,
    parent: 'salesTask.taskManagement',
    resource: 'salesTask',
    fields: [
      // A new task is entered here too (the list's create): what identifies it is required, the
      // split is computed by the server when left blank.
      field('TaskNo', 'text', { readOnly: true }),
      field('Year', 'number', { required: true }),
      field('ProvinceName', 'text', { picker: 'region', required: true }),
      field('Brand', 'dict', { dict: 'Brand', required: true }),
      field('IndicatorType', 'dict', { dict: 'TaskIndicatorType', required: true }),
      field('AnnualTask', 'price', { required: true }),
      ...splitQuarterFields,
      ...monthFields,
      field('TaskPackageStatus', 'dict', { dict: 'TaskPackageStatus', readOnly: true }),
      field('Remark', 'longText', { span: 2 }),
    ],
  },
  rspLoadBearing: {
    kind: 'list',
    path: '/salesTask/rsp-load-bearing',
    resource: 'loadBearing',
    columns: [
      col.text('AgentName', { sortable: true }),
      col.text('AgentCode'),
      col.text('ProvinceName'),
      col.text('Year'),
      col.dict('Brand', 'Brand'),
      col.price('LastYearActual'),
      col.price('LoadBearingAmount', { sortable: true }),
      col.percent('YoyGrowth'),
      col.price('CompletedAmount'),
      col.percent('CompletionRate', { sortable: true }),
      col.price('RemainingAmount'),
      col.boolean('CapacityWarning'),
    ],
    filters: [
      filter.text('Year', true),
      filter.picker('ProvinceName', 'region', true),
      filter.picker('AgentName', 'customer'),
      filter.dict('Brand', 'Brand'),
      filter.boolean('CapacityWarning'),
    ],
    toolbar: ['export', 'exportLog'],
    export: { configCode: 'RspLoadBearingExport', mode: 'job' },
    sort: '-LoadBearingAmount',
  },
  provincialTaskReport: {
    kind: 'list',
    path: '/salesTask/provincial-task-report',
    resource: 'provincialTaskReport',
    columns: [
      col.text('ProvinceName', { sortable: true }),
      col.text('Year'),
      col.dict('Brand', 'Brand'),
      col.dict('IndicatorType', 'TaskIndicatorType'),
      col.price('AnnualTask'),
      col.percent('LoadBearingRate'),
      col.number('RspCount'),
      col.price('CompletedAmount'),
      col.percent('CompletionRate', { sortable: true }),
      col.price('GapAmount'),
      col.boolean('LoadBearingOutsideWindow'),
    ],
    filters: [
      filter.text('Year', true),
      filter.picker('ProvinceName', 'region', true),
      filter.dict('Brand', 'Brand'),
      filter.dict('IndicatorType', 'TaskIndicatorType'),
      filter.boolean('LoadBearingOutsideWindow'),
    ],
    toolbar: ['export', 'exportLog'],
    export: { configCode: 'ProvincialTaskReport', mode: 'job' },
    sort: '-CompletionRate',
  },
});
