import { sql } from 'kysely';
import { ROLE } from '../../domain/roles';
import type { Db } from '../db/database';
import { coveredCityCodes } from './city-scope';

/** A city manager as a record names them: the name the lists show and sum by, and their login. */
export interface CityManager {
  name: string;
  code: string | null;
}

/**
 * The city manager of a city as the city manager configuration names them on a day (an enabled row in
 * force, the latest to start). None when the city has no manager configured.
 */
export async function configuredCityManager(
  db: Db,
  cityCode: string | null,
  day: string,
): Promise<CityManager | undefined> {
  if (!cityCode) return undefined;
  const rows = await sql<CityManager>`select data->>'cityManagerName' as name,
      data->>'cityManagerCode' as code from record
    where resource = 'cityManagerConfig' and city_code = ${cityCode}
      and coalesce(data->>'Enabled', 'true') = 'true' and coalesce(data->>'StartDate', '') <= ${day}
      and coalesce(nullif(data->>'EndDate', ''), '9999-12-31') >= ${day}
    order by data->>'StartDate' desc, object_id limit 1`.execute(db);
  return rows.rows[0];
}

/**
 * The enabled employees of the city manager role with this name (`all`), and those of them whose
 * cities include the city at that moment (`covering`): the cities of their configuration rows in force,
 * else their own city (city-scope.ts), the same cities they see records of.
 */
export async function cityManagersNamed(db: Db, name: string, cityCode: string | null, at: Date) {
  const all = (
    await sql<{ name: string; code: string; cityCode: string | null }>`select last_name as name,
        username as code, city_code as "cityCode"
      from employee where enabled and role_code = ${ROLE.cityManager} and last_name = ${name}
      order by username`.execute(db)
  ).rows;
  const covering: CityManager[] = [];
  for (const manager of all) {
    const cities = await coveredCityCodes(db, { username: manager.code, cityCode: manager.cityCode }, at);
    if (cityCode && cities.includes(cityCode)) covering.push({ name: manager.name, code: manager.code });
  }
  return { all, covering };
}
