import { sql } from 'kysely';
import { bidResultRequires, stageFits } from '../../machines/workflows/opportunity-stage.rules';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldError, fieldMissing } from '../http/validate';
import type { ResourceDef } from '../resources/registry';
import type { RecordWrite } from '../resources/rules';
import { getRecord } from '../resources/write';
import { CHANNEL_FIELD, refuseUnknownChannel } from './opportunity-channel.rules';
import { claimKeyOf, claimOf } from './opportunity-claims';
import { opportunityCreated, stageContradiction } from './opportunity-create.service';
import { refuseOwnerEdit } from './opportunity-owner.rules';
import { refuseUnknownPlace, settleMarketingOwner } from './opportunity-references.rules';
import { registrationStreamOf } from './opportunity-registration.hooks';
import { stampSalesArea } from './sales-area.rules';

/** The fields a registration's sales area follows (or that try to set it by hand). */
const AREA_FIELDS = ['ProvinceName', 'CityName', 'ExtPartnerSalesArea_SDK'];

/**
 * The opportunity's own rules after a create or update through its forms (server/resources/rules.ts),
 * in the same transaction:
 * - a new one gets its owner from the caller (opportunity-owner.rules.ts), is numbered and its
 *   registration started (draft);
 * - its owner is changed only by the owner-change command;
 * - the stage never contradicts the registration status (won only by winning, lost by closing);
 * - a bid result needs what its procurement method has: a tender its number, unit and opening date;
 * - under protection the end customer and product line are locked (they are what protects it);
 * - its province and city are a province and one of its cities, its 营销责任人 an employee the writer's
 *   picker offers (opportunity-references.rules.ts);
 * - its sales area is the enabled area of its city (销售区域维护), its channel an enabled one of
 *   商机渠道管理, or for an agent its own company or a CCP it supplies (docs/opportunities.md "The four
 *   configuration pages").
 */
export async function afterOpportunityWrite(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
  changed: ReadonlySet<string>,
  write?: RecordWrite,
) {
  const id = String(record.ObjectID);
  if (changed.has(CHANNEL_FIELD)) await refuseUnknownChannel(trx, caller, record);
  if (changed.has('ProvinceName') || changed.has('CityName'))
    await refuseUnknownPlace(trx, record, write?.before);
  if (changed.has('ExtOwnerName_SDK')) await settleMarketingOwner(trx, caller, record, write?.before);
  if (AREA_FIELDS.some((f) => changed.has(f))) await stampSalesArea(trx, id, record);
  const started = await sql<{ n: number }>`select count(*)::int as n from workflow_stream
    where stream_id = ${registrationStreamOf(id)}`.execute(trx);
  if (!started.rows[0]?.n) {
    await opportunityCreated(trx, caller, id);
    // The form is answered with the record as stored: number, status and version included.
    Object.assign(record, await getRecord(trx, def, caller, id));
    return;
  }
  if (changed.has('AgentName')) await refuseOwnerEdit(trx, id, record);
  const status = String(record.ExtOpportunityStatus_SDK ?? '');
  const stage = record.ExtOpportunityStage_SDK;
  if (stage !== undefined && stage !== null && stage !== '' && !stageFits(status, String(stage)))
    throw stageContradiction();
  if (record.ExtProjectResults_SDK)
    for (const field of bidResultRequires(record.ExtProcurementMethod_SDK as string | undefined))
      if (record[field] === undefined || record[field] === null || record[field] === '')
        throw fieldMissing('opportunity', field);
  const claim = await claimOf(trx, id);
  if (claim) {
    const now = claimKeyOf(record);
    if (now.customerKey !== claim.customerKey)
      throw fieldError('opportunity', 'ExtOppCustomerName_SDK', 'server.opportunity.lockedUnderProtection');
    if (now.productLine !== claim.productLine)
      throw fieldError('opportunity', 'ProductLine', 'server.opportunity.lockedUnderProtection');
  }
}
