import { permissionPageIds } from '../../catalogue/catalogue';
import { ROLE } from '../identity/roles';

interface RoleSeed {
  code: string;
  nameZh: string;
  nameEn: string;
  dataScope: 'all' | 'province' | 'city' | 'company';
  /** Modules whose pages the role's menu list holds ('*' for every page). */
  modules: string[];
}

/** The demo role model (DOMAIN.md "Channel and roles"); an admin edits menus afterwards. */
export const roleSeeds: RoleSeed[] = [
  {
    code: ROLE.systemAdmin,
    nameZh: '系统管理员',
    nameEn: 'System administrator',
    dataScope: 'all',
    modules: ['*'],
  },
  {
    code: ROLE.rspAgent,
    nameZh: '省级代理',
    nameEn: 'RSP agent staff',
    dataScope: 'company',
    modules: ['ordersSetup', 'business', 'rebates', 'salesTask', 'report', 'importHistory'],
  },
  {
    code: ROLE.ccpAgent,
    nameZh: '城市代理',
    nameEn: 'CCP agent staff',
    dataScope: 'company',
    modules: ['ordersSetup', 'business', 'rebates', 'report'],
  },
  {
    code: ROLE.distributor,
    nameZh: '总代理',
    nameEn: 'General distributor staff',
    dataScope: 'company',
    modules: ['ordersSetup', 'rebates', 'report', 'importHistory'],
  },
  {
    code: ROLE.channelManager,
    nameZh: '渠道经理',
    nameEn: 'Channel manager',
    dataScope: 'province',
    modules: ['customers', 'models', 'business', 'salesTask', 'report'],
  },
  {
    code: ROLE.provinceManager,
    nameZh: '省区经理',
    nameEn: 'Province manager',
    dataScope: 'province',
    modules: ['customers', 'ordersSetup', 'business', 'rebates', 'salesTask', 'report', 'salesActivity'],
  },
  {
    code: ROLE.cityManager,
    nameZh: '城市经理',
    nameEn: 'City manager',
    dataScope: 'city',
    modules: ['business', 'salesTask', 'salesActivity'],
  },
  {
    code: ROLE.salesOperations,
    nameZh: '商务',
    nameEn: 'Sales operations desk',
    dataScope: 'all',
    modules: ['customers', 'ordersSetup', 'business', 'rebates', 'report', 'importHistory', 'baseManage'],
  },
  {
    code: ROLE.finance,
    nameZh: '财务',
    nameEn: 'Finance',
    dataScope: 'all',
    modules: ['ordersSetup', 'rebates', 'customers'],
  },
  {
    code: ROLE.legalService,
    nameZh: '法务/服务',
    nameEn: 'Legal and service',
    dataScope: 'all',
    modules: ['business', 'models'],
  },
  {
    code: ROLE.productManager,
    nameZh: '产品经理',
    nameEn: 'Product manager',
    dataScope: 'all',
    modules: ['business', 'baseManage'],
  },
  {
    code: ROLE.executive,
    nameZh: '分管副总裁',
    nameEn: 'Executive',
    dataScope: 'all',
    modules: ['customers', 'ordersSetup', 'business', 'rebates', 'salesTask', 'report', 'salesActivity'],
  },
  {
    code: ROLE.channelDepartment,
    nameZh: '渠道管理部',
    nameEn: 'Channel management department',
    dataScope: 'all',
    modules: ['customers', 'models', 'salesTask', 'report'],
  },
];

/** The menu list a seeded role starts with: every page of its modules. */
export function menuIdsFor(role: RoleSeed): string[] {
  const ids = permissionPageIds();
  if (role.modules.includes('*')) return ids;
  return ids.filter((id) => role.modules.includes(id.split('.')[0]));
}
