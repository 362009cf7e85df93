import { sql } from 'kysely';
import { isValidCreditCode, normalizeCreditCode } from '../../domain/credit-code';
import { endCustomerKey } from '../../machines/workflows/opportunity-stage.rules';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldError } from '../http/validate';
import type { ResourceDef } from '../resources/registry';

const RESOURCE = 'opportunityCustomer';
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * An opportunity customer (the strategic end customers opportunities name) as its form or
 * its list's cells save it, in the same transaction (server/resources/rules.ts). What the write sent
 * is checked, so an untouched older record stays as it is:
 * - the name is unique among opportunity customers, compared as registrations compare end customers
 *   (case, spaces and brackets aside), since the customer reports count opportunities by it;
 * - a credit code passes its check character (GB 32100) and belongs to one customer only;
 * - the province is a province (by its name in either language), the city one of its cities; the
 *   record is then scoped to them, so the province's and city's staff see it whoever entered it.
 * Saves of customers are serialised, so two people entering the same customer cannot both pass.
 */
export async function afterOpportunityCustomerWrite(
  trx: Db,
  def: ResourceDef,
  _caller: Caller,
  record: Record<string, unknown>,
  changed: ReadonlySet<string>,
) {
  await sql`select pg_advisory_xact_lock(hashtext(${RESOURCE}))`.execute(trx);
  const id = String(record.ObjectID);
  if (changed.has('customerName')) {
    const key = endCustomerKey(text(record.customerName));
    const names = await sql<{ id: string; name: string }>`select object_id::text as id,
        data->>'customerName' as name from record
      where resource = ${RESOURCE} and object_id <> ${id} and data->>'customerName' is not null`.execute(trx);
    const twin = names.rows.find((r) => endCustomerKey(r.name) === key);
    if (twin)
      throw fieldError(def.name, 'customerName', {
        key: 'server.opportunity.customerTaken',
        params: { name: twin.name },
      });
  }
  const code = text(record.CreditCode);
  if (changed.has('CreditCode') && code) {
    const normalized = normalizeCreditCode(code);
    if (!isValidCreditCode(normalized))
      throw fieldError(def.name, 'CreditCode', 'server.opportunity.creditCodeInvalid');
    const holder = await sql<{ name: string }>`select data->>'customerName' as name from record
      where resource = ${RESOURCE} and object_id <> ${id}
        and upper(regexp_replace(data->>'CreditCode', '[\\s-]', '', 'g')) = ${normalized} limit 1`.execute(
      trx,
    );
    if (holder.rows[0])
      throw fieldError(def.name, 'CreditCode', {
        key: 'server.opportunity.creditCodeTaken',
        params: { name: holder.rows[0].name },
      });
  }
  if (changed.has('province') || changed.has('CityName')) {
    const province = text(record.province);
    const found = await sql<{ code: string }>`select code from region
      where level = 'province' and (name_zh = ${province} or name_en = ${province}) limit 1`.execute(trx);
    if (!found.rows[0]) throw fieldError(def.name, 'province', 'server.opportunity.unknownProvince');
    const city = text(record.CityName);
    let cityCode: string | null = null;
    if (city) {
      const inProvince = await sql<{ code: string }>`select code from region
        where parent_code = ${found.rows[0].code} and (name_zh = ${city} or name_en = ${city}) limit 1`.execute(
        trx,
      );
      if (!inProvince.rows[0])
        throw fieldError(def.name, 'CityName', {
          key: 'server.opportunity.unknownCity',
          params: { province },
        });
      cityCode = inProvince.rows[0].code;
    }
    // The customer is seen where it is: by the staff of its province and city, whoever entered it.
    await sql`update record set province_code = ${found.rows[0].code}, city_code = ${cityCode}
      where object_id = ${id}`.execute(trx);
  }
}
