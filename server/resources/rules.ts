import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { afterChainConfigWrite } from '../workflows/chain-config';
import type { ResourceDef } from './registry';
import { afterTemplateWrite } from './templates';

/**
 * A resource's own rule after a create or update, inside the same transaction: it sees the saved
 * record, may refuse it (throwing undoes the write) or change other records to keep an invariant.
 */
type AfterWrite = (
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
) => Promise<void>;

const afterWriteRules: Record<string, AfterWrite> = {
  agreementTemplate: afterTemplateWrite,
  customerProcessConfig: afterChainConfigWrite,
};

export async function afterWrite(trx: Db, def: ResourceDef, caller: Caller, record: Record<string, unknown>) {
  await afterWriteRules[def.name]?.(trx, def, caller, record);
}
