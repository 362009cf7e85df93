import { baseManagePages } from './baseManage.pages';
import { baseManageLogPages } from './baseManage-logs.pages';
import { businessPages } from './business.pages';
import { businessCustomerPages } from './business-customers.pages';
import { businessLetterPages } from './business-letters.pages';
import { businessManagementPages } from './business-management.pages';
import { businessReportPages } from './business-reports.pages';
import { isPlaceholderPage } from './custom-views';
import { customersPages } from './customers.pages';
import { customersRecordPages } from './customers-records.pages';
import { importHistoryPages } from './importHistory.pages';
import { modelsPages } from './models.pages';
import { ordersSetupPages } from './ordersSetup.pages';
import { ordersSetupChangePages } from './ordersSetup-change.pages';
import { ordersSetupConfigPages } from './ordersSetup-config.pages';
import { ordersSetupDeliveryPages } from './ordersSetup-delivery.pages';
import { ordersSetupLoanPages } from './ordersSetup-loans.pages';
import { ordersSetupPaymentPages } from './ordersSetup-payment.pages';
import { ordersSetupQueryPages } from './ordersSetup-query.pages';
import { type RouteMatch as PathMatch, pathMatcher } from './path-match';
import { publicPages, shellPages } from './public.pages';
import { rebatesPages } from './rebates.pages';
import { rebatesLedgerPages } from './rebates-ledger.pages';
import { reportPages } from './report.pages';
import { reportReviewPages } from './report-reviews.pages';
import { reportShipmentPages } from './report-shipments.pages';
import { reportStatePages } from './report-states.pages';
import { salesActivityPages } from './salesActivity.pages';
import { salesTaskPages } from './salesTask.pages';
import { salesTaskAllocationPages } from './salesTask-allocation.pages';
import { salesTaskStiPages } from './salesTask-sti.pages';
import { systemPages } from './system.pages';
import type { PageEntry } from './types';

/** Every page of the portal, in menu order within each module. */
export const pages: PageEntry[] = [
  ...publicPages,
  ...shellPages,
  ...customersPages,
  ...customersRecordPages,
  ...modelsPages,
  ...baseManagePages,
  ...baseManageLogPages,
  ...systemPages,
  ...ordersSetupPages,
  ...ordersSetupQueryPages,
  ...ordersSetupDeliveryPages,
  ...ordersSetupPaymentPages,
  ...ordersSetupConfigPages,
  ...ordersSetupChangePages,
  ...ordersSetupLoanPages,
  ...businessPages,
  ...businessManagementPages,
  ...businessCustomerPages,
  ...businessReportPages,
  ...businessLetterPages,
  ...rebatesPages,
  ...rebatesLedgerPages,
  ...salesTaskPages,
  ...salesTaskAllocationPages,
  ...salesTaskStiPages,
  ...reportPages,
  ...reportShipmentPages,
  ...reportReviewPages,
  ...reportStatePages,
  ...importHistoryPages,
  ...salesActivityPages,
];

export type RouteMatch = PathMatch<PageEntry>;

/** The page a path shows, with its whole entry, or undefined for an unknown path (the shell uses routes.ts). */
export const matchRoute = pathMatcher(pages);

export const pageById = (id: string) => pages.find((p) => p.id === id);

/**
 * Ids a role may be given in its menu list: everything but public and always-open pages, and the
 * placeholders that would show only their title until their module builds them.
 */
export const permissionPageIds = () =>
  pages.filter((p) => !p.public && !p.always && !isPlaceholderPage(p)).map((p) => p.id);

/**
 * Ids of the placeholder pages. A database seeded before a page became one may still list it for a
 * role; whoever reads a role's menu list drops these, so no menu shows them and no migration is needed.
 */
export const placeholderPageIds: ReadonlySet<string> = new Set(
  pages.filter(isPlaceholderPage).map((p) => p.id),
);
