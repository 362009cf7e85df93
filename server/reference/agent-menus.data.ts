import { owedReportPages } from '../../domain/reporting';
import { ROLE } from '../identity/roles';

/**
 * The pages an agent's staff work with (DOMAIN.md "Channel and roles"): its orders and their changes,
 * shipments, invoices and loans; its opportunities, special prices and commitment letters; its rebates;
 * the tasks it confirms; its reports and uploads; and its own company, read-only, with the
 * applications an agent makes on it (renewal, senior certification, RSP↔CCP conversion). Vendor
 * configuration and the vendor's own queues (order approval chains, controlled part numbers, rebate
 * ratios, province task splits…) are not here: an agent would find them empty or be offered what the
 * server refuses.
 * Hidden record pages come with the list they open from.
 */
const ownLineOrders = [
  'ordersSetup.selfBuiltOrder',
  'ordersSetup.selfBuiltOrders',
  'ordersSetup.ownLineOrders',
  'ordersSetup.ownLineOrderDetail',
  'ordersSetup.approvalQuery',
  'ordersSetup.orderApproval',
  'ordersSetup.ownLineShipment',
  'ordersSetup.lineShipmentInfo',
  'ordersSetup.ownLineDeliveryConfirm',
  'ordersSetup.ownLineOrderReport',
  'ordersSetup.invoiceDetails',
  'ordersSetup.agentReceipts',
  'ordersSetup.agentReceiptDetail',
  'ordersSetup.invoiceApply',
  'ordersSetup.invoiceEdit',
  'ordersSetup.orderChangeModify',
  'ordersSetup.orderChangeEdit',
  'ordersSetup.orderChangeConfirm',
  'ordersSetup.orderChangeDetail',
  'ordersSetup.loanOrders',
  'ordersSetup.loanOrderDetail',
  'ordersSetup.loanOrderEdit',
  'ordersSetup.loanReturnOrders',
  'ordersSetup.loanReturnOrderDetail',
  'ordersSetup.loanReport',
];

/** Special-price orders and execution orders follow the agent's protected opportunities. */
const specialPriceOrders = [
  'ordersSetup.executionOrders',
  'ordersSetup.executionOrderDetail',
  'ordersSetup.specialAdd',
];

const opportunities = [
  'business.opportunityList',
  'business.opportunityInfo',
  'business.maintainBidResults',
  'business.specialPriceApproval',
  'business.specialPriceApprovalInfo',
  'business.specialPriceApply',
  'business.createExecutionOrder',
  'business.opportunityManagement',
  'business.opportunityManagementDetail',
  'business.productLineDetail',
  'business.commitmentLetters',
  'business.commitmentLetterCreate',
  'business.commitmentLetterDetail',
];

/**
 * Pages about the account's own agent company, each with the vendor pages that show any company in
 * scope and offer the same applications on it. Vendor staff belong to no agent company and are given
 * none of them; whoever holds one of the vendor pages holds at least as much (a password reset
 * compares menus: server/identity/reset-powers.ts).
 */
export const OWN_COMPANY_PAGES: Record<string, readonly string[]> = {
  'customers.myCompany': ['customers.distributorDetail', 'customers.rspDetail', 'customers.ccpDetail'],
};

/**
 * The review of the agent's reports: the opinions vendor reviewers raise on them, read and answered by
 * its staff, and the log of every change to its report lines — both sides read the same.
 */
const reportReviews = [
  'report.opinionList',
  'report.opinionDetail',
  'report.modificationRecords',
  'report.modificationRecordDetail',
];

/** The agent's own reports per period and type, submitted there, and its late-report requests. */
const reportStates = [
  'report.reportStates',
  'report.reportStateDetail',
  'report.reportLines',
  'report.lateReportRequests',
  'report.lateReportRequestEdit',
];

const rebates = [
  'rebates.announcementView',
  'rebates.announcementDetail',
  'rebates.rebateTasks',
  'rebates.rebateTaskDetail',
  'rebates.customerRebateFlow',
  'rebates.customerRebateSummary',
  'rebates.settlementLines',
];

export const AGENT_MENUS: Record<string, readonly string[]> = {
  [ROLE.rspAgent]: [
    'customers.myCompany',
    ...specialPriceOrders,
    ...ownLineOrders,
    'ordersSetup.rspHardwareOrderNew',
    'ordersSetup.serviceOrderNew',
    ...opportunities,
    ...rebates,
    'salesTask.rspTaskConfirm',
    ...owedReportPages(ROLE.rspAgent),
    'report.reconcileWarnings',
    ...reportReviews,
    ...reportStates,
    'importHistory.list',
    'importHistory.detail',
  ],
  [ROLE.ccpAgent]: [
    'customers.myCompany',
    ...specialPriceOrders,
    ...ownLineOrders,
    ...opportunities,
    ...rebates,
    ...owedReportPages(ROLE.ccpAgent),
    ...reportReviews,
  ],
  [ROLE.distributor]: [
    'customers.myCompany',
    ...ownLineOrders,
    'ordersSetup.partnerDistributorOrders',
    'ordersSetup.partnerOrderDetail',
    'ordersSetup.partnerDeliveryConfirm',
    ...rebates,
    ...owedReportPages(ROLE.distributor),
    'report.monthlyShipmentReport',
    'report.reconcileWarnings',
    ...reportReviews,
    ...reportStates,
    'importHistory.list',
    'importHistory.detail',
  ],
};

/** Every page some agent role is seeded with: what an agent may ever be shown. */
export const AGENT_PAGES: ReadonlySet<string> = new Set(Object.values(AGENT_MENUS).flat());
