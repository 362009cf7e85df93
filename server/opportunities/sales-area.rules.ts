import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldError, fieldMissing } from '../http/validate';
import { ROLE } from '../identity/roles';
import type { ResourceDef } from '../resources/registry';
import { cityOf, provinceNamed, textOf as text } from './place';

const AREA = 'h3cSalesArea';
const isOn = (value: unknown) => value === true || value === 'true';

/**
 * A sales area (销售区域维护) as its form or its list's cells save it, in the same transaction
 * (docs/opportunities.md "The four configuration pages"):
 * - its province is a province, its city one of its cities, its region the province's sales region
 *   (filled from the province when left empty); the record is scoped to them;
 * - its code is unique;
 * - its manager is an active city manager of its province, named by user name or by the name the
 *   employee picker puts in (one such person of that name);
 * - an enabled area has a manager and is the only enabled area of its city, so a registration in that
 *   city is given exactly one area (stampSalesArea).
 * Only what the write sent is checked, so an untouched older record stays as it is.
 */
export async function afterSalesAreaWrite(
  trx: Db,
  _def: ResourceDef,
  _caller: Caller,
  record: Record<string, unknown>,
  changed: ReadonlySet<string>,
) {
  await sql`select pg_advisory_xact_lock(hashtext(${AREA}))`.execute(trx);
  const id = String(record.ObjectID);
  const set: Record<string, unknown> = {};
  if (changed.has('AreaCode')) {
    const code = text(record.AreaCode);
    if (!code) throw fieldMissing(AREA, 'AreaCode');
    const twin = await sql<{ n: number }>`select count(*)::int as n from record where resource = ${AREA}
      and object_id <> ${id} and upper(data->>'AreaCode') = upper(${code})`.execute(trx);
    if (twin.rows[0]?.n) throw fieldError(AREA, 'AreaCode', 'server.opportunity.areaCodeTaken');
  }
  const placeChanged = ['ProvinceName', 'CityName', 'RegionName'].some((f) => changed.has(f));
  const province = await provinceNamed(trx, text(record.ProvinceName));
  if (placeChanged) {
    if (!province) throw fieldError(AREA, 'ProvinceName', 'server.opportunity.unknownProvince');
    const city = await cityOf(trx, province.code, text(record.CityName));
    if (!city)
      throw fieldError(AREA, 'CityName', {
        key: 'server.opportunity.unknownCity',
        params: { province: province.name },
      });
    const region = text(record.RegionName);
    // The region is named as the sales region (华东) or with its suffix (华东大区).
    if (region && region.replace(/大区$/, '') !== province.salesArea)
      throw fieldError(AREA, 'RegionName', {
        key: 'server.opportunity.areaRegion',
        params: { province: province.name, region: province.salesArea },
      });
    if (!region) set.RegionName = province.salesArea;
    await sql`update record set province_code = ${province.code}, city_code = ${city.code}
      where object_id = ${id}`.execute(trx);
  }
  if (changed.has('ManagerUserName') || changed.has('ManagerName')) {
    const manager = await managerOf(trx, province?.code ?? '', record, changed);
    if (!manager) {
      const field = changed.has('ManagerUserName') ? 'ManagerUserName' : 'ManagerName';
      if (text(record[field])) throw fieldError(AREA, field, 'server.opportunity.areaManager');
      set.ManagerUserName = null;
      set.ManagerName = null;
    } else Object.assign(set, { ManagerUserName: manager.username, ManagerName: manager.name });
  }
  if (Object.keys(set).length) {
    await sql`update record set data = data || ${JSON.stringify(set)}::jsonb where object_id = ${id}`.execute(
      trx,
    );
    Object.assign(record, set);
  }
  const decisive = ['Enabled', 'ProvinceName', 'CityName', 'ManagerUserName', 'ManagerName'];
  if (!isOn(record.Enabled) || !decisive.some((f) => changed.has(f))) return;
  if (!text(record.ManagerUserName))
    throw fieldError(AREA, 'ManagerName', 'server.opportunity.areaNoManager');
  const other = await sql<{ name: string }>`select o.data->>'AreaName' as name from record o
    join record me on me.object_id = ${id}
    where o.resource = ${AREA} and o.object_id <> ${id} and o.data->>'Enabled' = 'true'
      and o.city_code = me.city_code
    limit 1`.execute(trx);
  if (other.rows[0])
    throw fieldError(AREA, 'CityName', {
      key: 'server.opportunity.areaCityTaken',
      params: { name: other.rows[0].name },
    });
}

/** The active city manager of the province the write names, by user name or by the picked name. */
async function managerOf(
  trx: Db,
  provinceCode: string,
  record: Record<string, unknown>,
  changed: ReadonlySet<string>,
) {
  const byUser = changed.has('ManagerUserName');
  const key = text(byUser ? record.ManagerUserName : record.ManagerName);
  if (!key) return undefined;
  const found = await sql<{ username: string; name: string }>`select username, last_name as name
    from employee where enabled and role_code = ${ROLE.cityManager} and province_code = ${provinceCode}
      and ${byUser ? sql`lower(username) = lower(${key})` : sql`last_name = ${key}`}
    limit 2`.execute(trx);
  return found.rows.length === 1 ? found.rows[0] : undefined;
}

/**
 * What a registration's sales area is (销售区域, `ExtPartnerSalesArea_SDK`): the enabled sales area of
 * its city, set by the server whenever its place is written, so it is never typed and never names a
 * disabled area. A city without an enabled area leaves it empty. The area's city manager is the
 * registration's marketing contact (营销责任人) unless the form named one.
 */
export async function stampSalesArea(trx: Db, id: string, record: Record<string, unknown>) {
  const province = await provinceNamed(trx, text(record.ProvinceName));
  const city = province ? await cityOf(trx, province.code, text(record.CityName)) : undefined;
  const area = await sql<{ name: string; manager: string | null; user: string | null }>`select
      data->>'AreaName' as name, data->>'ManagerName' as manager, data->>'ManagerUserName' as user
    from record where resource = ${AREA} and data->>'Enabled' = 'true' and city_code = ${city?.code ?? ''}
    order by data->>'AreaCode' limit 1`.execute(trx);
  const found = area.rows[0];
  const set: Record<string, unknown> = { ExtPartnerSalesArea_SDK: found?.name ?? null };
  if (found?.manager && !text(record.ExtOwnerName_SDK))
    Object.assign(set, { ExtOwnerName_SDK: found.manager, ExtOwnerUserName_SDK: found.user });
  await sql`update record set data = data || ${JSON.stringify(set)}::jsonb where object_id = ${id}`.execute(
    trx,
  );
  Object.assign(record, set);
}
