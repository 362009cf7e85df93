import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { badField, PortalError } from '../http/envelope';
import type { ResourceDef } from '../resources/registry';
import { APPROVER_FIELDS, employeesNamed, type ProcessConfig, ROLE_FIELDS, stepsOf } from './chains';

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * A chain configuration row is checked as it is saved, so an application never meets a chain nobody
 * can decide: steps in order without gaps, each named person an enabled employee of the step's role,
 * and one enabled row per process, channel and province (two would leave the choice to chance).
 * Applications already running keep the chain they started with.
 */
export async function afterChainConfigWrite(
  trx: Db,
  _def: ResourceDef,
  _caller: Caller,
  record: Record<string, unknown>,
) {
  const config = record as ProcessConfig;
  const filled = ROLE_FIELDS.map((f, i) => !blank(config[f]) || !blank(config[APPROVER_FIELDS[i]]));
  // The first step is required like any gap before a later one: a chain decides at least once.
  const gap = filled.findIndex((present, i) => !present && (i === 0 || filled.slice(i + 1).some(Boolean)));
  if (gap >= 0) throw new PortalError(400, 'server.fieldRequired', { field: ROLE_FIELDS[gap] });
  const names = APPROVER_FIELDS.map((f) => config[f])
    .filter((v) => !blank(v))
    .map((v) => String(v).trim());
  const employees = await employeesNamed(trx, names);
  try {
    stepsOf(config, employees);
  } catch (error) {
    if (error instanceof PortalError) throw new PortalError(400, error.messageKey, error.params);
    throw error;
  }
  if (config.Enabled !== true) return;
  const twins = await sql<{ n: number }>`select count(*)::int as n from record
    where resource = 'customerProcessConfig' and object_id::text <> ${String(record.ObjectID)}
      and (data->>'Enabled')::boolean is true
      and data->>'ExtProcessType_SDK' = ${String(config.ExtProcessType_SDK ?? '')}
      and coalesce(data->>'ExtChannelSmallType_SDK', '') = ${String(config.ExtChannelSmallType_SDK ?? '')}
      and coalesce(data->>'ProvinceName', '') = ${String(config.ProvinceName ?? '')}`.execute(trx);
  if (twins.rows[0]?.n) throw badField('Enabled', 'server.problems.chainTwin');
}
