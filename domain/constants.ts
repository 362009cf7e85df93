import { OpportunityChannelType as ChannelTypeCode } from './codes/opportunities.codes';
/** Business constants and limits (SPEC §9, codes from SPEC §3). One source for client and server. */

// §9: tables start at page 1 with 10 rows; the page-size choices.
export const DEFAULT_PAGE_SIZE = 10;
export const FIRST_PAGE = 1;
export const PAGE_SIZES = [10, 20, 30, 50, 100] as const;
/** A list's total is counted exactly up to this many rows; beyond it the list says "more than" this. */
export const EXACT_COUNT_LIMIT = 100_000;
/** How often the import dialog asks how far the server has got with an uploaded file. */
export const IMPORT_PROGRESS_POLL_MS = 700;
/** How often an export button asks how far its job export is. */
export const EXPORT_PROGRESS_POLL_MS = 1000;

// §9: pickers page by 10; company pickers by 20; the CPU dialog by 50; the registry picker offers 20 only.
export const PICKER_PAGE_SIZE = 10;
export const COMPANY_PICKER_PAGE_SIZE = 20;
export const CPU_PICKER_PAGE_SIZE = 50;
export const REGISTRY_PICKER_PAGE_SIZE = 20;

// §9: animation and throttle timings.
export const SCROLL_TOP_MS = 800;
export const RESIZE_THROTTLE_MS = 150;
export const LINKAGE_THROTTLE_MS = 300;

// §9 (and §4): session idle time-out (5 h), export freeze, request time-out, presigned link lifetime.
export const SESSION_IDLE_TIMEOUT_MS = 18_000_000;
export const EXPORT_COOLDOWN_S = 30;
export const REQUEST_TIMEOUT_MS = 180_000;
export const PRESIGNED_LINK_TTL_S = 86_400;

// Business days, times and schedules are China's unless the server's TZ setting names another zone,
// whatever the time zone of a browser (domain/business-clock.ts).
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

// §8: how long the error toasts and the invalid-token notice stay up.
export const ERROR_TOAST_MS = 5_000;
export const INVALID_TOKEN_NOTICE_MS = 2_000;

// §9: dates show their first 10 characters; listed time search parameters are seconds × 1000;
// a commit end time is the day start + 86,399,000 ms (23:59:59).
export const DATE_DISPLAY_LENGTH = 10;
export const TIME_PARAM_MULTIPLIER = 1_000;
export const END_OF_DAY_MS = 86_399_000;

// §9 (and §4): layout sizes; mobile means a body narrower than the breakpoint.
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 180;
export const TAB_MENU_WIDTH_PX = 105;
export const TOP_BAR_MODULES = 9;

// §9: default element size (unless a preference is saved), theme colour, dialog and drawer sizes.
export const DEFAULT_ELEMENT_SIZE = 'small';
export const DEFAULT_THEME_COLOR = '#409EFF';
export const DIALOG_DEFAULT_WIDTH = '50%';
export const DRAWER_DEFAULT_SIZE = '30%';

// §9 and §7: default endpoints; every call is relative to the API base.
export const API_BASE = '/portal';
export const DEFAULT_EXPORT_URL = '/excelExport/doSyncExportUrl';
export const DEFAULT_UPLOAD_URL = '/portal/file/uploadFile';

// §9: form layout — search bar span 6, filter form span 12, responsive column spans on a 24-column grid.
export const SEARCH_BAR_SPAN = 6;
export const FILTER_FORM_SPAN = 12;
export const RESPONSIVE_FORM_SPANS = { xs: 24, sm: 18, md: 16, lg: 14, xl: 12 } as const;
// §9: a span applies above its breakpoint; xs is everything up to 700 px.
export const RESPONSIVE_BREAKPOINTS_PX = { sm: 700, md: 800, lg: 900, xl: 1920 } as const;

// §3: file-owner type codes of attachments.
export const FILE_OWNER_TYPES = {
  customer: 101,
  competitor: 111,
  competitorProduct: 121,
  visit: 131,
  product: 141,
  notice: 151,
  visitReport: 161,
  weekly: 171,
  monthly: 181,
  task: 191,
  contract: 211,
  contractTemplate: 221,
} as const;
export type FileOwnerType = (typeof FILE_OWNER_TYPES)[keyof typeof FILE_OWNER_TYPES];

// §3: document type codes.
export const DOCUMENT_TYPES = {
  agent: 101,
  opportunity: 111,
  template: 121,
  rebate: 131,
  paymentConfirmation: 141,
  order: 151,
  bidDocument: 161,
  manufacturerCommitmentLetter: 171,
  stampedAgencyLetter: 181,
  awardNotice: 191,
} as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[keyof typeof DOCUMENT_TYPES];

// §9 and §3: channel types offered by the opportunity channel picker.
export const OPPORTUNITY_CHANNEL_TYPES = [
  ChannelTypeCode.rsp,
  ChannelTypeCode.csp,
  ChannelTypeCode.asp,
  ChannelTypeCode.ccp,
] as const;
export type OpportunityChannelType = (typeof OPPORTUNITY_CHANNEL_TYPES)[number];
