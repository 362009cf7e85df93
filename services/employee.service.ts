import { httpContext, request } from './http.service';
import { searchPicker } from './lookup.service';
import { searchRoles } from './role.service';

/** An employee as the administration list and getOne answer it (docs/employees-and-addresses.md). */
export type EmployeeRecord = Record<string, unknown> & { ObjectID: string; Version: number };

/** The fields an account administrator sets, by their wire names. */
export interface EmployeeFields {
  LastName?: string;
  ExtUserName_SDK?: string;
  ExtRoleCode_SDK?: string;
  Email?: string | null;
  Phone?: string | null;
  ProvinceCode?: string | null;
  CityCode?: string | null;
  ExtCompanyID_SDK?: string | null;
  Enabled?: boolean;
}

export interface Option {
  value: string;
  label: string;
  /** A role's data scope: agent roles ('company') need a company. */
  scope?: string;
}

// The dialog shows a refused save itself, next to the field it names; no second message as a toast.
const quiet = { silent: true } as const;

export const getEmployee = (ObjectID: string) =>
  request<EmployeeRecord>('/employee/getOne', { ObjectID }, quiet);

export const createEmployee = (fields: EmployeeFields & { Password: string }) =>
  request<EmployeeRecord>('/employee/create', fields, quiet);

/** Only ObjectID, the version the form showed and the changed fields are sent. */
export const confirmEmployeeUpdate = (changes: EmployeeFields & { ObjectID: string; Version: number }) =>
  request<EmployeeRecord>('/employee/confirmUpdate', changes, quiet);

export const cancelEmployeeUpdate = (seen: { ObjectID: string; Version: number }) =>
  request<EmployeeRecord>('/employee/cancelUpdate', seen, quiet);

export const resetEmployeePassword = (reset: { ObjectID: string; Version: number; Password: string }) =>
  request<{ ObjectID: string; Version: number }>('/employee/resetPassword', reset, quiet);

/** Every role, named in the portal's language (roles are few: one page holds them). */
export async function roleOptions(): Promise<Option[]> {
  const lang = httpContext().lang;
  const { rows } = await searchRoles({ currentPage: 1, pageSize: 100 });
  return rows.map((r) => ({
    value: r.RoleCode,
    label: lang === 'en' ? r.RoleNameEn : r.RoleName,
    scope: r.DataScope,
  }));
}

const regionOptions = (rows: { code?: string; Code?: string; name?: string; Name?: string }[]) =>
  rows.map((r) => ({ value: String(r.code ?? r.Code), label: String(r.name ?? r.Name) }));

export const provinceOptions = () =>
  request<Record<string, string>[]>('/province/searchAll', {}).then(regionOptions);

export const cityOptions = (provinceCode: string) =>
  request<Record<string, string>[]>('/city/searchAll', { provinceCode }).then(regionOptions);

/** Agent companies by name, for agent staff accounts. */
export async function companyOptions(keyword: string): Promise<Option[]> {
  const { rows } = await searchPicker('/customerLookup/search', { keyword, currentPage: 1, pageSize: 20 });
  return rows.map((r) => ({ value: String(r.ObjectID), label: String(r.Name) }));
}
