import { fromPromise } from 'xstate';
import {
  cancelEmployeeUpdate,
  cityOptions,
  companyOptions,
  confirmEmployeeUpdate,
  createEmployee,
  type EmployeeFields,
  type EmployeeRecord,
  getEmployee,
  type Option,
  provinceOptions,
  resetEmployeePassword,
  roleOptions,
} from '../../services/employee.service';
import type { FormData } from './employee-admin.rules';

export type SaveInput =
  | { mode: 'create'; fields: EmployeeFields & { Password: string } }
  | { mode: 'edit'; changes: EmployeeFields & { ObjectID: string; Version: number } };

/** The real calls behind the employee administration machine; tests provide fakes instead. */
export const employeeAdminActors = {
  loadForm: fromPromise<FormData, { objectId?: string }>(async ({ input }) => {
    const [record, roles, provinces] = await Promise.all([
      input.objectId ? getEmployee(input.objectId) : undefined,
      roleOptions(),
      provinceOptions(),
    ]);
    return { record, roles, provinces };
  }),
  loadCities: fromPromise<Option[], { provinceCode: string }>(({ input }) =>
    input.provinceCode ? cityOptions(input.provinceCode) : Promise.resolve([]),
  ),
  searchCompanies: fromPromise<Option[], { keyword: string }>(({ input }) => companyOptions(input.keyword)),
  saveEmployee: fromPromise<EmployeeRecord, SaveInput>(({ input }) =>
    input.mode === 'create' ? createEmployee(input.fields) : confirmEmployeeUpdate(input.changes),
  ),
  resetPassword: fromPromise<unknown, { ObjectID: string; Version: number; Password: string }>(({ input }) =>
    resetEmployeePassword(input),
  ),
  undoChange: fromPromise<EmployeeRecord, { ObjectID: string; Version: number }>(({ input }) =>
    cancelEmployeeUpdate(input),
  ),
};
