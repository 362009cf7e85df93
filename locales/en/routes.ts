import type { module as zhModule, route as zhRoute } from '../zh/routes';

export const route: typeof zhRoute = {
  login: 'Log in',
  provRegister: 'RSP registration',
  cityRegister: 'CCP registration',
  provProgress: 'RSP registration progress',
  cityProgress: 'CCP registration progress',
  authRedirect: 'Signing in',
  notFound: '404',
  unauthorized: '401',
  dashboard: 'Dashboard',
  profile: 'Profile',
  changePassword: 'Change password',
};

export const module: typeof zhModule = {
  customers: 'Agents',
  models: 'Templates',
  baseManage: 'Base management',
  system: 'System',
  ordersSetup: 'Orders',
  business: 'Opportunities',
  rebates: 'Rebates',
  salesTask: 'Sales tasks',
  report: 'Sales reporting',
  importHistory: 'Upload history',
  salesActivity: 'Sales activity',
  more: 'More',
};
