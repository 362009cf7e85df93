import { sql } from 'kysely';
import { ChannelType } from '../../domain/codes/customers.codes';
import type { ChainStep } from '../../machines/workflows/approval.workflow';
import {
  defaultRegistrationChain,
  REGISTRATION_PROCESS_TYPES,
  type ReviewStep,
} from '../../machines/workflows/registration.workflow';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import type { ConfiguredChain } from './configured-chains';

/** The approver fields of a customerProcessConfig row, in step order: a person, or none. */
export const APPROVER_FIELDS = ['firstName', 'secondName', 'thirdName', 'fourthName'] as const;
/** The role of each step, in the same order: a step names a role, a person, or a person of the role. */
export const ROLE_FIELDS = ['firstRole', 'secondRole', 'thirdRole', 'fourthRole'] as const;

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
const hasSteps = (row: ProcessConfig) =>
  APPROVER_FIELDS.some((f) => !blank(row[f])) || ROLE_FIELDS.some((f) => !blank(row[f]));

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
      hasSteps(r),
  );
  const specific = (r: ProcessConfig) => (blank(r.ExtChannelSmallType_SDK) ? 0 : 1);
  const byProvince = candidates
    .filter((r) => !blank(r.ProvinceName) && provinceNames.includes(String(r.ProvinceName).trim()))
    .sort((a, b) => specific(b) - specific(a));
  if (byProvince[0]) return byProvince[0];
  return candidates.filter((r) => blank(r.ProvinceName)).sort((a, b) => specific(b) - specific(a))[0];
}

/**
 * The steps a configuration row names, in order. A step with a person is decided by that person (the
 * employee picker fills the name; the login is accepted too) and takes the person's role; a step with
 * only a role is decided by anyone of the role. A name that is not exactly one enabled employee, or a
 * person outside the step's role, cannot decide anything: the application is refused with what to fix.
 */
export function stepsOf(config: ProcessConfig, employees: Employee[]): ChainStep[] {
  const steps: ChainStep[] = [];
  APPROVER_FIELDS.forEach((field, i) => {
    const value = config[field];
    const role = blank(config[ROLE_FIELDS[i]]) ? null : String(config[ROLE_FIELDS[i]]).trim();
    if (blank(value)) {
      if (role) steps.push(role);
      return;
    }
    const name = String(value).trim();
    const byLogin = employees.filter((e) => e.username === name);
    const matches = byLogin.length ? byLogin : employees.filter((e) => e.lastName === name);
    if (matches.length !== 1)
      throw new PortalError(409, 'server.customerWorkflow.approverUnknown', { name, field });
    const [person] = matches;
    if (role && person.roleCode !== role)
      throw new PortalError(409, 'server.workflow.approverNotOfRole', { name, field });
    steps.push({ role: person.roleCode, approver: person.id, approverName: person.lastName });
  });
  return steps;
}

/**
 * The approval chain of a process for a channel type and province (ARCHITECTURE.md §5, DOMAIN.md
 * "Chains are configuration"): the enabled row that covers it. Without one the application cannot be
 * decided by anybody, so it is refused with the process named, for an administrator to configure.
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
  if (!config) throw await unconfigured(db, processType);
  const names = APPROVER_FIELDS.map((f) => config[f])
    .filter((v) => !blank(v))
    .map((v) => String(v).trim());
  const employees = await employeesNamed(db, names);
  const steps = stepsOf(config, employees);
  if (!steps.length) throw await unconfigured(db, processType);
  return steps;
}

/** The enabled employees a configuration names, by login or by name. */
export async function employeesNamed(db: Db, names: string[]): Promise<Employee[]> {
  if (!names.length) return [];
  const found = await sql<Employee>`select object_id::text as id, username, last_name as "lastName",
      role_code as "roleCode" from employee
    where enabled and (username in (${sql.join(names)}) or last_name in (${sql.join(names)}))`.execute(db);
  return found.rows;
}

/** The refusal of a process nobody configured a chain for, naming the process in both languages. */
async function unconfigured(db: Db, processType: string) {
  const names = await sql<{ zh: string; en: string }>`select content_zh as zh, content_en as en
    from dictionary_entry where code = 'CustomerProcessType' and keyword = ${processType}`.execute(db);
  const name = names.rows[0];
  return new PortalError(409, 'server.workflow.chainUnconfigured', {
    code: processType,
    nameZh: name?.zh ?? processType,
    nameEn: name?.en ?? processType,
  });
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
  const type =
    channelType === ChannelType.ccp ? REGISTRATION_PROCESS_TYPES.CCP : REGISTRATION_PROCESS_TYPES.RSP;
  const chain = await chainFor(db, type, channelType, provinceCode);
  return chain.map((step, i) => ({
    step: defaultRegistrationChain[i]?.step ?? `step${i + 1}`,
    role: typeof step === 'string' ? step : step.role,
    ...(typeof step === 'string' ? {} : { approver: step.approver, approverName: step.approverName }),
  }));
}

/**
 * The enabled configuration rows of some processes as the chart's readers see them
 * (configured-chains.ts): for which process, channel and province each chain applies, and its steps
 * with the people it names. A row naming a person who is no longer one enabled employee shows the
 * name as configured under its role, as the refusal an application would meet names it.
 */
export const processConfigChains =
  (processTypes: readonly string[]) =>
  async (db: Db): Promise<ConfiguredChain[]> => {
    const rows = await sql<{ data: ProcessConfig }>`select data from record
      where resource = 'customerProcessConfig' and (data->>'Enabled')::boolean is true
        and data->>'ExtProcessType_SDK' in (${sql.join([...processTypes])})
      order by data->>'ExtProcessType_SDK', data->>'ExtChannelSmallType_SDK' nulls first,
        data->>'ProvinceName' nulls first`.execute(db);
    const configs = rows.rows.map((r) => r.data).filter(hasSteps);
    const names = configs.flatMap((c) =>
      APPROVER_FIELDS.map((f) => c[f])
        .filter((v) => !blank(v))
        .map((v) => String(v).trim()),
    );
    const employees = await employeesNamed(db, [...new Set(names)]);
    return configs.map((config) => ({
      when: {
        key: 'process',
        params: {
          process: String(config.ExtProcessType_SDK ?? ''),
          channel: blank(config.ExtChannelSmallType_SDK) ? null : String(config.ExtChannelSmallType_SDK),
          province: blank(config.ProvinceName) ? null : String(config.ProvinceName),
        },
        dicts: { process: 'CustomerProcessType', channel: 'ChannelType' },
      },
      steps: configuredSteps(config, employees),
    }));
  };

/** A row's steps as configured, each person found or shown by the name written. */
function configuredSteps(config: ProcessConfig, employees: Employee[]): ChainStep[] {
  return APPROVER_FIELDS.flatMap((field, i): ChainStep[] => {
    const role = blank(config[ROLE_FIELDS[i]]) ? null : String(config[ROLE_FIELDS[i]]).trim();
    if (blank(config[field])) return role ? [role] : [];
    const name = String(config[field]).trim();
    const person = employees.find((e) => e.username === name) ?? employees.find((e) => e.lastName === name);
    return [{ role: person?.roleCode ?? role ?? '', approverName: person?.lastName ?? name }];
  });
}
