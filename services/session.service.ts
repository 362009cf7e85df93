import Cookies from 'js-cookie';
import { setBusinessTimeZone } from '../domain/business-clock';
import { request } from './http.service';

/** The employee as the login answers it (SPEC §3), password field already removed by the server. */
export interface Employee {
  ObjectID: string;
  LastName: string;
  ExtUserName_SDK: string;
  ExtIsFistTime_SDK: boolean;
  ExtRoleCode_SDK: string;
  ExtRoleName_SDK: string;
  Email?: string | null;
  /** The business clock every time is shown on (SPEC §9), as the server is configured. */
  TimeZone?: string;
  [key: string]: unknown;
}

export interface MenuItem {
  ID: string;
  Path: string;
}

/** Every time the portal shows reads on the clock the server names. */
function adoptClock<T extends Employee>(employee: T): T {
  setBusinessTimeZone(employee.TimeZone);
  return employee;
}

export const login = (username: string, password: string) =>
  request<{ token: string; employee: Employee }>(
    '/user/login',
    { username, password },
    { silent: true },
  ).then((answer) => ({ ...answer, employee: adoptClock(answer.employee) }));

export const logout = () => request('/user/logout', {}, { silent: true });

export const fetchUserInfo = () => request<Employee>('/user/getInfo', {}).then(adoptClock);

export const fetchRoleMenus = (code: string) =>
  request<{ RoleToMenuMenuList: MenuItem[] }>('/roleToMenu/searchOne', { code }).then(
    (r) => r.RoleToMenuMenuList,
  );

export const updatePassword = (oldPassword: string, newPassword: string) =>
  request('/user/updatePassword', { oldPassword, newPassword }, { silent: true });

// SPEC §4: the token lives in a cookie; employee and menus are kept locally for the next visit.
const TOKEN_COOKIE = 'Admin-Token';
const USER_KEY = 'portal.user';
const ACTIVITY_KEY = 'portal.lastActivity';

export const tokenStore = {
  get: () => Cookies.get(TOKEN_COOKIE),
  set: (token: string) => Cookies.set(TOKEN_COOKIE, token, { sameSite: 'strict' }),
  clear: () => Cookies.remove(TOKEN_COOKIE),
};

export const userStore = {
  get(): Employee | undefined {
    try {
      return JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') ?? undefined;
    } catch {
      return undefined;
    }
  },
  set: (employee: Employee) => localStorage.setItem(USER_KEY, JSON.stringify(employee)),
  clear: () => localStorage.removeItem(USER_KEY),
};

/** Last click time, kept across reloads so a reload does not reset the 5-hour idle limit. */
export const activityStore = {
  get: () => Number(localStorage.getItem(ACTIVITY_KEY) ?? 0) || undefined,
  set: (at: number) => localStorage.setItem(ACTIVITY_KEY, String(at)),
  clear: () => localStorage.removeItem(ACTIVITY_KEY),
};
