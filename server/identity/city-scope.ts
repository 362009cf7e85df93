import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import type { Db } from '../db/database';

/**
 * The cities a city-scoped employee (a city manager) covers: those of the enabled rows of the city
 * manager configuration (基础数据管理 › 城市经理配置) that name them and are in force today; without
 * such a row, their own city. Read with each request, so a change of the configuration changes what
 * they see at once (docs/city-scope.md).
 */
export async function coveredCityCodes(
  db: Db,
  employee: { username: string; cityCode: string | null },
  now = new Date(),
): Promise<string[]> {
  const today = businessDay(now);
  const { rows } = await sql<{ code: string }>`select distinct r.city_code as code from record r
    where r.resource = 'cityManagerConfig' and r.city_code is not null
      and r.data->>'cityManagerCode' = ${employee.username}
      and coalesce(r.data->>'Enabled', 'true') <> 'false'
      and coalesce(nullif(r.data->>'StartDate', ''), '0000') <= ${today}
      and coalesce(nullif(r.data->>'EndDate', ''), '9999') >= ${today}
    order by 1`.execute(db);
  if (rows.length) return rows.map((r) => r.code);
  return employee.cityCode ? [employee.cityCode] : [];
}
