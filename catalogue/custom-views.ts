import type { PageEntry } from './types';

/**
 * The custom views that have a screen. views/pages/page-view.tsx draws exactly these (a unit test
 * keeps the two equal); kept here as plain names so the server and the menu code can tell a built
 * page from a placeholder without loading React.
 */
export const implementedCustomViews = [
  'login',
  'notFound',
  'unauthorized',
  'dashboard',
  'profile',
  'changePassword',
  'roleMenus',
  'resetPassword',
  'workflows',
  'provRegister',
  'cityRegister',
  'provProgress',
  'cityProgress',
  'cronjobInfo',
  'cacheConfig',
  'booksCheck',
  'servers',
  'rspReportUpload',
  'orderEntry',
  'loanEntry',
  'loanReturnEntry',
  'receiptEdit',
  'orderApproval',
  'orderChange',
  'myCompany',
  'settlementAnnouncementUpload',
  'specialPriceApply',
  'specialPriceApproval',
  'productLineSpecialPriceApproval',
  'createExecutionOrder',
  'opportunityReportDashboard',
  'productLineSpecialPrice',
  'shipOrder',
  'shipmentInfo',
  'partnerErrorRetry',
  'executionOrder',
  'deliveryInfo',
  'policyAnnouncement',
  'rspTaskLine',
  'taskPackageApproval',
  'opportunityInfo',
  'reportStateDetail',
] as const;

export type ImplementedCustomView = (typeof implementedCustomViews)[number];

/** The page kinds one generic view draws from the entry alone. */
export const genericPageKinds = ['list', 'detail', 'edit'] as const;

export type GenericPageKind = (typeof genericPageKinds)[number];

const built = new Set<string>(implementedCustomViews);
const generic = new Set<string>(genericPageKinds);

/**
 * A page with no screen yet: a custom page whose view is not built yet, or a kind no
 * generic view draws. Such a page is in no role's menu until its module builds it
 * (docs/decisions.md "Pages in menus").
 */
export const isPlaceholderPage = (page: Pick<PageEntry, 'kind' | 'view'>) =>
  !(page.view && built.has(page.view)) && !generic.has(page.kind);
