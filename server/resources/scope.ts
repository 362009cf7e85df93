import { type RawBuilder, sql } from 'kysely';
import type { Caller } from '../http/auth';

/**
 * The caller's data scope (DOMAIN.md "Channel and roles"): vendor staff see their province or city,
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
    case 'city':
      return caller.cityCode
        ? sql<boolean>`t.city_code = ${caller.cityCode}`
        : caller.provinceCode
          ? sql<boolean>`t.province_code = ${caller.provinceCode}`
          : sql<boolean>`false`;
    default:
      return caller.companyId
        ? // One set (the company and the CCPs it supplies) rather than an OR, so the company index serves it.
          sql<boolean>`t.company_id in (select c.object_id from customer c where c.object_id = ${caller.companyId} or c.parent_id = ${caller.companyId})`
        : sql<boolean>`false`;
  }
}

/** The scope columns a new record gets from the employee who creates it. */
export const scopeOfNewRecord = (caller: Caller) => ({
  company_id: caller.dataScope === 'company' ? caller.companyId : null,
  province_code: caller.provinceCode,
  city_code: caller.cityCode,
});
