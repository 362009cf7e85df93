import { sql } from 'kysely';
import { z } from 'zod';
import { ROLE } from '../../domain/roles';
import type { Db } from '../db/database';
import { allowedPageIds } from '../http/access';
import type { Caller } from '../http/auth';
import type { Lang } from '../http/i18n';
import { withinPowers } from '../identity/reset-powers';
import { isSystemAdmin } from '../identity/roles';
import { likePattern } from '../resources/expressions';
import { scopeCondition } from '../resources/scope';
import { offsetOf, pickerPaging } from './paging';

/** The page that administers employee accounts; its list shows more than the picker does. */
export const EMPLOYEE_ADMIN_PAGE = 'baseManage.resetPassword';

const text = z.string().trim().max(50).optional();
/** A yes/no the list filters send as text. */
const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional());
/** Sortable columns of the administration list, by wire name. */
const SORTS = { EmployeeID: 't.object_id', LastName: 't.last_name', ExtUserName_SDK: 't.username' } as const;

export const employeeQuery = z.object({
  ...pickerPaging,
  ExtRoleCode_SDK: z.string().trim().max(20).optional(),
  /** true: the vendor's own staff only; false: agent staff only (the list's yes/no filter sends text). */
  ExtH3cFlag_SDK: flag,
  LastName: text,
  ExtUserName_SDK: text,
  ExtRoleName_SDK: text,
  sort: z
    .string()
    .trim()
    .regex(new RegExp(`^-?(${Object.keys(SORTS).join('|')})$`))
    .optional(),
  /** The page asking; the administration page gets every account with its contact and state. */
  PageID: z.string().trim().max(100).optional(),
  /** true: the caller's managers instead of the people of the caller's scope (a daily report's recipient). */
  Managers: flag,
  /**
   * true: the caller's managers and the people of the caller's scope together (a daily report's copies);
   * `Managers` wins when both are sent.
   */
  CopyReaders: flag,
});

export type EmployeeQuery = z.infer<typeof employeeQuery>;

/**
 * Whose names the employee picker offers. Agent staff pick among their own company's people only
 * (not even the CCPs an RSP supplies: those are other employers); vendor staff within their scope.
 */
export function employeeScope(caller: Caller) {
  if (caller.dataScope === 'company') {
    return caller.companyId ? sql<boolean>`t.company_id = ${caller.companyId}` : sql<boolean>`false`;
  }
  return scopeCondition(caller);
}

/**
 * The caller's managers: the vendor's staff whose own scope holds the caller's province (its province
 * office, the region manager of its sales region) and the executives; never the caller. A city
 * manager's daily report goes up to them, who see none of the city's people in their own picker.
 */
function managersOf(caller: Caller) {
  const province = caller.provinceCode;
  const covering = province
    ? sql<boolean>`(r.data_scope = 'province' and t.province_code = ${province})
        or (r.data_scope = 'region' and exists (select 1 from region p join region own on own.sales_area = p.sales_area
          where own.code = t.province_code and p.code = ${province} and p.level = 'province'))`
    : sql<boolean>`false`;
  return sql<boolean>`t.company_id is null and t.object_id <> ${caller.employeeId}
    and (${covering} or t.role_code = ${ROLE.executive})`;
}

/**
 * Whom a search of the employee lookup is about: the people of the caller's scope (the plain picker),
 * the caller's managers (a daily report's recipient), or both (a daily report's copies, which may go up
 * to a manager or across to a colleague).
 */
export type EmployeeAudience = 'reach' | 'managers' | 'copyReaders';

const audienceOfQuery = (query: EmployeeQuery): EmployeeAudience =>
  query.Managers ? 'managers' : query.CopyReaders ? 'copyReaders' : 'reach';

function audienceCondition(caller: Caller, audience: EmployeeAudience) {
  if (audience === 'managers') return managersOf(caller);
  if (audience === 'copyReaders')
    return sql<boolean>`((${managersOf(caller)}) or (${employeeScope(caller)}))`;
  return employeeScope(caller);
}

/** Who a picker of that audience offers the caller: its people whose account is enabled. */
const offeredCondition = (caller: Caller, audience: EmployeeAudience) =>
  sql<boolean>`${audienceCondition(caller, audience)} and t.enabled`;

/**
 * Whether `name` is one the picker of that audience offers the caller, by the name the picker fills in:
 * the server holds a daily report's recipient and copies to their pickers' lists with this one query.
 */
export async function isNameOffered(db: Db, caller: Caller, audience: EmployeeAudience, name: string) {
  const found = await sql<{ n: number }>`select count(*)::int as n from employee t
    join role r on r.code = t.role_code
    where ${offeredCondition(caller, audience)} and t.last_name = ${name}`.execute(db);
  return (found.rows[0]?.n ?? 0) > 0;
}

/** Only holders of the administration page see disabled accounts, e-mails and versions. */
async function isAdminList(db: Db, caller: Caller, query: EmployeeQuery) {
  if (query.PageID !== EMPLOYEE_ADMIN_PAGE) return false;
  return (
    isSystemAdmin(caller.roleCode) || (await allowedPageIds(db, caller.roleCode)).has(EMPLOYEE_ADMIN_PAGE)
  );
}

interface EmployeeListRow {
  object_id: string;
  last_name: string;
  username: string;
  role_code: string;
  role_name: string;
  vendor: boolean;
  email: string | null;
  phone: string | null;
  province_code: string | null;
  province_name: string | null;
  city_code: string | null;
  company_id: string | null;
  enabled: boolean;
  first_time: boolean;
  version: number;
  password_changed_at: Date | null;
  /** The caller may reset this account's password: its role can do no more than the caller's. */
  within_powers: boolean;
}

/**
 * POST /employee/search: the employee picker (SPEC §3: enabled employees with their role's name), and
 * with PageID of the administration page the account list, disabled accounts included.
 */
export async function searchEmployees(db: Db, caller: Caller, lang: Lang, query: EmployeeQuery) {
  const admin = await isAdminList(db, caller, query);
  const audience = audienceOfQuery(query);
  // The administration list shows disabled accounts too; a picker only whom it offers.
  const conditions = [admin ? audienceCondition(caller, audience) : offeredCondition(caller, audience)];
  if (query.keyword) {
    const pattern = likePattern(query.keyword);
    conditions.push(sql<boolean>`(t.last_name ilike ${pattern} or t.username ilike ${pattern})`);
  }
  if (query.LastName) conditions.push(sql<boolean>`t.last_name ilike ${likePattern(query.LastName)}`);
  if (query.ExtUserName_SDK)
    conditions.push(sql<boolean>`t.username ilike ${likePattern(query.ExtUserName_SDK)}`);
  if (query.ExtRoleName_SDK) {
    const pattern = likePattern(query.ExtRoleName_SDK);
    conditions.push(
      sql<boolean>`(r.name_zh ilike ${pattern} or r.name_en ilike ${pattern} or r.code ilike ${pattern})`,
    );
  }
  if (query.ExtRoleCode_SDK) conditions.push(sql<boolean>`t.role_code = ${query.ExtRoleCode_SDK}`);
  if (query.ExtH3cFlag_SDK !== undefined) {
    conditions.push(
      query.ExtH3cFlag_SDK ? sql<boolean>`t.company_id is null` : sql<boolean>`t.company_id is not null`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  const roleName = sql.ref(lang === 'en' ? 'r.name_en' : 'r.name_zh');
  const provinceName = sql.ref(lang === 'en' ? 'p.name_en' : 'p.name_zh');
  const sortField = query.sort?.replace(/^-/, '') as keyof typeof SORTS | undefined;
  const order = sortField
    ? sql`${sql.ref(SORTS[sortField])} ${sql.raw(query.sort?.startsWith('-') ? 'desc' : 'asc')}, t.object_id`
    : sql`t.last_name, t.username, t.object_id`;
  const [rows, count] = await Promise.all([
    sql<EmployeeListRow>`select t.object_id, t.last_name, t.username, t.role_code, ${roleName} as role_name,
         (t.company_id is null) as vendor, t.email, t.phone, t.province_code, ${provinceName} as province_name,
         t.city_code, t.company_id, t.enabled, t.first_time, t.version, t.password_changed_at,
         ${withinPowers(caller.roleCode, sql`t.role_code`)} as within_powers
       from employee t join role r on r.code = t.role_code left join region p on p.code = t.province_code
       where ${where} order by ${order}
       limit ${query.pageSize} offset ${offsetOf(query)}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from employee t join role r on r.code = t.role_code
       where ${where}`.execute(db),
  ]);
  return {
    rows: rows.rows.map((r) => (admin ? adminRowOf(r) : pickerRowOf(r))),
    total: count.rows[0]?.n ?? 0,
  };
}

const pickerRowOf = (r: EmployeeListRow) => ({
  ObjectID: r.object_id,
  EmployeeID: r.object_id,
  LastName: r.last_name,
  ExtRoleName_SDK: r.role_name,
  ExtRoleCode_SDK: r.role_code,
  ExtUserName_SDK: r.username,
  ExtH3cFlag_SDK: r.vendor,
});

const adminRowOf = (r: EmployeeListRow) => ({
  ...pickerRowOf(r),
  Email: r.email,
  Phone: r.phone,
  ProvinceCode: r.province_code,
  ProvinceName: r.province_name,
  CityCode: r.city_code,
  ExtCompanyID_SDK: r.company_id,
  Enabled: r.enabled,
  ExtIsFistTime_SDK: r.first_time,
  ExtPasswordChangedOn_SDK: r.password_changed_at,
  MayResetPassword: r.within_powers,
  Version: r.version,
});
