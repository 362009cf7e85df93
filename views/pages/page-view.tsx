import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { GenericPageKind, ImplementedCustomView } from '../../catalogue/custom-views';
import type { PageEntry } from '../../catalogue/types';
import { withTheme } from '../styles/with-theme';
import LoginPage from './login-page';

export interface PageProps {
  page: PageEntry;
  params: Record<string, string>;
  /** The tab's query string without '?': pages read objectID, action, ... from it, not from the URL. */
  query: string;
}

type LazyPage = LazyExoticComponent<ComponentType<PageProps>> | ComponentType<PageProps>;

/** A public page renders outside the shell: it takes PrimeReact's context along with its own chunk. */
const publicPage = (module: { default: ComponentType<PageProps> }) =>
  import('../kit/prime-context').then(({ inPrimeContext }) => ({ default: inPrimeContext(module.default) }));

// Each page is its own chunk, loaded with the theme (styles/with-theme.ts); the shell and the kit load
// after login. The login page is part of the entry: lazy, it would wait out React's Suspense fallback
// throttle (about 300 ms) after its small chunk arrived, before the form could show.
// Keyed by catalogue/custom-views.ts, so menus and the server know which custom pages are built.
export const customViews = {
  login: LoginPage,
  notFound: lazy(() => withTheme(import('./error-pages').then((m) => ({ default: m.NotFoundPage })))),
  unauthorized: lazy(() => withTheme(import('./error-pages').then((m) => ({ default: m.UnauthorizedPage })))),
  dashboard: lazy(() => withTheme(import('./dashboard-page'))),
  profile: lazy(() => withTheme(import('./profile-page'))),
  changePassword: lazy(() => withTheme(import('./change-password-page'))),
  roleMenus: lazy(() => withTheme(import('./role-menus-page'))),
  resetPassword: lazy(() => withTheme(import('./employees-page'))),
  workflows: lazy(() => withTheme(import('./workflows-page'))),
  provRegister: lazy(() => withTheme(import('./registration-page')).then(publicPage)),
  cityRegister: lazy(() => withTheme(import('./registration-page')).then(publicPage)),
  provProgress: lazy(() => withTheme(import('./registration-progress-page')).then(publicPage)),
  cityProgress: lazy(() => withTheme(import('./registration-progress-page')).then(publicPage)),
  cronjobInfo: lazy(() => withTheme(import('./cron-job-page'))),
  cacheConfig: lazy(() => withTheme(import('./cache-config-page'))),
  booksCheck: lazy(() => withTheme(import('./books-check-page'))),
  servers: lazy(() => withTheme(import('./servers-page'))),
  rspReportUpload: lazy(() => withTheme(import('./rsp-report-upload-page'))),
  orderEntry: lazy(() => withTheme(import('./orders/order-entry-page'))),
  loanEntry: lazy(() => withTheme(import('./orders/loan-entry-page'))),
  loanReturnEntry: lazy(() => withTheme(import('./orders/loan-return-page'))),
  receiptEdit: lazy(() => withTheme(import('./orders/receipt-edit-page'))),
  orderApproval: lazy(() => withTheme(import('./orders/approval-page'))),
  orderChange: lazy(() => withTheme(import('./orders/order-change-page'))),
  myCompany: lazy(() => withTheme(import('./my-company-page'))),
  settlementAnnouncementUpload: lazy(() => withTheme(import('./settlement-upload-page'))),
  specialPriceApply: lazy(() => withTheme(import('./special-prices/special-price-apply-page'))),
  specialPriceApproval: lazy(() => withTheme(import('./special-prices/special-price-info-page'))),
  productLineSpecialPriceApproval: lazy(() => withTheme(import('./special-prices/special-price-info-page'))),
  createExecutionOrder: lazy(() => withTheme(import('./special-prices/create-execution-order-page'))),
  opportunityReportDashboard: lazy(() => withTheme(import('./opportunity-report-page'))),
  productLineSpecialPrice: lazy(() => withTheme(import('./special-prices/special-price-apply-page'))),
  shipOrder: lazy(() => withTheme(import('./orders/ship-order-page'))),
  shipmentInfo: lazy(() => withTheme(import('./orders/shipment-info-page'))),
  partnerErrorRetry: lazy(() => withTheme(import('./partner/error-retry-page'))),
  executionOrder: lazy(() => withTheme(import('./orders/execution-order-page'))),
  deliveryInfo: lazy(() => withTheme(import('./orders/delivery-info-page'))),
  policyAnnouncement: lazy(() => withTheme(import('./rebates/policy-announcement-page'))),
  rspTaskLine: lazy(() => withTheme(import('./sales-tasks/rsp-task-line-page'))),
  taskPackageApproval: lazy(() => withTheme(import('./sales-tasks/task-package-approval-page'))),
  opportunityInfo: lazy(() => withTheme(import('./opportunity-info-page'))),
  reportStateDetail: lazy(() => withTheme(import('./reports/report-state-detail-page'))),
} satisfies Record<ImplementedCustomView, LazyPage>;

export const kindViews = {
  list: lazy(() => withTheme(import('../kit/list-page'))),
  detail: lazy(() => withTheme(import('../kit/record-page'))),
  edit: lazy(() => withTheme(import('../kit/record-page'))),
} satisfies Record<GenericPageKind, LazyPage>;

const viewByName: Record<string, LazyPage | undefined> = customViews;
const viewByKind: Record<string, LazyPage | undefined> = kindViews;

/**
 * The body of a catalogue page: its custom view, or the generic view of its kind. A page not built yet
 * (catalogue/custom-views.ts isPlaceholderPage) is in no menu and refused by the server; should its
 * path be opened anyway, it says the page does not exist rather than show an empty title.
 */
export function PageView(props: PageProps) {
  const View =
    (props.page.view && viewByName[props.page.view]) || viewByKind[props.page.kind] || customViews.notFound;
  return <View {...props} />;
}
