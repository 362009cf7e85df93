import { ROLE } from '../identity/roles';

export interface EmployeeSeed {
  username: string;
  lastName: string;
  roleCode: string;
  password: string;
  firstTime: boolean;
  provinceCode?: string;
}

/** The password of every demo account but admin's (README), the generated staff's too. */
export const DEMO_PASSWORD = 'Demo@123456';
/** Demo accounts, listed in the README: [username, last name, role, province]. */
const ACCOUNTS: [string, string, string, string?][] = [
  ['admin', '系统管理员', ROLE.systemAdmin],
  ['channel', '王渠道', ROLE.channelManager, '320000'],
  ['province', '李省区', ROLE.provinceManager, '320000'],
  // The region manager of East China, whose sales region Jiangsu belongs to.
  ['region', '黄大区', ROLE.regionManager, '320000'],
  ['city', '赵城市', ROLE.cityManager, '320000'],
  ['ops', '钱商务', ROLE.salesOperations],
  ['finance', '孙财务', ROLE.finance],
  ['legal', '周法务', ROLE.legalService],
  ['product', '吴产品', ROLE.productManager],
  ['vp', '郑副总', ROLE.executive],
  ['channeldept', '冯渠道部', ROLE.channelDepartment],
  ['rsp', '陈省代', ROLE.rspAgent, '320000'],
  ['ccp', '褚市代', ROLE.ccpAgent, '320000'],
  ['gd', '卫总代', ROLE.distributor],
];

/** The demo accounts (passwords meet the portal's policy), and a newcomer who must still change theirs. */
export const demoEmployees: EmployeeSeed[] = [
  ...ACCOUNTS.map(([username, lastName, roleCode, provinceCode]) => ({
    username,
    lastName,
    roleCode,
    password: username === 'admin' ? 'Admin@123456' : DEMO_PASSWORD,
    firstTime: false,
    ...(provinceCode ? { provinceCode } : {}),
  })),
  {
    username: 'newstaff',
    lastName: '蒋新人',
    roleCode: ROLE.salesOperations,
    password: 'Welcome@2026',
    firstTime: true,
  },
];

/** One demo account per role (not the account that must still change its password): every role's menus. */
export const roleAccounts = demoEmployees
  .filter((e) => !e.firstTime)
  .map(({ username, password }) => ({ username, password }));
