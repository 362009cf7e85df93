import { fromPromise } from 'xstate';
import {
  createRole,
  deleteRole,
  getRole,
  type RoleCreate,
  type RoleDetail,
  type RoleSummary,
  type RoleUpdate,
  searchRoles,
  updateRole,
} from '../../services/role.service';

/** Roles are few; one page of the server's largest size holds them all. */
const ROLE_PAGE_SIZE = 100;

/** The real calls behind the role and menu machine; tests provide fakes instead. */
export const roleMenusActors = {
  loadRoles: fromPromise<RoleSummary[], void>(() =>
    searchRoles({ currentPage: 1, pageSize: ROLE_PAGE_SIZE }).then((page) => page.rows),
  ),
  loadRole: fromPromise<RoleDetail, { roleId: string }>(({ input }) => getRole(input.roleId)),
  saveRole: fromPromise<RoleDetail, RoleUpdate>(({ input }) => updateRole(input)),
  createRole: fromPromise<RoleDetail, RoleCreate>(({ input }) => createRole(input)),
  deleteRole: fromPromise<void, { roleId: string }>(({ input }) => deleteRole(input.roleId)),
};
