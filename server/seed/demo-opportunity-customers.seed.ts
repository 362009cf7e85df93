import { sql } from 'kysely';
import type { Db } from '../db/database';
import { cityShort, provinceOf } from '../reference/regions.data';
import { resourceDef } from '../resources/registry';
import { updateRecord } from '../resources/write';
import { as, at, fixedIdOf } from './kit';
import { DEMO_TODAY } from './random';

/** Customers left as the generic filler made them: strategic customers nobody has registered yet. */
const WITHOUT_REGISTRATION = 5;

type EndCustomer = { name: string; industry: string | null; province_code: string };

/**
 * The demo's strategic customers (商机客户数据) are the end customers its registrations name: sales operations
 * gives the generic customers, one each, an end customer's name, industry and place on their edit page (whose
 * rule scopes them there), so 商机客户查询 and 客户信息报表 show figures counted from real registrations (054).
 */
export async function seedOpportunityCustomers(db: Db) {
  const ends = await sql<EndCustomer>`select distinct on (data->>'ExtOppCustomerName_SDK')
      data->>'ExtOppCustomerName_SDK' as name, data->>'ExtCustomerIndustry_SDK' as industry, province_code
    from record where resource = 'opportunity' and province_code is not null
    order by data->>'ExtOppCustomerName_SDK', created_at`.execute(db);
  const customers = await sql<{ id: string; version: number }>`select object_id::text as id, version
    from record where resource = 'opportunityCustomer' order by created_at, object_id`.execute(db);
  const [ops, def] = [await as(db, 'ops'), resourceDef('opportunityCustomer')!];
  // The filler makes 25 rows or more of every generic resource, so some always stay as they were.
  for (const [index, end] of ends.rows.slice(0, customers.rows.length - WITHOUT_REGISTRATION).entries()) {
    const { id: ObjectID, version: Version } = customers.rows[index];
    const province = provinceOf(end.province_code);
    // The city an end customer's name begins with (南京… is in 南京市), else the province alone.
    const city = province.cities.find((c) => end.name.startsWith(cityShort(c)));
    const place = { customerName: end.name, province: province.nameZh, CityName: city?.nameZh ?? null };
    const edit = { ObjectID, Version, PageID: 'business.opportunityCustomerEdit', ...place };
    const clock = { at: at(DEMO_TODAY), uuid: () => fixedIdOf(`opportunityCustomer:${ObjectID}`) };
    await updateRecord(db, def, ops, { ...edit, ...(end.industry && { industry: end.industry }) }, clock);
  }
}
