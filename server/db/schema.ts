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
  /** Set by a reset: the temporary password stops working then (and is changed at first login). */
  password_expires_at: Generated<Date | null>;
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

/** ok | failed | timeout, or running while a server executes it. */
export type JobOutcome = 'running' | 'ok' | 'failed' | 'timeout';

/**
 * What a run reports, kept as a message key with its parameters (translated when read, in the
 * reader's language) or, for an error the handler threw, as the error's own text.
 */
export type JobMessage = { key: string; params?: Record<string, unknown> } | { text: string };

/** A scheduled job (docs/scheduled-jobs.md): declared in code by its handler, scheduled here. */
export interface ScheduledJobTable {
  object_id: Generated<string>;
  /** Stable name of a seeded job, so seeding again finds it. */
  code: string;
  name: string;
  job_group: string;
  /** Key of the handler in server/jobs/job-handlers.ts. */
  handler: string;
  cron_expression: string;
  enabled: boolean;
  /** Whether a run may start while the previous one still runs. */
  concurrent: Generated<boolean>;
  params: ColumnType<Record<string, unknown>, string | undefined, string>;
  timeout_seconds: number;
  remark: string | null;
  /** When the schedule fires next; null while the job is disabled. */
  next_run_at: Date | null;
  /** Set by "run now", cleared by the server that claims the run. */
  run_requested_at: Generated<Date | null>;
  last_run_id: Generated<string | null>;
  last_run_at: Generated<Date | null>;
  last_outcome: Generated<JobOutcome | null>;
  last_message: ColumnType<JobMessage | null, string | null | undefined, string | null>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One execution of a job, whichever server ran it. */
export interface ScheduledJobRunTable {
  object_id: Generated<string>;
  job_id: string;
  /** 'schedule' or 'manual' (run now). */
  trigger: string;
  started_at: CreatedAt;
  finished_at: Date | null;
  duration_ms: number | null;
  outcome: Generated<JobOutcome>;
  message: ColumnType<JobMessage | null, string | null | undefined, string | null>;
  /** The server (host, process) that ran it. */
  instance: string;
}

/** A secret every server of one database shares, created once (the file links' signing key). */
export interface PortalSecretTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

/** A running portal server's heartbeat (docs/deployment.md). */
export interface PortalServerTable {
  instance: string;
  host: string;
  pid: number;
  started_at: CreatedAt;
  seen_at: Date;
  /** Set on SIGTERM: the server finishes what it has and takes nothing new. */
  draining: Generated<boolean>;
  file_store: 'local' | 's3';
  files_dir: string | null;
  /** A random token the server wrote into its files folder: another server that reads it shares the folder. */
  files_token: string | null;
}

export interface Database {
  role: RoleTable;
  role_menu: RoleMenuTable;
  employee: EmployeeTable;
  session_token: SessionTokenTable;
  login_failure: LoginFailureTable;
  dictionary_entry: DictionaryEntryTable;
  scheduled_job: ScheduledJobTable;
  scheduled_job_run: ScheduledJobRunTable;
  portal_secret: PortalSecretTable;
  portal_server: PortalServerTable;
}
