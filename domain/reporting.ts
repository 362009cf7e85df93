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
  !reportType || REPORTER_ROLES.includes(roleCode);
