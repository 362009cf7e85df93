import { sql } from 'kysely';
import { isValidCreditCode, normalizeCreditCode } from '../../domain/credit-code';
import { endCustomerKey } from '../../machines/workflows/opportunity-stage.rules';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldError } from '../http/validate';
import type { ResourceDef } from '../resources/registry';
import { namesOneOf, ownCompanies } from './agent-companies';
import { cityOf, provinceNamed, textOf as text } from './place';

const CHANNEL = 'opportunityChannel';
/** The registration's field naming the channel that works the deal with its owner. */
export const CHANNEL_FIELD = 'ExtOpportunityChannel_SDK';

/**
 * An opportunity channel (商机渠道管理) as its form saves it, in the same transaction: its name is
 * unique (compared as end customers are: case, spaces and brackets aside), its credit code passes its
 * check character and is one channel's, its province is a province and its city one of its cities (the
 * record is then scoped to them). Only what the write sent is checked; saves are serialised.
 */
export async function afterOpportunityChannelWrite(
  trx: Db,
  _def: ResourceDef,
  _caller: Caller,
  record: Record<string, unknown>,
  changed: ReadonlySet<string>,
) {
  await sql`select pg_advisory_xact_lock(hashtext(${CHANNEL}))`.execute(trx);
  const id = String(record.ObjectID);
  if (changed.has('channelName')) {
    const key = endCustomerKey(text(record.channelName));
    const names = await sql<{ name: string }>`select data->>'channelName' as name from record
      where resource = ${CHANNEL} and object_id <> ${id} and data->>'channelName' is not null`.execute(trx);
    const twin = names.rows.find((r) => endCustomerKey(r.name) === key);
    if (twin)
      throw fieldError(CHANNEL, 'channelName', {
        key: 'server.opportunity.channelTaken',
        params: { name: twin.name },
      });
  }
  const code = normalizeCreditCode(text(record.CreditCode));
  if (changed.has('CreditCode') && code) {
    if (!isValidCreditCode(code))
      throw fieldError(CHANNEL, 'CreditCode', 'server.opportunity.creditCodeInvalid');
    const holder = await sql<{ name: string }>`select data->>'channelName' as name from record
      where resource = ${CHANNEL} and object_id <> ${id}
        and upper(regexp_replace(data->>'CreditCode', '[\\s-]', '', 'g')) = ${code} limit 1`.execute(trx);
    if (holder.rows[0])
      throw fieldError(CHANNEL, 'CreditCode', {
        key: 'server.opportunity.channelCreditCodeTaken',
        params: { name: holder.rows[0].name },
      });
  }
  if (changed.has('ProvinceName') || changed.has('CityName')) {
    const province = await provinceNamed(trx, text(record.ProvinceName));
    if (!province) throw fieldError(CHANNEL, 'ProvinceName', 'server.opportunity.unknownProvince');
    const city = text(record.CityName) ? await cityOf(trx, province.code, text(record.CityName)) : null;
    if (city === undefined)
      throw fieldError(CHANNEL, 'CityName', {
        key: 'server.opportunity.unknownCity',
        params: { province: province.name },
      });
    await sql`update record set province_code = ${province.code}, city_code = ${city?.code ?? null}
      where object_id = ${id}`.execute(trx);
  }
}

/**
 * The registration's channel (合作渠道), by its name as the channel picker puts it in. An agent's staff
 * name their own company or, for an RSP, a CCP it supplies (what their picker offers,
 * agent-companies.ts); vendor staff one of the enabled channels of 商机渠道管理. Anything else — another
 * company, an invented name, a disabled channel — is refused naming the field, and the refusal says
 * nothing of any other company. Left empty, the deal is worked by its owner alone.
 */
export async function refuseUnknownChannel(trx: Db, caller: Caller, record: Record<string, unknown>) {
  const name = text(record[CHANNEL_FIELD]);
  if (!name) return;
  const own = await ownCompanies(trx, caller, { supplied: true });
  if (own) {
    if (!namesOneOf(own, name))
      throw fieldError('opportunity', CHANNEL_FIELD, 'server.opportunity.channelNotOwn');
    return;
  }
  const found = await sql<{ n: number }>`select count(*)::int as n from record where resource = ${CHANNEL}
    and data->>'channelName' = ${name} and data->>'Enabled' = 'true'`.execute(trx);
  if (!found.rows[0]?.n) throw fieldError('opportunity', CHANNEL_FIELD, 'server.opportunity.channelUnknown');
}
