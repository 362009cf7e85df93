import { sql } from 'kysely';
import { ROLE } from '../../domain/roles';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { badField } from '../http/envelope';
import type { ResourceDef } from '../resources/registry';
import { loginOfNamed } from './person-named';

/**
 * A row of the city manager configuration decides a city manager's city scope
 * (server/identity/city-scope.ts), so it must name one real city and one real city manager. Run in the
 * write's transaction: the city named by province and city name gives the row its region columns,
 * the city manager named on the form gives its login (`cityManagerCode`), and anything ambiguous or
 * unknown is refused naming the field, which undoes the write.
 */
export async function afterCityManagerConfigWrite(
  trx: Db,
  def: ResourceDef,
  _caller: Caller,
  record: Record<string, unknown>,
) {
  const { StartDate: start, EndDate: end } = record;
  if (typeof start === 'string' && typeof end === 'string' && end && end.slice(0, 10) < start.slice(0, 10))
    throw badField('EndDate', {
      key: 'server.problems.notBeforeStart',
      params: { start: { key: 'field.common.StartDate', params: {} } },
    });
  const city = (
    await sql<{ code: string; province: string }>`select c.code, p.code as province from region c
      join region p on p.code = c.parent_code and p.level = 'province'
      where c.level = 'city' and c.name_zh = ${String(record.CityName ?? '')}
        and p.name_zh = ${String(record.ProvinceName ?? '')}`.execute(trx)
  ).rows;
  if (city.length !== 1) throw badField('CityName', { key: 'server.problems.cityOfProvince', params: {} });
  const login = await loginOfNamed(trx, ROLE.cityManager, record.cityManagerName, (problem) =>
    badField('cityManagerName', problem),
  );
  record.cityManagerCode = login;
  await sql`update ${sql.table(def.storage.table)} t
    set data = t.data || ${JSON.stringify({ cityManagerCode: login })}::jsonb,
      province_code = ${city[0].province}, city_code = ${city[0].code}
    where t.object_id = ${String(record.ObjectID)}`.execute(trx);
}
