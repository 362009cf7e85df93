import { type RawBuilder, sql } from 'kysely';
import type { Caller } from '../http/auth';
import { rebateScopes } from '../rebates/rebate.scopes';
import { salesTaskScopes } from '../sales-tasks/sales-task.scopes';

/**
 * The caller's data scope (DOMAIN.md "Channel and roles"): vendor staff see their province, their
 * sales region (the provinces of their province's sales region, `region.sales_area`) or city,
 * agent staff their own company's records (an RSP also those of the CCPs it supplies), and the
 * administrator, sales operations and executives see everything.
 */
export function scopeCondition(caller: Caller): RawBuilder<boolean> {
  switch (caller.dataScope) {
    case 'all':
      return sql<boolean>`true`;
    case 'province':
      return caller.provinceCode
        ? sql<boolean>`t.province_code = ${caller.provinceCode}`
        : sql<boolean>`false`;
    case 'region':
      // A region manager sees every province of the sales region their own province belongs to.
      return caller.provinceCode
        ? sql<boolean>`t.province_code in (${regionProvinces(caller.provinceCode)})`
        : sql<boolean>`false`;
    case 'city': {
      // The cities of the city manager configuration when the caller came through login (auth.ts).
      const cities = caller.cityCodes?.length ? caller.cityCodes : caller.cityCode ? [caller.cityCode] : [];
      return cities.length
        ? sql<boolean>`t.city_code in (${sql.join(cities)})`
        : caller.provinceCode
          ? sql<boolean>`t.province_code = ${caller.provinceCode}`
          : sql<boolean>`false`;
    }
    default:
      return caller.companyId
        ? // One set (the company and the CCPs it supplies) rather than an OR, so the company index serves it.
          sql<boolean>`t.company_id in (select c.object_id from customer c where c.object_id = ${caller.companyId} or c.parent_id = ${caller.companyId})`
        : sql<boolean>`false`;
  }
}

/** The provinces of the sales region a province belongs to, as a subquery. */
export const regionProvinces = (provinceCode: string) =>
  sql`select p.code from region p join region own on own.sales_area = p.sales_area
    where own.code = ${provinceCode} and p.level = 'province'`;

/** The scope columns a new record gets from the employee who creates it. */
export const scopeOfNewRecord = (caller: Caller) => ({
  company_id: caller.dataScope === 'company' ? caller.companyId : null,
  province_code: caller.provinceCode,
  city_code: caller.cityCode,
});

/**
 * Resources whose records are seen by a rule of their own instead of the data scope: published rebate
 * policies by the agents they are written for, and an agent's rebate ledger by that agent alone
 * (server/rebates/rebate.scopes.ts); a province target also by the city managers of its tasks' cities
 * (server/sales-tasks/sales-task.scopes.ts); every other resource by the caller's data scope.
 */
export function resourceScope(resource: string, caller: Caller): RawBuilder<boolean> {
  // Read when called, not when this module loads: the rules import scopeCondition from here.
  return (rebateScopes[resource] ?? salesTaskScopes[resource])?.(caller) ?? scopeCondition(caller);
}
