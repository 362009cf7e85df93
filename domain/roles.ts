/**
 * Role codes (DOMAIN.md "Channel and roles"). The spec names JS002 and JS003; the rest are the portal's.
 * Roles are data in the `role` table; these constants only name the ones code must recognise, for the
 * server and the workflow machines alike.
 */
export const ROLE = {
  systemAdmin: 'JS001',
  rspAgent: 'JS002',
  ccpAgent: 'JS003',
  distributor: 'JS004',
  channelManager: 'JS010',
  provinceManager: 'JS011',
  cityManager: 'JS012',
  salesOperations: 'JS013',
  finance: 'JS014',
  legalService: 'JS015',
  productManager: 'JS016',
  executive: 'JS017',
  channelDepartment: 'JS018',
  regionManager: 'JS019',
} as const;

export type RoleCode = (typeof ROLE)[keyof typeof ROLE];

export const isSystemAdmin = (roleCode: string) => roleCode === ROLE.systemAdmin;

/** Vendor staff who run the channel: they sign an approved agent's agreement. */
export const CHANNEL_STAFF: readonly string[] = [
  ROLE.systemAdmin,
  ROLE.channelManager,
  ROLE.channelDepartment,
];

/** Vendor staff who may void an approved application. */
export const VENDOR_ADMINISTRATORS: readonly string[] = [ROLE.systemAdmin, ROLE.salesOperations];

/**
 * Vendor staff who set the sales tasks (notes §6.2 steps 2–5): they split and allocate a province
 * target, submit it and rule on an RSP's objection. Others who work with sales tasks read them.
 */
export const TASK_OFFICE: readonly string[] = [ROLE.provinceManager, ROLE.systemAdmin];

/** Finance records the invoice it issued (its number and date) on an application under its review. */
export const INVOICE_ISSUERS: readonly string[] = [ROLE.finance];

/** Who asks for a loan: the agent's staff, or the sales operations desk (and the administrator) for it. */
export const LOAN_APPLICANTS: readonly string[] = [
  ROLE.rspAgent,
  ROLE.ccpAgent,
  ROLE.distributor,
  ROLE.salesOperations,
  ROLE.systemAdmin,
];

/** The vendor desk that ships a loan, takes it back and changes its terms. */
export const LOAN_DESK: readonly string[] = [ROLE.salesOperations, ROLE.systemAdmin];
