import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import type { Db } from '../db/database';

/**
 * The rows of the city manager configuration (基础数据管理 › 城市经理配置) in force on a business day,
 * as the alias `r`: a city named, enabled, started and not yet ended. The one reading of "in force" that
 * a manager's cities, a city's configured manager and the managers covering a city all use.
 */
export const configRowsInForce = (day: string) => sql<boolean>`r.resource = 'cityManagerConfig'
  and r.city_code is not null and coalesce(r.data->>'Enabled', 'true') <> 'false'
  and coalesce(nullif(r.data->>'StartDate', ''), '0000') <= ${day}
  and coalesce(nullif(r.data->>'EndDate', ''), '9999') >= ${day}`;

/**
 * The cities a city-scoped employee (a city manager) covers: those of the enabled rows of the city
 * manager configuration that name them and are in force today; without such a row, their own city.
 * Read with each request, so a change of the configuration changes what they see at once
 * (docs/city-scope.md).
 */
export async function coveredCityCodes(
  db: Db,
  employee: { username: string; cityCode: string | null },
  now = new Date(),
): Promise<string[]> {
  const { rows } = await sql<{ code: string }>`select distinct r.city_code as code from record r
    where ${configRowsInForce(businessDay(now))} and r.data->>'cityManagerCode' = ${employee.username}
    order by 1`.execute(db);
  if (rows.length) return rows.map((r) => r.code);
  return employee.cityCode ? [employee.cityCode] : [];
}

/**
 * Whether the employee of the row `alias` (its `username` and `city_code`) covers the city on the day,
 * as coveredCityCodes reads their cities: a configuration row in force naming them for that city, or,
 * with no row in force naming them at all, their own city. For the queries that ask it of many people.
 */
export function coversCity(alias: string, cityCode: string, day: string) {
  const username = sql.ref(`${alias}.username`);
  const ownCity = sql.ref(`${alias}.city_code`);
  return sql<boolean>`(exists (select 1 from record r where ${configRowsInForce(day)}
      and r.data->>'cityManagerCode' = ${username} and r.city_code = ${cityCode})
    or (${ownCity} = ${cityCode} and not exists (select 1 from record r where ${configRowsInForce(day)}
      and r.data->>'cityManagerCode' = ${username})))`;
}
