import { CustomerType } from './codes/customers.codes';
import { ReportType } from './codes/reports.codes';
import { ROLE } from './roles';

/**
 * Who writes an agent's report lines and submits its reports (notes/domain.md §7.3): the agent's own
 * staff, and the sales operations desk or the administrator on its behalf. The channel manager who
 * reviews a report never writes it.
 */
export const REPORTER_ROLES: readonly string[] = [
  ROLE.distributor,
  ROLE.rspAgent,
  ROLE.ccpAgent,
  ROLE.salesOperations,
  ROLE.systemAdmin,
];

/** Whether a person of a role may import a list's lines: report lines only those who report. */
export const mayImportLines = (reportType: string | undefined, roleCode: string) =>
  !reportType || mayReportType(roleCode, reportType);

/**
 * The reports each agent type owes every period (docs/reports.md "Who reports what"), declared once:
 * the agent role's menu holds the pages filing them, its staff may import only these types, and the
 * deadline job opens (and marks overdue) only these reports for companies of the customer type.
 * `pages` names, per type, the list the agent files it on and the hidden pages opened from it.
 */
export interface OwedReports {
  customerType: string;
  pages: Partial<Record<ReportType, readonly string[]>>;
}

const SALES_PAGES = ['report.distributorSalesReport', 'report.distributorSalesReportCreate'];
const STOCK_PAGES = ['report.distributorStockReport', 'report.distributorStockReportOld'];
const PURCHASE_PAGES = ['report.distributorPurchaseReport'];

export const OWED_REPORTS: Readonly<Record<string, OwedReports>> = {
  [ROLE.distributor]: {
    customerType: CustomerType.generalDistributor,
    pages: {
      [ReportType.purchases]: PURCHASE_PAGES,
      [ReportType.sales]: SALES_PAGES,
      [ReportType.stock]: STOCK_PAGES,
      [ReportType.shipments]: ['report.distributorShipmentReports', 'report.distributorShipmentReportDetail'],
    },
  },
  [ROLE.rspAgent]: {
    customerType: CustomerType.rsp,
    pages: {
      [ReportType.purchases]: PURCHASE_PAGES,
      [ReportType.sales]: SALES_PAGES,
      [ReportType.stock]: STOCK_PAGES,
      [ReportType.shipments]: [
        'report.rspShipmentReports',
        'report.rspShipmentReportDetail',
        'report.rspShipmentReportEdit',
        'report.rspReportUpload',
      ],
    },
  },
  // A CCP reports to its RSP, not to the vendor: it owes no report of its own.
  [ROLE.ccpAgent]: { customerType: CustomerType.ccp, pages: {} },
};

/** The report types an agent role owes; none for a role that is no agent's. */
export const owedReportTypes = (roleCode: string): ReportType[] =>
  Object.keys(OWED_REPORTS[roleCode]?.pages ?? {}) as ReportType[];

/** The pages an agent role files its owed reports on, for its menu. */
export const owedReportPages = (roleCode: string): string[] => [
  ...new Set(Object.values(OWED_REPORTS[roleCode]?.pages ?? {}).flat()),
];

/** Every (customer type, report type) a company of that type owes: what the deadline job opens. */
export const owedReportPairs = (): Array<{ customerType: string; reportType: ReportType }> =>
  Object.entries(OWED_REPORTS).flatMap(([role, owed]) =>
    owedReportTypes(role).map((reportType) => ({ customerType: owed.customerType, reportType })),
  );

/** Whether a company of a customer type owes reports of a type: the reports the deadline job opens for it. */
export const customerTypeOwes = (customerType: string | null | undefined, reportType: string) =>
  owedReportPairs().some((p) => p.customerType === customerType && p.reportType === reportType);

/**
 * Whether a role may write lines of a report type: vendor reporters (sales operations, the
 * administrator) any type, an agent's staff only the types their agent type owes.
 */
export const mayReportType = (roleCode: string, reportType: string) =>
  REPORTER_ROLES.includes(roleCode) &&
  (!(roleCode in OWED_REPORTS) || owedReportTypes(roleCode).includes(reportType as ReportType));
