import type { menuGroup as zh } from '../zh/menu-groups';

export const menuGroup: typeof zh = {
  ordersSetup: { payment: 'Payment & invoicing', loans: 'Loan business' },
  business: { reports: 'Reports' },
};
