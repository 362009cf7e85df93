import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Lang } from '../http/i18n';

const employeeColumns = [
  'employee.object_id',
  'employee.username',
  'employee.last_name',
  'employee.first_time',
  'employee.role_code',
  'employee.email',
  'employee.phone',
  'employee.province_code',
  'employee.city_code',
  'employee.company_id',
  'employee.enabled',
  'employee.version',
  'employee.created_at',
  'employee.updated_at',
] as const;

export async function findEmployeeByUsername(db: Db, username: string) {
  return db
    .selectFrom('employee')
    .select([...employeeColumns, 'employee.password_hash', 'employee.password_expires_at'])
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function findEmployeeWithRole(db: Db, employeeId: string, lang: Lang) {
  return db
    .selectFrom('employee')
    .innerJoin('role', 'role.code', 'employee.role_code')
    .select([...employeeColumns, lang === 'en' ? 'role.name_en as role_name' : 'role.name_zh as role_name'])
    .where('employee.object_id', '=', employeeId)
    .executeTakeFirst();
}
