import { ROLE } from '../identity/roles';
import { codeNamed, storyTable } from './story-data';

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
/** The demo accounts (stories/accounts.tsv; passwords meet the portal's policy), and a newcomer who must still change theirs. */
export const demoEmployees: EmployeeSeed[] = [
  ...storyTable('accounts').map(({ username, lastName, role, province }) => ({
    username,
    lastName,
    roleCode: codeNamed(ROLE, role),
    password: username === 'admin' ? 'Admin@123456' : DEMO_PASSWORD,
    firstTime: false,
    ...(province ? { provinceCode: province } : {}),
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
