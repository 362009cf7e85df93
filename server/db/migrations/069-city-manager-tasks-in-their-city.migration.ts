import { type Kysely, sql } from 'kysely';

/**
 * A city manager's task belongs to the city it names: its region columns are that city's (and its
 * province's), as the save now writes them, so the city managers of the city read it whoever entered
 * it. Tasks saved before carried the region of the person who entered them (the province office: no
 * city), which hid them from their own city managers.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update record t set province_code = p.code, city_code = c.code
    from region c join region p on p.code = c.parent_code and p.level = 'province'
    where t.resource = 'cityManagerTask' and c.level = 'city'
      and c.name_zh = t.data->>'CityName' and p.name_zh = t.data->>'ProvinceName'
      and (t.province_code is distinct from p.code or t.city_code is distinct from c.code)`.execute(db);
}
