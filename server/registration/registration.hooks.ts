import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import { ChannelType, CustomerStatus, CustomerType } from '../../domain/codes/customers.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { addMonths } from '../../machines/workflows/customer-change.rules';
import { REGISTRATION_PROCESS_TYPES } from '../../machines/workflows/registration.workflow';
import { recordAgreement } from '../agreements/agreement-signing';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { nextNumber } from '../resources/numbering';
import { processConfigChains } from '../workflows/chains';
import type { Clock } from '../workflows/clock';
import type { WorkflowHooks } from '../workflows/hooks';
import { findRegistration, updateRegistration } from './registration.repo';

const FIRST_AGREEMENT_MONTHS = 12;

/**
 * The agreement is signed: the registration becomes an agent (RSP or CCP) with its account and its
 * agreement record, in the transaction of the final event, which carries the new customer's id.
 */
async function createAgent(trx: Db, registrationId: string, caller: Caller, clock?: Clock) {
  const at = clock?.at;
  const by = caller.lastName;
  const row = await findRegistration(trx, { id: registrationId });
  if (!row) throw new PortalError(404, 'server.recordNotFound');
  const data = row.data;
  const channel = String(data.ExtChannelSmallType_SDK);
  const account = await nextNumber(trx, NUMBER_PREFIX.agentAccount, at);
  const signedOn = businessDay(at);
  const details = {
    ContactName: data.ContactName,
    ContactPhone: data.ContactPhone,
    Email: data.Email,
    Address: data.Address,
    ProvinceName: data.ProvinceName,
    CityName: data.CityName,
    ExtLegalRepresentative_SDK: data.ExtLegalRepresentative_SDK,
    // The territory and the bank account the application gave, which the agreement names.
    ExtCoverageCities_SDK: data.ExtCoverageCities_SDK,
    ExtBankName_SDK: data.ExtBankName_SDK,
    ExtBankAccountName_SDK: data.ExtBankAccountName_SDK,
    ExtBankAccount_SDK: data.ExtBankAccount_SDK,
    ExtRegistrationNo_SDK: data.RegistrationNo,
    // The first agreement runs a year from signing; renewals extend it from there.
    ExtAgreementStartDate_SDK: signedOn,
    ExtAgreementEndDate_SDK: addMonths(signedOn, FIRST_AGREEMENT_MONTHS),
  };
  const inserted = await sql<{ object_id: string }>`insert into customer
      (object_id, name, account_id, credit_code, customer_type, channel_type, status, province_code, city_code,
       created_by_name, updated_by_name, data, created_at, updated_at)
    values (${clock?.uuid() ?? randomUUID()}, ${String(data.Name)}, ${account}, ${String(data.ExtCreditCode_SDK)}, ${channel === ChannelType.ccp ? CustomerType.ccp : CustomerType.rsp},
            ${channel}, ${CustomerStatus.active}, ${row.province_code}, ${row.city_code}, ${by}, ${by}, ${JSON.stringify(details)}::jsonb,
            ${at ?? new Date()}, ${at ?? new Date()})
    returning object_id::text`.execute(trx);
  const customerId = inserted.rows[0].object_id;
  await sql`update customer set company_id = object_id where object_id = ${customerId}`.execute(trx);
  await updateRegistration(trx, registrationId, { AccountID: account, CustomerID: customerId }, by, at);
  await recordAgreement(trx, { customerId, kind: 'registration', signer: caller, at, uuid: clock?.uuid });
  return customerId;
}

/** The server side of the registration review: signing creates the agent. */
export const registrationHooks: WorkflowHooks = {
  chains: processConfigChains(Object.values(REGISTRATION_PROCESS_TYPES)),
  prepare: async (trx, call) =>
    call.command === 'sign'
      ? { customerId: await createAgent(trx, call.state.subject[1], call.caller, call.clock) }
      : undefined,
};
