import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import type { Lang } from '../http/i18n';
import { likePattern } from '../resources/expressions';
import { scopeCondition } from '../resources/scope';
import { offsetOf, pickerPaging } from './paging';

export const employeeQuery = z.object({
  ...pickerPaging,
  ExtRoleCode_SDK: z.string().trim().max(20).optional(),
  /** true: the vendor's own staff only; false: agent staff only. */
  ExtH3cFlag_SDK: z.boolean().optional(),
});

export type EmployeeQuery = z.infer<typeof employeeQuery>;

/**
 * Whose names the employee picker offers. Agent staff pick among their own company's people only
 * (not even the CCPs an RSP supplies: those are other employers); vendor staff within their scope.
 */
function employeeScope(caller: Caller) {
  if (caller.dataScope === 'company') {
    return caller.companyId ? sql<boolean>`t.company_id = ${caller.companyId}` : sql<boolean>`false`;
  }
  return scopeCondition(caller);
}

/** POST /employee/search (SPEC §3 employee picker): enabled employees with their role's name. */
export async function searchEmployees(db: Db, caller: Caller, lang: Lang, query: EmployeeQuery) {
  const conditions = [employeeScope(caller), sql<boolean>`t.enabled`];
  if (query.keyword) {
    const pattern = likePattern(query.keyword);
    conditions.push(sql<boolean>`(t.last_name ilike ${pattern} or t.username ilike ${pattern})`);
  }
  if (query.ExtRoleCode_SDK) conditions.push(sql<boolean>`t.role_code = ${query.ExtRoleCode_SDK}`);
  if (query.ExtH3cFlag_SDK !== undefined) {
    conditions.push(
      query.ExtH3cFlag_SDK ? sql<boolean>`t.company_id is null` : sql<boolean>`t.company_id is not null`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  const roleName = sql.ref(lang === 'en' ? 'r.name_en' : 'r.name_zh');
  const [rows, count] = await Promise.all([
    sql<{
      object_id: string;
      last_name: string;
      username: string;
      role_code: string;
      role_name: string;
      vendor: boolean;
    }>`select t.object_id, t.last_name, t.username, t.role_code, ${roleName} as role_name, (t.company_id is null) as vendor
       from employee t join role r on r.code = t.role_code
       where ${where} order by t.last_name, t.username, t.object_id
       limit ${query.pageSize} offset ${offsetOf(query)}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from employee t where ${where}`.execute(db),
  ]);
  return {
    rows: rows.rows.map((r) => ({
      ObjectID: r.object_id,
      EmployeeID: r.object_id,
      LastName: r.last_name,
      ExtRoleName_SDK: r.role_name,
      ExtRoleCode_SDK: r.role_code,
      ExtUserName_SDK: r.username,
      ExtH3cFlag_SDK: r.vendor,
    })),
    total: count.rows[0]?.n ?? 0,
  };
}
