import { TaskApprovalStatus, TaskConfirmStatus, TaskType } from '../domain/codes/sales-tasks.codes';
import { TASK_OFFICE } from '../domain/roles';
import { col, definePages, field, filter, lockedWhile, workflowPanel } from './define';
import { quarterColumns, quarterFields, splitQuarterFields } from './salesTask.pages';
import { stiFigureColumns, stiFigureFields } from './salesTask-sti.pages';
import type { ColumnDef, FilterDef } from './types';

/** STI views of city managers (our reading of STI_1/STI_2: quarterly target-attainment incentives). */
const stiColumns: ColumnDef[] = [
  col.person('cityManagerName', 'cityManagerCode', { sortable: true }),
  col.text('ProvinceName'),
  col.text('CityName'),
  col.text('Year'),
  // The quarter's STI is calculated, reviewed and posted on its page.
  col.text('Quarter', { opens: 'salesTask.cityManagerStiDetail' }),
  ...stiFigureColumns({ rateSortable: true }),
];

const stiFilters: FilterDef[] = [
  filter.text('Year', true),
  filter.text('Quarter', true),
  filter.picker('ProvinceName', 'region'),
  filter.picker('cityManagerName', 'employee'),
  filter.dict('StiStatus', 'StiStatus'),
];

/** SPEC §2 "Sales tasks": allocation to RSPs and city managers, confirmation, approval and STI. */
export const salesTaskAllocationPages = definePages('salesTask', {
  rspTaskAllocation: {
    kind: 'list',
    path: '/salesTask/rsp-task-allocation',
    resource: 'rspTaskAllocation',
    // The province office's to-do: objections waiting for its ruling.
    inbox: 'rspTaskConfirmation',
    columns: [
      col.text('AgentName', { sortable: true, opens: 'salesTask.rspTaskSplit' }),
      col.text('Year', { sortable: true }),
      col.text('ProvinceName'),
      col.dict('Brand', 'Brand'),
      col.dict('IndicatorType', 'TaskIndicatorType'),
      col.price('LoadBearingAmount', { sortable: true }),
      ...quarterColumns(),
      col.dict('ConfirmStatus', 'TaskConfirmStatus'),
      col.dict('TaskApprovalStatus', 'TaskApprovalStatus'),
    ],
    filters: [
      filter.picker('AgentName', 'customer', true),
      filter.text('Year', true),
      filter.picker('ProvinceName', 'region'),
      filter.dict('IndicatorType', 'TaskIndicatorType'),
      filter.dict('TaskApprovalStatus', 'TaskApprovalStatus'),
    ],
    // A line allocated by mistake is removed while its package is still the province office's: a
    // line in approval or approved is locked, one waiting for the RSP's answer has an open workflow.
    toolbar: ['create', 'batchDelete', 'import', 'export', 'exportLog'],
    // The province office allocates (docs/decisions.md "Sales tasks: who does what"); others read.
    writtenBy: TASK_OFFICE,
    export: { configCode: 'RspTaskAllocationExport', mode: 'job' },
    sort: '-Year',
  },
  rspTaskSplit: {
    // In approval or approved, a task changes only through an adjustment request.
    lockedWhile: [
      lockedWhile('TaskApprovalStatus', [TaskApprovalStatus.inApproval, TaskApprovalStatus.approved]),
    ],
    // HQ also sees the line's STI by quarter here and posts a finished quarter's to the RSP's rebate account.
    kind: 'edit',
    view: 'rspTaskLine',
    path: '/salesTask/rsp-task-split',
    // The channel department calculates the line's STI here and others read it; the office writes it.
    writtenBy: TASK_OFFICE,
    hidden: true,
    parent: 'salesTask.rspTaskAllocation',
    resource: 'rspTaskAllocation',
    workflow: workflowPanel.decisions('rspTaskConfirmation'),
    fields: [
      field('AgentName', 'text', { picker: 'customer', required: true }),
      field('Year', 'number', { required: true }),
      // Year, province, brand line and indicator name the province target this share counts towards.
      field('ProvinceName', 'text', { picker: 'region', required: true }),
      field('Brand', 'dict', { dict: 'Brand', required: true }),
      field('IndicatorType', 'dict', { dict: 'TaskIndicatorType', required: true }),
      field('LoadBearingAmount', 'price', { required: true }),
      ...splitQuarterFields,
      field('ConfirmStatus', 'dict', { dict: 'TaskConfirmStatus', readOnly: true }),
      field('TaskApprovalStatus', 'dict', { dict: 'TaskApprovalStatus', readOnly: true }),
      field('Remark', 'longText', { span: 2 }),
    ],
  },
  cityManagerTaskAllocation: {
    kind: 'list',
    path: '/salesTask/city-manager-task-allocation',
    resource: 'cityManagerTask',
    columns: [
      col.person('cityManagerName', 'cityManagerCode', {
        sortable: true,
        opens: 'salesTask.cityManagerTaskSplit',
      }),
      col.text('Year', { sortable: true }),
      col.text('ProvinceName'),
      col.text('CityName'),
      col.dict('Brand', 'Brand'),
      col.dict('TaskType', 'TaskType'),
      col.price('AnnualTask', { sortable: true }),
      ...quarterColumns(),
      col.dict('TaskApprovalStatus', 'TaskApprovalStatus'),
    ],
    filters: [
      filter.picker('cityManagerName', 'employee', true),
      filter.text('Year', true),
      filter.picker('ProvinceName', 'region'),
      filter.dict('TaskType', 'TaskType'),
      filter.dict('TaskApprovalStatus', 'TaskApprovalStatus'),
    ],
    toolbar: ['create', 'import', 'export', 'exportLog'],
    export: { configCode: 'CityManagerTaskExport', mode: 'job' },
    // A city manager reads his tasks here; the province office sets them.
    writtenBy: TASK_OFFICE,
    sort: '-Year',
  },
  cityManagerTaskSplit: {
    // In approval or approved, a task changes only through an adjustment request.
    lockedWhile: [
      lockedWhile('TaskApprovalStatus', [TaskApprovalStatus.inApproval, TaskApprovalStatus.approved]),
    ],
    kind: 'edit',
    path: '/salesTask/city-manager-task-split',
    writtenBy: TASK_OFFICE,
    hidden: true,
    parent: 'salesTask.cityManagerTaskAllocation',
    resource: 'cityManagerTask',
    fields: [
      field('cityManagerName', 'text', { picker: 'employee', required: true }),
      field('cityManagerCode', 'text', { readOnly: true }),
      field('Year', 'number', { required: true }),
      field('ProvinceName', 'text', { picker: 'region', required: true }),
      field('CityName', 'text', { required: true }),
      field('Brand', 'dict', { dict: 'Brand', required: true }),
      field('TaskType', 'dict', { dict: 'CityManagerTaskType', required: true }),
      field('AnnualTask', 'price', { required: true }),
      ...quarterFields(),
      field('TaskApprovalStatus', 'dict', { dict: 'TaskApprovalStatus', readOnly: true }),
      field('Remark', 'longText', { span: 2 }),
    ],
  },
  rspTaskConfirm: {
    // Confirmed, decided or confirmed by the deadline: the agent's objection is history.
    lockedWhile: [
      lockedWhile('ConfirmStatus', [
        TaskConfirmStatus.confirmed,
        TaskConfirmStatus.decided,
        TaskConfirmStatus.autoConfirmed,
      ]),
    ],
    kind: 'list',
    path: '/salesTask/rsp-task-confirm',
    resource: 'rspTaskAllocation',
    // The RSP's to-do: its lines sent for confirmation and not answered yet.
    inbox: 'rspTaskConfirmation',
    editPage: 'salesTask.rspTaskConfirmEdit',
    columns: [
      col.text('AgentName', { sortable: true, opens: 'salesTask.rspTaskConfirmEdit' }),
      col.text('Year', { sortable: true }),
      col.text('ProvinceName'),
      col.dict('Brand', 'Brand'),
      col.dict('IndicatorType', 'TaskIndicatorType'),
      col.price('LoadBearingAmount'),
      col.dict('ConfirmStatus', 'TaskConfirmStatus'),
      // An objection is one step of the line's page: its figure and reason in the objection's dialog.
      col.price('ObjectionAmount'),
      col.text('ObjectionReason'),
      col.date('ConfirmDeadline', { sortable: true }),
      col.dateTime('ConfirmedOn'),
    ],
    filters: [
      filter.text('Year', true),
      filter.dict('ConfirmStatus', 'TaskConfirmStatus', true),
      filter.dict('IndicatorType', 'TaskIndicatorType'),
      filter.dict('Brand', 'Brand'),
    ],
    toolbar: ['export'],
    export: { configCode: 'RspTaskConfirmExport', mode: 'sync' },
    sort: 'ConfirmDeadline',
  },
  rspTaskConfirmEdit: {
    // Confirmed, decided or confirmed by the deadline: the agent's objection is history.
    lockedWhile: [
      lockedWhile('ConfirmStatus', [
        TaskConfirmStatus.confirmed,
        TaskConfirmStatus.decided,
        TaskConfirmStatus.autoConfirmed,
      ]),
    ],
    // The RSP reads its line here and confirms it, or types the figure it proposes and objects.
    kind: 'edit',
    path: '/salesTask/rsp-task-confirm-edit',
    hidden: true,
    parent: 'salesTask.rspTaskConfirm',
    resource: 'rspTaskAllocation',
    workflow: workflowPanel.decisions('rspTaskConfirmation'),
    fields: [
      field('AgentName', 'text', { readOnly: true }),
      field('Year', 'number', { readOnly: true }),
      field('ProvinceName', 'text', { readOnly: true }),
      field('Brand', 'dict', { dict: 'Brand', readOnly: true }),
      field('IndicatorType', 'dict', { dict: 'TaskIndicatorType', readOnly: true }),
      field('LoadBearingAmount', 'price', { readOnly: true }),
      ...quarterFields(true),
      field('ConfirmDeadline', 'date', { readOnly: true }),
      field('ConfirmStatus', 'dict', { dict: 'TaskConfirmStatus', readOnly: true }),
      field('ObjectionAmount', 'price', { readOnly: true }),
      field('ObjectionReason', 'longText', { readOnly: true, span: 2 }),
    ],
  },
  rspTaskApproval: {
    // HQ decides a task package as a whole (machines/workflows/sales-task.workflow.ts): a line opens
    // its package's approval, where the buttons are what the package's workflow allows the caller.
    kind: 'list',
    path: '/salesTask/rsp-task-approval',
    resource: 'rspTaskAllocation',
    // HQ's to-do: the lines of the packages waiting for its decision (server/sales-tasks/package-awaiting.ts).
    inbox: 'salesTask',
    columns: [
      col.text('AgentName', { sortable: true, opens: 'salesTask.rspPackageApproval' }),
      col.text('ProvinceName'),
      col.text('Year'),
      col.dict('TaskType', 'TaskType'),
      col.dict('IndicatorType', 'TaskIndicatorType'),
      col.price('LoadBearingAmount'),
      ...quarterColumns(),
      col.dict('ConfirmStatus', 'TaskConfirmStatus'),
      col.dict('TaskApprovalStatus', 'TaskApprovalStatus'),
    ],
    filters: [
      filter.picker('ProvinceName', 'region', true),
      filter.text('Year', true),
      filter.dict('TaskApprovalStatus', 'TaskApprovalStatus', true),
      filter.picker('AgentName', 'customer'),
      filter.dict('ConfirmStatus', 'TaskConfirmStatus'),
    ],
    toolbar: ['export', 'exportLog'],
    export: {
      configCode: 'RSPApproval',
      mode: 'job',
      forced: { taskTypeSearch: TaskType.rsp, taskVolume: '0' },
    },
    sort: 'ProvinceName',
  },
  rspPackageApproval: {
    // An RSP line with its package: the province target, every RSP line of it, and the package's decision.
    kind: 'detail',
    view: 'taskPackageApproval',
    path: '/salesTask/rsp-package-approval',
    hidden: true,
    parent: 'salesTask.rspTaskApproval',
    resource: 'rspTaskAllocation',
    fields: [
      field('AgentName', 'text', { readOnly: true }),
      field('Year', 'number', { readOnly: true }),
      field('ProvinceName', 'text', { readOnly: true }),
      field('Brand', 'dict', { dict: 'Brand', readOnly: true }),
      field('IndicatorType', 'dict', { dict: 'TaskIndicatorType', readOnly: true }),
      field('LoadBearingAmount', 'price', { readOnly: true }),
      field('ConfirmStatus', 'dict', { dict: 'TaskConfirmStatus', readOnly: true }),
      field('TaskApprovalStatus', 'dict', { dict: 'TaskApprovalStatus', readOnly: true }),
    ],
  },
  cityManagerTaskApproval: {
    // The staff view of the same packages: a task opens its package's approval (see rspTaskApproval).
    // Its figures stay editable in the row until the package goes to approval (SPEC §4: cells lock
    // while TaskApprovalStatus is 111 or 121), as the province office corrects them before submitting.
    lockedWhile: [
      lockedWhile('TaskApprovalStatus', [TaskApprovalStatus.inApproval, TaskApprovalStatus.approved]),
    ],
    kind: 'list',
    path: '/salesTask/city-manager-task-approval',
    resource: 'cityManagerTask',
    columns: [
      col.person('cityManagerName', 'cityManagerCode', {
        sortable: true,
        opens: 'salesTask.cityManagerPackageApproval',
      }),
      col.text('ProvinceName'),
      col.text('CityName'),
      col.text('Year'),
      col.dict('TaskType', 'TaskType'),
      col.price('AnnualTask', { editable: true }),
      ...quarterColumns(true),
      col.dict('TaskApprovalStatus', 'TaskApprovalStatus'),
    ],
    filters: [
      filter.picker('ProvinceName', 'region', true),
      filter.text('Year', true),
      filter.dict('TaskApprovalStatus', 'TaskApprovalStatus', true),
      filter.picker('cityManagerName', 'employee'),
      filter.dict('TaskType', 'TaskType'),
    ],
    toolbar: ['export', 'exportLog'],
    export: {
      configCode: 'CityManagerApproval',
      mode: 'job',
      forced: { taskTypeSearch: '111,121,131,141', taskVolume: '0' },
    },
    sort: 'ProvinceName',
    // HQ and the others read the figures; the cells are the province office's.
    writtenBy: TASK_OFFICE,
  },
  cityManagerPackageApproval: {
    // A city manager's task with its package: the target, every city manager task of it, the decision.
    kind: 'detail',
    view: 'taskPackageApproval',
    path: '/salesTask/city-manager-package-approval',
    hidden: true,
    parent: 'salesTask.cityManagerTaskApproval',
    resource: 'cityManagerTask',
    fields: [
      field('cityManagerName', 'text', { readOnly: true }),
      field('Year', 'number', { readOnly: true }),
      field('ProvinceName', 'text', { readOnly: true }),
      field('CityName', 'text', { readOnly: true }),
      field('Brand', 'dict', { dict: 'Brand', readOnly: true }),
      field('TaskType', 'dict', { dict: 'CityManagerTaskType', readOnly: true }),
      field('AnnualTask', 'price', { readOnly: true }),
      field('TaskApprovalStatus', 'dict', { dict: 'TaskApprovalStatus', readOnly: true }),
    ],
  },
  cityManagerSti1: {
    kind: 'list',
    path: '/salesTask/city-manager-sti1',
    resource: 'stiTask',
    // STI_1 rewards the sell-in targets, STI_2 the sell-out, collection and key-product ones.
    fixed: { StiKind: '1' },
    // The to-do of the STI's reviewer and poster (machines/workflows/city-manager-sti.workflow.ts).
    inbox: 'cityManagerStiReview',
    columns: stiColumns,
    filters: stiFilters,
    toolbar: ['export', 'exportLog'],
    export: { configCode: 'CityManagerSti1Export', mode: 'job' },
    sort: '-StiAmount',
  },
  cityManagerSti2: {
    kind: 'list',
    path: '/salesTask/city-manager-sti2',
    resource: 'stiTask',
    fixed: { StiKind: '2' },
    inbox: 'cityManagerStiReview',
    columns: stiColumns,
    filters: stiFilters,
    toolbar: ['export', 'exportLog'],
    export: { configCode: 'CityManagerSti2Export', mode: 'job' },
    sort: '-StiAmount',
  },
  cityManagerStiDetail: {
    // One city manager's quarter: its figures, and the panel where HQ calculates its STI once the
    // quarter is over, the executive reviews it and the channel department posts it for payroll.
    kind: 'detail',
    path: '/salesTask/city-manager-sti-detail',
    hidden: true,
    parent: 'salesTask.cityManagerSti1',
    resource: 'stiTask',
    workflow: workflowPanel.decisions('cityManagerStiReview'),
    fields: [
      field('cityManagerName', 'text', { readOnly: true }),
      field('ProvinceName', 'text', { readOnly: true }),
      field('CityName', 'text', { readOnly: true }),
      field('Year', 'text', { readOnly: true }),
      field('Quarter', 'text', { readOnly: true }),
      field('StiKind', 'dict', { dict: 'StiKind', readOnly: true }),
      ...stiFigureFields,
    ],
  },
});
