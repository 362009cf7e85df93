/**
 * Role codes (DOMAIN.md "Channel and roles"). The spec names JS002 and JS003; the rest are the portal's.
 * Roles are data in the `role` table; these constants only name the ones code must recognise.
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
} as const;

export const isSystemAdmin = (roleCode: string) => roleCode === ROLE.systemAdmin;
