import type { Selectable } from 'kysely';
import type { EmployeeTable } from '../db/schema';

/**
 * The employee as the client sees it (SPEC §3 "Employee (login result)"): capitalised keys,
 * never a password field.
 */
export function employeeToWire(
  row: Omit<Selectable<EmployeeTable>, 'password_hash' | 'password_changed_at' | 'password_expires_at'>,
  roleName: string,
) {
  return {
    ObjectID: row.object_id,
    EmployeeID: row.object_id,
    LastName: row.last_name,
    ExtUserName_SDK: row.username,
    ExtIsFistTime_SDK: row.first_time,
    ExtRoleCode_SDK: row.role_code,
    ExtRoleName_SDK: roleName,
    Email: row.email,
    Phone: row.phone,
    ExtProvinceCode_SDK: row.province_code,
    ExtCompanyID_SDK: row.company_id,
    CreationOn: row.created_at,
  };
}
