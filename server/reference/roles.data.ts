import { permissionPageIds } from '../../catalogue/catalogue';
import { POLICY_OFFICE } from '../../machines/workflows/rebate-policy.workflow';
import { SHEET_DESK } from '../../machines/workflows/settlement-sheet.workflow';
import { ROLE, TASK_OFFICE } from '../identity/roles';
import { REBATE_DESK, REBATE_TASK_FORM } from '../rebates/rebate-desk';
import { AGENT_MENUS, OWN_COMPANY_PAGES } from './agent-menus.data';

interface RoleSeed {
  code: string;
  nameZh: string;
  nameEn: string;
  dataScope: 'all' | 'region' | 'province' | 'city' | 'company';
  /** Modules whose pages the role's menu list holds ('*' for every page). */
  modules: string[];
  /** Or the very pages it holds, where a whole module would show more than the role works with. */
  pages?: readonly string[];
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
    modules: [],
    pages: AGENT_MENUS[ROLE.rspAgent],
  },
  {
    code: ROLE.ccpAgent,
    nameZh: '城市代理',
    nameEn: 'CCP agent staff',
    dataScope: 'company',
    modules: [],
    pages: AGENT_MENUS[ROLE.ccpAgent],
  },
  {
    code: ROLE.distributor,
    nameZh: '总代理',
    nameEn: 'General distributor staff',
    dataScope: 'company',
    modules: [],
    pages: AGENT_MENUS[ROLE.distributor],
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
    // The region level of special prices: the provinces of its sales region, their opportunities.
    code: ROLE.regionManager,
    nameZh: '大区经理',
    nameEn: 'Region manager',
    dataScope: 'region',
    modules: ['business', 'report'],
  },
  {
    code: ROLE.channelDepartment,
    nameZh: '渠道管理部',
    nameEn: 'Channel management department',
    dataScope: 'all',
    modules: ['customers', 'models', 'salesTask', 'report'],
  },
];

/**
 * Pages only some roles start with, whatever their modules: the special-price depth bands decide who
 * approves, so they are kept by the administrator and the sales operations desk, not by the approvers.
 */
export const RESTRICTED_PAGES: Record<string, readonly string[]> = {
  'business.specialPriceBands': [ROLE.systemAdmin, ROLE.salesOperations],
  'business.specialPriceBandDetail': [ROLE.systemAdmin, ROLE.salesOperations],
  // The server's own caches (docs/cache.md): the system administrator's alone, as the server enforces.
  'baseManage.cacheConfig': [ROLE.systemAdmin],
  // The books check names every company's records (docs/books.md).
  'system.booksCheck': [ROLE.systemAdmin],
  // Which servers run and whether they share their files (docs/deployment.md).
  'system.servers': [ROLE.systemAdmin],
  // Rebate tasks are set by the rebate desk; finance, the executive and the province office read them.
  [REBATE_TASK_FORM]: REBATE_DESK,
  // Settlement sheets are uploaded by the desk that may void them (finance publishes); others read the sheets.
  'rebates.settlementAnnouncementUpload': SHEET_DESK,
  'rebates.settlementLineImport': SHEET_DESK,
  // Province targets are set by the province office (docs/decisions.md "Sales tasks: who does what");
  // the others who work with sales tasks read them from the list and the distribution page.
  'salesTask.provinceTaskDistributionEdit': TASK_OFFICE,
  'salesTask.taskSplit': TASK_OFFICE,
};

/**
 * Pages some roles start with besides their modules' pages, because a workflow's chart names them for
 * a step taken there: the rebate policy's office (`POLICY_OFFICE`, the chart's guard) publishes, puts
 * into effect, ends and voids policies on these pages, so the server (which admits a workflow command
 * only to a role holding a page of its record) takes what the chart offers them.
 */
export const GRANTED_PAGES: Record<string, readonly string[]> = {
  'rebates.announcementEntry': POLICY_OFFICE,
  'rebates.announcementView': POLICY_OFFICE,
  'rebates.announcementDetail': POLICY_OFFICE,
};

/** The menu list a seeded role starts with: its pages, or every page of its modules and its granted pages. */
export function menuIdsFor(role: RoleSeed): string[] {
  // A page about one's own agent company means nothing to staff of no agent company.
  const ids = permissionPageIds().filter(
    (id) =>
      (role.dataScope === 'company' || !(id in OWN_COMPANY_PAGES)) &&
      (!(id in RESTRICTED_PAGES) || RESTRICTED_PAGES[id].includes(role.code)),
  );
  if (role.pages) return ids.filter((id) => role.pages?.includes(id));
  if (role.modules.includes('*')) return ids;
  return ids.filter(
    (id) => role.modules.includes(id.split('.')[0]) || GRANTED_PAGES[id]?.includes(role.code),
  );
}
