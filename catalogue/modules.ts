import type { ModuleEntry } from './types';

/** The top-level modules of SPEC §2, in top-bar order; the first nine show, the rest go under 'more'. */
export const modules: ModuleEntry[] = [
  { key: 'customers', path: '/customers', topTitleKey: 'module.customers', icon: 'pi pi-users' },
  { key: 'models', path: '/models', topTitleKey: 'module.models', icon: 'pi pi-file' },
  { key: 'baseManage', path: '/baseManage', topTitleKey: 'module.baseManage', icon: 'pi pi-database' },
  { key: 'system', path: '/system', topTitleKey: 'module.system', icon: 'pi pi-cog' },
  {
    key: 'ordersSetup',
    path: '/ordersSetup',
    topTitleKey: 'module.ordersSetup',
    icon: 'pi pi-shopping-cart',
  },
  { key: 'business', path: '/business', topTitleKey: 'module.business', icon: 'pi pi-briefcase' },
  { key: 'rebates', path: '/rebates', topTitleKey: 'module.rebates', icon: 'pi pi-percentage' },
  { key: 'salesTask', path: '/salesTask', topTitleKey: 'module.salesTask', icon: 'pi pi-flag' },
  { key: 'report', path: '/report', topTitleKey: 'module.report', icon: 'pi pi-chart-bar' },
  {
    key: 'importHistory',
    path: '/import-history',
    topTitleKey: 'module.importHistory',
    icon: 'pi pi-history',
  },
  {
    key: 'salesActivity',
    path: '/salesActivity',
    topTitleKey: 'module.salesActivity',
    icon: 'pi pi-calendar',
  },
];
