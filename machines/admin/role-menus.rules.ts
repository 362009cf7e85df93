import type { DataScope, RoleCreate, RoleDetail, RoleSummary, RoleUpdate } from '../../services/role.service';
import { errorText } from '../kit/error-text';
import { inCatalogueOrder, sameMenus } from './role-menus.tree';

/** The data scopes a role can have, widest first (DOMAIN.md "Channel and roles"). */
export const dataScopes: readonly DataScope[] = ['all', 'region', 'province', 'city', 'company'];

export interface RoleForm {
  RoleCode: string;
  RoleName: string;
  RoleNameEn: string;
  DataScope: DataScope | '';
}
export type RoleFormErrors = Partial<Record<keyof RoleForm, string>>;

/** The role code rule of the portal (JS + three digits), checked here for comfort, on the server for truth. */
export const ROLE_CODE = /^JS\d{3}$/;

export function validateRoleForm(form: RoleForm, roles: readonly RoleSummary[] = []): RoleFormErrors {
  const errors: RoleFormErrors = {};
  const code = form.RoleCode.trim();
  if (!code) errors.RoleCode = 'required';
  else if (!ROLE_CODE.test(code)) errors.RoleCode = 'admin.roleMenus.codeRule';
  else if (roles.some((r) => r.RoleCode === code)) errors.RoleCode = 'admin.roleMenus.codeTaken';
  if (!form.RoleName.trim()) errors.RoleName = 'required';
  if (!form.RoleNameEn.trim()) errors.RoleNameEn = 'required';
  if (!form.DataScope) errors.DataScope = 'required';
  return errors;
}

export interface RoleMenusContext {
  roles: RoleSummary[];
  /** The role in the editor, as the server last answered it. */
  role?: RoleDetail;
  /** Its pages as saved, and as ticked now; they differ while there are unsaved changes. */
  saved: string[];
  ticked: string[];
  /** Where to go once unsaved changes are given up: another role, or the new-role form. */
  next?: { kind: 'role'; roleId: string } | { kind: 'create' };
  draft?: RoleForm;
  formErrors: RoleFormErrors;
  /** The last failure, a locale key or the server's message. */
  error?: string;
}

export type RoleMenusEvent =
  | { type: 'roles.reload' }
  | { type: 'role.select'; roleId: string }
  | { type: 'menu.toggle'; key: string }
  | { type: 'changes.save' }
  | { type: 'changes.discard' }
  | { type: 'discard.confirm' }
  | { type: 'discard.cancel' }
  | { type: 'role.create' }
  | { type: 'form.submit'; form: RoleForm }
  | { type: 'form.cancel' }
  | { type: 'role.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

export type RoleMenusEmitted = { type: 'role.saved' } | { type: 'role.created' } | { type: 'role.deleted' };

export const menusOf = (role: RoleDetail) => inCatalogueOrder(role.RoleToMenuMenuList.map((m) => m.Path));
export const messageOf = ({ event }: { event: unknown }) => errorText((event as { error?: unknown }).error);
const summaryOf = (role: RoleDetail, before?: RoleSummary): RoleSummary => ({
  ObjectID: role.ObjectID,
  RoleCode: role.RoleCode,
  RoleName: role.RoleName,
  RoleNameEn: role.RoleNameEn,
  DataScope: role.DataScope,
  Version: role.Version,
  MenuCount: role.RoleToMenuMenuList.length,
  EmployeeCount: before?.EmployeeCount ?? 0,
  CreationOn: before?.CreationOn ?? role.CreationOn ?? '',
});

/** The update names the version it was based on and carries only what changed. */
export function changesOf(context: RoleMenusContext): RoleUpdate {
  const role = context.role!;
  const changes: RoleUpdate = { ObjectID: role.ObjectID, Version: role.Version };
  if (!sameMenus(context.ticked, context.saved))
    changes.RoleToMenuMenuList = context.ticked.map((id) => ({ ID: id, Path: id }));
  return changes;
}

/** The roles list after a role was saved or created, in code order as the server lists them. */
export const withRole = (roles: readonly RoleSummary[], role: RoleDetail) =>
  [
    ...roles.filter((r) => r.ObjectID !== role.ObjectID),
    summaryOf(
      role,
      roles.find((r) => r.ObjectID === role.ObjectID),
    ),
  ].sort((a, b) => a.RoleCode.localeCompare(b.RoleCode));

/** A new role from the form: trimmed, and with no pages yet (they are ticked next). */
export const creationOf = (form: RoleForm): RoleCreate => ({
  RoleCode: form.RoleCode.trim(),
  RoleName: form.RoleName.trim(),
  RoleNameEn: form.RoleNameEn.trim(),
  DataScope: form.DataScope as DataScope,
  RoleToMenuMenuList: [],
});
