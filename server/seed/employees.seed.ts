import { ROLE } from '../identity/roles';

export interface EmployeeSeed {
  username: string;
  lastName: string;
  roleCode: string;
  password: string;
  firstTime: boolean;
  provinceCode?: string;
}

/** Demo accounts, listed in the README. Passwords meet the portal's policy. */
export const demoEmployees: EmployeeSeed[] = [
  {
    username: 'admin',
    lastName: '系统管理员',
    roleCode: ROLE.systemAdmin,
    password: 'Admin@123456',
    firstTime: false,
  },
  {
    username: 'channel',
    lastName: '王渠道',
    roleCode: ROLE.channelManager,
    password: 'Demo@123456',
    firstTime: false,
    provinceCode: '320000',
  },
  {
    username: 'province',
    lastName: '李省区',
    roleCode: ROLE.provinceManager,
    password: 'Demo@123456',
    firstTime: false,
    provinceCode: '320000',
  },
  {
    // The region manager of East China, whose sales region Jiangsu belongs to.
    username: 'region',
    lastName: '黄大区',
    roleCode: ROLE.regionManager,
    password: 'Demo@123456',
    firstTime: false,
    provinceCode: '320000',
  },
  {
    username: 'city',
    lastName: '赵城市',
    roleCode: ROLE.cityManager,
    password: 'Demo@123456',
    firstTime: false,
    provinceCode: '320000',
  },
  {
    username: 'ops',
    lastName: '钱商务',
    roleCode: ROLE.salesOperations,
    password: 'Demo@123456',
    firstTime: false,
  },
  {
    username: 'finance',
    lastName: '孙财务',
    roleCode: ROLE.finance,
    password: 'Demo@123456',
    firstTime: false,
  },
  {
    username: 'legal',
    lastName: '周法务',
    roleCode: ROLE.legalService,
    password: 'Demo@123456',
    firstTime: false,
  },
  {
    username: 'product',
    lastName: '吴产品',
    roleCode: ROLE.productManager,
    password: 'Demo@123456',
    firstTime: false,
  },
  { username: 'vp', lastName: '郑副总', roleCode: ROLE.executive, password: 'Demo@123456', firstTime: false },
  {
    username: 'channeldept',
    lastName: '冯渠道部',
    roleCode: ROLE.channelDepartment,
    password: 'Demo@123456',
    firstTime: false,
  },
  {
    username: 'rsp',
    lastName: '陈省代',
    roleCode: ROLE.rspAgent,
    password: 'Demo@123456',
    firstTime: false,
    provinceCode: '320000',
  },
  {
    username: 'ccp',
    lastName: '褚市代',
    roleCode: ROLE.ccpAgent,
    password: 'Demo@123456',
    firstTime: false,
    provinceCode: '320000',
  },
  {
    username: 'gd',
    lastName: '卫总代',
    roleCode: ROLE.distributor,
    password: 'Demo@123456',
    firstTime: false,
  },
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
