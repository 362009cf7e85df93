import { sql } from 'kysely';
import type { ChainStep } from '../../machines/workflows/approval.workflow';
import { defaultRegistrationChain, type ReviewStep } from '../../machines/workflows/registration.workflow';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { ROLE } from '../identity/roles';

/** Process types (dictionary CustomerProcessType), the key of a customerProcessConfig row. */
export const PROCESS_TYPE = {
  rspOnboarding: '101',
  ccpOnboarding: '111',
  renewal: '121',
  seniorCertification: '131',
  conversion: '141',
  suspension: '151',
  blacklist: '161',
  reinstatement: '171',
} as const;

/** The chain of each process type when no enabled configuration row covers it (DOMAIN.md §8). */
export const DEFAULT_CHAINS: Record<string, string[]> = {
  [PROCESS_TYPE.rspOnboarding]: defaultRegistrationChain.map((s) => s.role),
  [PROCESS_TYPE.ccpOnboarding]: defaultRegistrationChain.map((s) => s.role),
  [PROCESS_TYPE.renewal]: [ROLE.channelManager, ROLE.channelDepartment],
  [PROCESS_TYPE.seniorCertification]: [ROLE.channelManager, ROLE.channelDepartment],
  [PROCESS_TYPE.conversion]: [ROLE.provinceManager, ROLE.channelDepartment],
  [PROCESS_TYPE.suspension]: [ROLE.channelDepartment],
  [PROCESS_TYPE.blacklist]: [ROLE.channelDepartment, ROLE.executive],
  [PROCESS_TYPE.reinstatement]: [ROLE.channelDepartment],
};

/** The approver fields of a customerProcessConfig row, in step order. */
export const APPROVER_FIELDS = ['firstName', 'secondName', 'thirdName', 'fourthName'] as const;

/** A customerProcessConfig row as stored (its `data`). */
export interface ProcessConfig {
  ExtProcessType_SDK?: string;
  ExtChannelSmallType_SDK?: string;
  ProvinceName?: string | null;
  Enabled?: boolean;
  [approver: string]: unknown;
}

export interface Employee {
  id: string;
  username: string;
  lastName: string;
  roleCode: string;
}

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * The configuration row that governs a process: an enabled row for the process, channel and province,
 * else an enabled row for the process and channel with no province. Pure, for the unit tests.
 */
export function pickConfig(
  rows: ProcessConfig[],
  processType: string,
  channelType: string | null,
  provinceNames: string[],
): ProcessConfig | undefined {
  const candidates = rows.filter(
    (r) =>
      r.Enabled === true &&
      r.ExtProcessType_SDK === processType &&
      (blank(r.ExtChannelSmallType_SDK) || r.ExtChannelSmallType_SDK === channelType) &&
      APPROVER_FIELDS.some((f) => !blank(r[f])),
  );
  const specific = (r: ProcessConfig) => (blank(r.ExtChannelSmallType_SDK) ? 0 : 1);
  const byProvince = candidates
    .filter((r) => !blank(r.ProvinceName) && provinceNames.includes(String(r.ProvinceName).trim()))
    .sort((a, b) => specific(b) - specific(a));
  if (byProvince[0]) return byProvince[0];
  return candidates.filter((r) => blank(r.ProvinceName)).sort((a, b) => specific(b) - specific(a))[0];
}

/**
 * The steps a configuration row names. The employee picker fills each approver field with the
 * employee's name; the login is accepted too. A name that is not exactly one enabled employee
 * cannot decide anything, so the application is refused with the name to fix in the configuration.
 */
export function stepsOf(config: ProcessConfig, employees: Employee[]): ChainStep[] {
  const steps: ChainStep[] = [];
  for (const field of APPROVER_FIELDS) {
    const value = config[field];
    if (blank(value)) continue;
    const name = String(value).trim();
    const byLogin = employees.filter((e) => e.username === name);
    const matches = byLogin.length ? byLogin : employees.filter((e) => e.lastName === name);
    if (matches.length !== 1)
      throw new PortalError(409, 'server.customerWorkflow.approverUnknown', { name, field });
    const [person] = matches;
    steps.push({ role: person.roleCode, approver: person.id, approverName: person.lastName });
  }
  return steps;
}

/**
 * The approval chain of a process for a channel type and province (ARCHITECTURE.md §5, DOMAIN.md
 * "Chains are configuration"): the configured approvers where an enabled row covers it, else the
 * process type's default roles.
 */
export async function chainFor(
  db: Db,
  processType: string,
  channelType: string | null,
  provinceCode: string | null,
): Promise<ChainStep[]> {
  const rows = await sql<{ data: ProcessConfig }>`select data from record
    where resource = 'customerProcessConfig' and data->>'ExtProcessType_SDK' = ${processType}
      and (data->>'Enabled')::boolean is true
    order by updated_at desc, object_id`.execute(db);
  const provinceNames = provinceCode
    ? (
        await sql<{ name_zh: string; name_en: string }>`select name_zh, name_en from region
          where code = ${provinceCode}`.execute(db)
      ).rows.flatMap((r) => [r.name_zh, r.name_en])
    : [];
  const config = pickConfig(
    rows.rows.map((r) => r.data),
    processType,
    channelType,
    provinceNames,
  );
  if (!config) return DEFAULT_CHAINS[processType] ?? [ROLE.channelDepartment];
  const names = APPROVER_FIELDS.map((f) => config[f])
    .filter((v) => !blank(v))
    .map((v) => String(v).trim());
  const employees = await sql<Employee>`select object_id::text as id, username, last_name as "lastName",
      role_code as "roleCode" from employee
    where enabled and (username in (${sql.join(names)}) or last_name in (${sql.join(names)}))`.execute(db);
  return stepsOf(config, employees.rows);
}

/**
 * The registration review chain (RSP or CCP onboarding) from the same configuration, as the named
 * review steps the progress page shows. A configured person keeps the role check of the step's role.
 */
export async function registrationChainFor(
  db: Db,
  channelType: string,
  provinceCode: string,
): Promise<ReviewStep[]> {
  const type = channelType === 'CCP' ? PROCESS_TYPE.ccpOnboarding : PROCESS_TYPE.rspOnboarding;
  const chain = await chainFor(db, type, channelType, provinceCode);
  return chain.map((step, i) => ({
    step: defaultRegistrationChain[i]?.step ?? `step${i + 1}`,
    role: typeof step === 'string' ? step : step.role,
    ...(typeof step === 'string' ? {} : { approver: step.approver, approverName: step.approverName }),
  }));
}
