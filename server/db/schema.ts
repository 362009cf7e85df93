import type { ColumnType, Generated } from 'kysely';

/** Timestamps are written by the database (default now()) and read as Date. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface RoleTable {
  code: string;
  name_zh: string;
  name_en: string;
  /** all | province | company — how far the role's staff see (DOMAIN.md "Channel and roles"). */
  data_scope: string;
  version: Generated<number>;
  created_at: CreatedAt;
}

export interface RoleMenuTable {
  role_code: string;
  menu_id: string;
  path: string;
}

export interface EmployeeTable {
  object_id: Generated<string>;
  username: string;
  last_name: string;
  password_hash: string;
  first_time: boolean;
  /** Set with every new password hash: creation, the employee's change, an administrator's reset. */
  password_changed_at: Generated<Date | null>;
  role_code: string;
  email: string | null;
  phone: string | null;
  province_code: string | null;
  city_code: Generated<string | null>;
  company_id: string | null;
  enabled: Generated<boolean>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SessionTokenTable {
  token_hash: string;
  employee_id: string;
  created_at: CreatedAt;
  last_seen_at: UpdatedAt;
  revoked_at: Date | null;
}

export interface LoginFailureTable {
  /** 'user:<name>' or 'ip:<address>' */
  throttle_key: string;
  failures: number;
  window_started_at: Date;
  locked_until: Date | null;
}

export interface DictionaryEntryTable {
  code: string;
  module: string;
  keyword: string;
  content_zh: string;
  content_en: string;
  enabled: boolean;
  sort: number;
}

export interface Database {
  role: RoleTable;
  role_menu: RoleMenuTable;
  employee: EmployeeTable;
  session_token: SessionTokenTable;
  login_failure: LoginFailureTable;
  dictionary_entry: DictionaryEntryTable;
}
