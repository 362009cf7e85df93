import { ROLE } from '../identity/roles';
import { codeNamed, storyTable } from './story-data';

/** The password of every demo account but admin's (README), the generated staff's too. */
export const DEMO_PASSWORD = 'Demo@123456';
/** The demo accounts (stories/accounts.tsv; passwords meet the portal's policy), a newcomer who must still change theirs last. */
export const demoEmployees = storyTable('accounts').map((a) => ({
  username: a.username,
  lastName: a.lastName,
  roleCode: codeNamed(ROLE, a.role) as string,
  password: a.password || DEMO_PASSWORD,
  firstTime: a.firstTime === 'yes',
  provinceCode: a.province || null,
  cityCode: a.city || null,
}));

/** One demo account per role (not the account that must still change its password): every role's menus. */
export const roleAccounts = demoEmployees
  .filter((e) => !e.firstTime)
  .map(({ username, password }) => ({ username, password }));

type Person = Omit<(typeof demoEmployees)[number], 'password' | 'firstTime'>;
/** An employee's row as the seed inserts it, the password already hashed (hashing is slow). */
export const employeeRow = (person: Person, passwordHash: string) => ({
  username: person.username,
  last_name: person.lastName,
  role_code: person.roleCode,
  password_hash: passwordHash,
  email: `${person.username}@portal.example`,
  province_code: person.provinceCode,
  city_code: person.cityCode,
});
