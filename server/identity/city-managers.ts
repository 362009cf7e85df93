import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import { ROLE } from '../../domain/roles';
import type { Db } from '../db/database';
import { configRowsInForce, coversCity } from './city-scope';

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
  const rows = await sql<CityManager>`select r.data->>'cityManagerName' as name,
      r.data->>'cityManagerCode' as code from record r
    where ${configRowsInForce(day)} and r.city_code = ${cityCode}
    order by r.data->>'StartDate' desc, r.object_id limit 1`.execute(db);
  return rows.rows[0];
}

/** Whether the employee `e` covers the city at that moment; no one covers an order without a city. */
const covering = (cityCode: string | null, at: Date) =>
  cityCode ? coversCity('e', cityCode, businessDay(at)) : sql<boolean>`false`;

/**
 * The enabled employees of the city manager role with this name (`all`), and those of them whose
 * cities include the city at that moment (`covering`): the cities of their configuration rows in force,
 * else their own city (city-scope.ts), the same cities they see records of.
 */
export async function cityManagersNamed(db: Db, name: string, cityCode: string | null, at: Date) {
  const all = (
    await sql<CityManager & { covers: boolean }>`select e.last_name as name, e.username as code,
        ${covering(cityCode, at)} as covers
      from employee e where e.enabled and e.role_code = ${ROLE.cityManager} and e.last_name = ${name}
      order by e.username`.execute(db)
  ).rows;
  return {
    all,
    covering: all.filter((m) => m.covers).map(({ name, code }): CityManager => ({ name, code })),
  };
}

/** An enabled city manager covering a city, as a picker lists them. */
export interface CoveringCityManager {
  id: string;
  name: string;
  code: string;
  roleCode: string;
}

/**
 * The enabled employees of the city manager role whose cities include the city at that moment, by the
 * rule cityManagersNamed checks a name by; ordered by name and login. None for no city.
 */
export async function cityManagersCovering(
  db: Db,
  cityCode: string | null,
  at: Date,
): Promise<CoveringCityManager[]> {
  if (!cityCode) return [];
  return (
    await sql<CoveringCityManager>`select e.object_id::text as id, e.last_name as name, e.username as code,
        e.role_code as "roleCode"
      from employee e where e.enabled and e.role_code = ${ROLE.cityManager} and ${covering(cityCode, at)}
      order by e.last_name, e.username`.execute(db)
  ).rows;
}
