import { sql } from 'kysely';
import { opportunityRegistrationDeclaration as declaration } from '../../machines/workflows/opportunity-registration.workflow';
import { OPPORTUNITY_STATUS, stageFits } from '../../machines/workflows/opportunity-stage.rules';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldError } from '../http/validate';
import { nextNumber } from '../resources/numbering';
import { resourceDef } from '../resources/registry';
import { scopeOfNewRecord } from '../resources/scope';
import { checkValues } from '../resources/values';
import type { Clock } from '../workflows/clock';
import { actorOf } from '../workflows/decisions';
import { startStream } from '../workflows/engine';
import { opportunityRow, patchOpportunity } from './opportunity.repo';
import { settleOwner } from './opportunity-owner.rules';
import { registrationStreamOf } from './opportunity-registration.hooks';

/** The form a new opportunity is registered with (新增商机): its required fields are the ones asked. */
export const REGISTRATION_FORM = 'business.opportunityInfo';

export const opportunityDef = () => {
  const def = resourceDef('opportunity');
  if (!def) throw new Error('No opportunity resource in the catalogue');
  return def;
};

/** A stage that contradicts the status, named by the stage's label. */
export const stageContradiction = () =>
  fieldError('opportunity', 'ExtOpportunityStage_SDK', 'server.opportunity.stageContradicts');

/**
 * What every new opportunity gets, in the transaction that stores it: its owner, a stage that fits a draft, its
 * number BB…, and its registration stream (draft), whose projection writes the status.
 */
export async function opportunityCreated(trx: Db, caller: Caller, id: string, clock?: Clock) {
  await settleOwner(trx, caller, id);
  const row = await opportunityRow(trx, id);
  const stage = row.data.ExtOpportunityStage_SDK;
  if (stage !== undefined && stage !== null && !stageFits(OPPORTUNITY_STATUS.draft, String(stage)))
    throw stageContradiction();
  const number = await nextNumber(trx, declaration.numberPrefix, clock?.at);
  await patchOpportunity(
    trx,
    id,
    { ExtOpportunityNOText_SDK: number },
    { by: caller.lastName, bumpVersion: false },
  );
  const actor = actorOf(caller);
  await startStream(trx, {
    streamId: registrationStreamOf(id),
    workflow: declaration.name,
    subject: ['opportunity', id],
    input: { applicant: actor },
    actor,
    at: clock?.at,
  });
  return number;
}

/**
 * Registers an opportunity on a clock of its own (the demo seed's): the same checks as the form's
 * create (the registration form's fields), stored in the creator's scope, numbered and started. Its
 * creator is the caller, by id and name, as the form's create keeps it (`createRecord`): staff who
 * register a deal for an agent own its products by that id (opportunity-items.service.ts).
 */
export async function createOpportunity(db: Db, caller: Caller, body: Record<string, unknown>, clock: Clock) {
  const def = opportunityDef();
  const values = await checkValues(db, def, { ...body, PageID: REGISTRATION_FORM }, 'create');
  return inTransaction(db, async (trx) => {
    const id = clock.uuid();
    const scope = scopeOfNewRecord(caller);
    await sql`insert into record (object_id, resource, data, company_id, province_code, city_code, created_at,
        updated_at, created_by, created_by_name, updated_by_name)
      values (${id}, 'opportunity', ${JSON.stringify(values)}::jsonb, ${scope.company_id}, ${scope.province_code},
        ${scope.city_code}, ${clock.at}, ${clock.at}, ${caller.employeeId}, ${caller.lastName}, ${caller.lastName})`.execute(
      trx,
    );
    const number = await opportunityCreated(trx, caller, id, clock);
    return { ObjectID: id, ExtOpportunityNOText_SDK: number };
  });
}
