import { LoanStatus } from '../domain/codes/loans.codes';
import { LOAN_APPLICANTS, LOAN_DESK } from '../domain/roles';
import { col, definePages, exceptFor, field, filter, lockedWhile, workflowPanel } from './define';
import { agentDealField, cityManagerField } from './ordersSetup.pages';
import type { FieldDef } from './types';

/**
 * A loan as it is asked for (notes §4.7 fields): one product line on the form (the API takes several),
 * the quantities settled and the status are the workflow's.
 */
const loanFields: FieldDef[] = [
  field('LoanNo', 'text', { readOnly: true }),
  field('LoanStatus', 'dict', { dict: 'LoanStatus', readOnly: true }),
  field('LoanType', 'dict', { dict: 'LoanType', required: true }),
  field('AgentName', 'text', { picker: 'customer', required: true }),
  field('EndUserName', 'text', { required: true }),
  agentDealField,
  // One of the city managers of the agent's city, as an order's (server/orders/order-references.ts).
  cityManagerField,
  field('ExpectedReturnDate', 'date', { required: true }),
  field('ExtendedTo', 'date', { readOnly: true }),
  // The products and quantities are the page's lines (views/pages/orders/loan-entry-page.tsx).
  field('LoanQuantity', 'number', { readOnly: true }),
  field('LoanValue', 'price', { readOnly: true }),
  field('LendDate', 'date', { readOnly: true }),
  field('ReturnedQuantity', 'number', { readOnly: true }),
  field('ConvertedQuantity', 'number', { readOnly: true }),
  field('CompensatedQuantity', 'number', { readOnly: true }),
  field('ApprovalNode', 'text', { readOnly: true }),
  field('Purpose', 'longText', { span: 2 }),
  field('Remark', 'longText', { span: 2 }),
];

/**
 * A loan's terms change while it runs (docs/loans.md "Terms"); written off, rejected or withdrawn it is
 * closed: its modification refuses it (409, server/loans/loan-modify.service.ts reads this lock), so
 * the modify list's cells and the saved loan's form offer nothing then.
 */
export const LOAN_CLOSED = lockedWhile('LoanStatus', [
  LoanStatus.writtenOff,
  LoanStatus.rejected,
  LoanStatus.withdrawn,
]);

/**
 * The applicant (the agent's staff who asked for the loan) changes its terms only while it is returned
 * to them, its draft state; in every other state they are the desk's, which corrects an open loan's
 * terms whatever its state. Its modification refuses the applicant by this lock (403,
 * server/loans/loan-modify.service.ts), and the modify list's cells and the saved loan's form offer
 * them nothing then.
 */
export const LOAN_DESK_TERMS = exceptFor(
  LOAN_DESK,
  lockedWhile(
    'LoanStatus',
    Object.values(LoanStatus).filter((state) => state !== LoanStatus.draft),
  ),
);

/**
 * How long a loan may stay out past its due date (`ExtendedTo`) is the desk's to set, in every state: the
 * applicant correcting a returned loan changes its other terms, never its extension. The terms list
 * offers the applicant no extension cell, and the modification refuses one (403,
 * server/loans/loan-modify.service.ts); the loan's form shows the extension read-only to everyone.
 */
export const LOAN_DESK_EXTENSION = exceptFor(
  LOAN_DESK,
  lockedWhile('LoanStatus', Object.values(LoanStatus), ['ExtendedTo']),
);

/** SPEC §2 "Order management", loan business: loans, returns, the loan report and write-off records. */
export const ordersSetupLoanPages = definePages('ordersSetup', {
  loanOrders: {
    kind: 'list',
    path: '/ordersSetup/loan-orders',
    group: 'loans',
    resource: 'loanOrder',
    editPage: 'ordersSetup.loanOrderEdit',
    inbox: 'loanOrder',
    columns: [
      col.text('LoanNo', { sortable: true, opens: 'ordersSetup.loanOrderDetail' }),
      col.dict('LoanType', 'LoanType'),
      col.text('AgentName'),
      col.text('EndUserName'),
      col.text('OpportunityNo'),
      col.price('LoanValue', { sortable: true }),
      col.date('LendDate', { sortable: true }),
      col.date('ExpectedReturnDate', { sortable: true }),
      col.dict('LoanStatus', 'LoanStatus'),
      // The serial of each unit shipped, so the export tells the warehouse which units are out.
      col.text('SerialNumbers'),
      col.person('cityManagerName', 'cityManagerCode'),
      col.date('CreationOn'),
    ],
    filters: [
      filter.docNo('LoanNo', true),
      filter.dict('LoanStatus', 'LoanStatus', true),
      filter.dateRange('LendDate', true),
      filter.dict('LoanType', 'LoanType'),
      filter.picker('AgentName', 'customer'),
    ],
    toolbar: ['create', 'export', 'exportLog'],
    export: { configCode: 'LoanOrderExport', mode: 'job' },
    sort: '-LendDate',
    // Asked for by the agent's staff or the desk for it; the approvers read loans here.
    writtenBy: LOAN_APPLICANTS,
  },
  // A new loan is asked for here; the same page shows it afterwards with its workflow.
  loanOrderEdit: {
    titleKey: 'page.loans.loanOrderEdit',
    kind: 'edit',
    view: 'loanEntry',
    path: '/ordersSetup/loan-order-edit',
    writtenBy: LOAN_APPLICANTS,
    hidden: true,
    parent: 'ordersSetup.loanOrders',
    resource: 'loanOrder',
    workflow: workflowPanel.decisions('loanOrder'),
    fields: loanFields,
    // A saved loan keeps its type, agent and the agent's city manager (another is a new loan): it
    // changes only its terms (server/loans/loan-modify.service.ts).
    lockedWhile: [
      lockedWhile('LoanStatus', Object.values(LoanStatus), ['LoanType', 'AgentName', 'cityManagerName']),
      LOAN_CLOSED,
      LOAN_DESK_TERMS,
    ],
  },
  loanOrderDetail: {
    kind: 'detail',
    view: 'loanEntry',
    path: '/ordersSetup/loan-order-detail',
    hidden: true,
    parent: 'ordersSetup.loanOrders',
    resource: 'loanOrder',
    workflow: workflowPanel.decisions('loanOrder'),
    fields: [
      field('LoanNo', 'text'),
      field('LoanType', 'dict', { dict: 'LoanType' }),
      field('LoanStatus', 'dict', { dict: 'LoanStatus' }),
      agentDealField,
      field('AgentName', 'text', { picker: 'customer' }),
      field('EndUserName', 'text'),
      field('LendDate', 'date'),
      field('ExpectedReturnDate', 'date'),
      field('ExtendedTo', 'date'),
      field('LoanQuantity', 'number'),
      field('ReturnedQuantity', 'number'),
      field('ConvertedQuantity', 'number'),
      field('CompensatedQuantity', 'number'),
      field('LoanValue', 'price'),
      cityManagerField,
      field('CreationOn', 'date'),
      field('Purpose', 'longText', { span: 2 }),
      field('Remark', 'longText', { span: 2 }),
    ],
  },
  loanReturnOrders: {
    kind: 'list',
    path: '/ordersSetup/loan-return-orders',
    group: 'loans',
    resource: 'loanReturn',
    editPage: 'ordersSetup.loanReturnEdit',
    columns: [
      col.text('ReturnNo', { sortable: true, opens: 'ordersSetup.loanReturnOrderDetail' }),
      col.text('LoanNo'),
      col.text('AgentName'),
      col.dict('ReturnReason', 'ReturnReason'),
      col.number('ReturnQuantity'),
      col.date('ReturnApplyDate', { sortable: true }),
      col.date('ReturnDate'),
      col.dict('InspectionResult', 'InspectionResult'),
      col.dict('ReturnStatus', 'LoanReturnStatus'),
      col.date('CreationOn'),
    ],
    filters: [
      filter.docNo('ReturnNo', true),
      filter.docNo('LoanNo', true),
      filter.dict('ReturnStatus', 'LoanReturnStatus', true),
      filter.dateRange('ReturnApplyDate'),
      filter.dict('ReturnReason', 'ReturnReason'),
    ],
    toolbar: ['create', 'export'],
    export: { configCode: 'LoanReturnExport', mode: 'job' },
    // The warehouse takes goods back; the agents and approvers read the returns here.
    writtenBy: LOAN_DESK,
    sort: '-ReturnApplyDate',
  },
  // The warehouse takes goods of a loan back: the units of each line ticked among the serials still
  // out, each line's inspection (views/pages/orders/loan-return-page.tsx), and the fields below.
  loanReturnEdit: {
    titleKey: 'page.loans.loanReturnEdit',
    kind: 'edit',
    view: 'loanReturnEntry',
    path: '/ordersSetup/loan-return-edit',
    writtenBy: LOAN_DESK,
    hidden: true,
    parent: 'ordersSetup.loanReturnOrders',
    resource: 'loanReturn',
    fields: [
      field('ReturnNo', 'text', { readOnly: true }),
      field('LoanNo', 'text', { required: true }),
      field('ReturnReason', 'dict', { dict: 'ReturnReason' }),
      field('ReturnDate', 'date', { readOnly: true }),
      field('ReturnStatus', 'dict', { dict: 'LoanReturnStatus', readOnly: true }),
      field('LogisticsCompany', 'text'),
      field('TrackingNo', 'text'),
      field('Remark', 'longText', { span: 2 }),
    ],
  },
  loanReturnOrderDetail: {
    kind: 'detail',
    path: '/ordersSetup/loan-return-order-detail',
    hidden: true,
    parent: 'ordersSetup.loanReturnOrders',
    resource: 'loanReturn',
    fields: [
      field('ReturnNo', 'text'),
      field('LoanNo', 'text'),
      field('AgentName', 'text', { picker: 'customer' }),
      field('ReturnReason', 'dict', { dict: 'ReturnReason' }),
      field('ReturnQuantity', 'number'),
      field('ReturnApplyDate', 'date'),
      field('ReturnDate', 'date'),
      field('LogisticsCompany', 'text'),
      field('TrackingNo', 'text'),
      field('InspectionResult', 'dict', { dict: 'InspectionResult' }),
      field('ReturnStatus', 'dict', { dict: 'LoanReturnStatus' }),
      field('SerialNumbers', 'longText', { span: 2 }),
      field('Remark', 'longText', { span: 2 }),
    ],
  },
  // One row per loan line: what was lent, returned, converted to sale and still outstanding.
  loanReport: {
    kind: 'list',
    path: '/ordersSetup/loan-report',
    group: 'loans',
    resource: 'loanReport',
    columns: [
      col.text('LoanNo', { sortable: true }),
      col.text('AgentName'),
      col.text('ProvinceName'),
      col.dict('LoanType', 'LoanType'),
      col.text('ProductModel'),
      col.number('LoanQuantity'),
      col.number('ReturnedQuantity'),
      col.number('ConvertedQuantity'),
      col.number('OutstandingQuantity'),
      col.price('LoanValue'),
      col.date('LendDate', { sortable: true }),
      col.number('OverdueDays', { sortable: true }),
    ],
    filters: [
      filter.picker('AgentName', 'customer', true),
      filter.picker('ProvinceName', 'region', true),
      filter.dateRange('LendDate', true),
      filter.dict('LoanType', 'LoanType'),
      filter.dict('LoanStatus', 'LoanStatus'),
    ],
    toolbar: ['export', 'exportLog'],
    export: { configCode: 'LoanReport', mode: 'job' },
    sort: '-OverdueDays',
  },
  loanVerificationRecords: {
    kind: 'list',
    path: '/ordersSetup/loan-verification-records',
    group: 'loans',
    resource: 'loanVerification',
    columns: [
      col.text('VerificationNo', { sortable: true }),
      col.text('LoanNo'),
      col.text('AgentName'),
      col.dict('VerificationMethod', 'VerificationMethod'),
      col.number('VerifiedQuantity'),
      col.text('RelatedOrderNo'),
      col.price('VerifiedAmount'),
      col.dict('VerificationStatus', 'LoanVerificationStatus'),
      col.person('VerifiedByName', 'VerifiedByLogin'),
      col.date('VerifiedOn', { sortable: true }),
    ],
    filters: [
      filter.docNo('LoanNo', true),
      filter.dict('VerificationStatus', 'LoanVerificationStatus', true),
      filter.dateRange('VerifiedOn'),
      filter.dict('VerificationMethod', 'VerificationMethod'),
    ],
    toolbar: ['export'],
    export: { configCode: 'LoanVerificationExport', mode: 'job' },
    sort: '-VerifiedOn',
  },
  // Loan terms corrected in the row: end user, due date, extension and purpose, while the loan is open.
  loanOrderModify: {
    kind: 'list',
    lockedWhile: [LOAN_CLOSED, LOAN_DESK_TERMS, LOAN_DESK_EXTENSION],
    path: '/ordersSetup/loan-order-modify',
    group: 'loans',
    resource: 'loanOrder',
    columns: [
      col.text('LoanNo', { sortable: true, opens: 'ordersSetup.loanOrderDetail' }),
      col.dict('LoanType', 'LoanType'),
      col.text('AgentName'),
      col.text('EndUserName', { editable: true }),
      col.date('LendDate'),
      col.date('ExpectedReturnDate', { editable: true }),
      col.date('ExtendedTo', { editable: true }),
      col.text('Purpose', { editable: true, width: 200 }),
      col.dict('LoanStatus', 'LoanStatus'),
      col.text('ModifiedBy'),
      col.date('ModifiedOn', { sortable: true }),
    ],
    filters: [
      filter.docNo('LoanNo', true),
      filter.picker('AgentName', 'customer', true),
      filter.dict('LoanStatus', 'LoanStatus'),
      filter.dateRange('LendDate'),
    ],
    toolbar: ['refresh', 'export', 'exportLog'],
    export: { configCode: 'LoanOrderModifyExport', mode: 'job' },
    // The desk corrects the terms; the others who hold the page read them.
    writtenBy: LOAN_DESK,
    sort: '-ModifiedOn',
  },
  // One row per loan value band: the band covers values above its floor up to its ceiling (none: no
  // ceiling) and names the roles that approve, in order (docs/loans.md).
  loanApprovalConfig: {
    titleKey: 'page.loans.loanApprovalConfig',
    kind: 'list',
    path: '/ordersSetup/loan-approval-config',
    group: 'loans',
    resource: 'loanApprovalConfig',
    columns: [
      col.price('MinAmount', { sortable: true, opens: 'ordersSetup.loanApprovalConfigDetail' }),
      col.price('MaxAmount'),
      col.dict('firstRole', 'RoleCode'),
      col.dict('secondRole', 'RoleCode'),
      col.dict('thirdRole', 'RoleCode'),
      col.dict('fourthRole', 'RoleCode'),
      col.boolean('Enabled', { editable: true }),
      col.text('ModifiedBy'),
      col.dateTime('ModifiedOn', { sortable: true }),
    ],
    filters: [filter.boolean('Enabled')],
    toolbar: ['create', 'batchDelete'],
    sort: 'MinAmount',
  },
  loanApprovalConfigDetail: {
    titleKey: 'page.loans.loanApprovalConfigDetail',
    kind: 'edit',
    path: '/ordersSetup/loan-approval-config-detail',
    hidden: true,
    parent: 'ordersSetup.loanApprovalConfig',
    resource: 'loanApprovalConfig',
    fields: [
      field('MinAmount', 'price', { required: true }),
      field('MaxAmount', 'price'),
      field('firstRole', 'dict', { dict: 'RoleCode', required: true }),
      field('secondRole', 'dict', { dict: 'RoleCode' }),
      field('thirdRole', 'dict', { dict: 'RoleCode' }),
      field('fourthRole', 'dict', { dict: 'RoleCode' }),
      field('Enabled', 'boolean'),
      field('Remark', 'longText', { span: 2 }),
      field('ModifiedBy', 'text', { readOnly: true }),
      field('ModifiedOn', 'dateTime', { readOnly: true }),
    ],
  },
});
