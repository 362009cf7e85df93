import { request, requestEnvelope } from './http.service';
import type { MenuItem } from './session.service';

/** Which records a role's staff see (DOMAIN.md "Channel and roles"). */
export type DataScope = 'all' | 'region' | 'province' | 'city' | 'company';

/** A row of /roleToMenu/search. */
export interface RoleSummary {
  ObjectID: string;
  RoleCode: string;
  RoleName: string;
  RoleNameEn: string;
  DataScope: DataScope;
  Version: number;
  MenuCount: number;
  EmployeeCount: number;
  CreationOn: string;
}

/** A role as /roleToMenu/getOne, /create and /update answer it. */
export interface RoleDetail {
  ObjectID: string;
  RoleCode: string;
  RoleName: string;
  RoleNameEn: string;
  RoleDisplayName: string;
  DataScope: DataScope;
  Version: number;
  CreationOn?: string;
  RoleToMenuMenuList: MenuItem[];
}

export interface RoleCreate {
  RoleCode: string;
  RoleName: string;
  RoleNameEn: string;
  DataScope: DataScope;
  RoleToMenuMenuList: MenuItem[];
}

/** An update names the version it was based on and only the fields that changed. */
export type RoleUpdate = { ObjectID: string; Version: number } & Partial<Omit<RoleCreate, 'RoleCode'>>;

export interface RoleQuery {
  currentPage: number;
  pageSize: number;
  keyword?: string;
}

export async function searchRoles(query: RoleQuery) {
  const body = await requestEnvelope<RoleSummary[]>('/roleToMenu/search', query);
  return { rows: body.results ?? [], total: body.totalSize ?? 0 };
}

export const getRole = (ObjectID: string) => request<RoleDetail>('/roleToMenu/getOne', { ObjectID });

export const createRole = (role: RoleCreate) => request<RoleDetail>('/roleToMenu/create', role);

export const updateRole = (changes: RoleUpdate) => request<RoleDetail>('/roleToMenu/update', changes);

export const deleteRole = (ObjectID: string) =>
  request<null>('/roleToMenu/delete', { ObjectID }).then(() => undefined);
