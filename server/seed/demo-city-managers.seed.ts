import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { ROLE } from '../../domain/roles';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { afterCityManagerConfigWrite } from '../identity/city-manager-config.rules';
import { resourceDef } from '../resources/registry';
import type { DemoWorld } from './demo-world';
import { DEMO_TODAY } from './random';

const idOf = (text: string) => {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** The sales operations desk (the demo `ops` account), who keeps the configuration. */
async function deskCaller(db: Db): Promise<Caller> {
  const rows =
    await sql<Caller>`select e.object_id::text as "employeeId", e.username, e.last_name as "lastName",
      e.role_code as "roleCode", r.data_scope as "dataScope", e.province_code as "provinceCode",
      e.city_code as "cityCode", e.company_id::text as "companyId", '' as "tokenHash", false as "mustChangePassword"
    from employee e join role r on r.code = e.role_code where e.username = 'ops'`.execute(db);
  return rows.rows[0];
}

/**
 * The city manager configuration as the operations desk keeps it: one row per city manager and city,
 * with the province's manager and channel manager. Each row is checked by the configuration's own
 * rule, which names the manager's login and the city's region on it, so the demo city managers see
 * exactly their configured cities (server/identity/city-scope.ts).
 */
export async function seedCityManagerConfig(db: Db, world: DemoWorld) {
  const desk = await deskCaller(db);
  const def = resourceDef('cityManagerConfig')!;
  const at = new Date(`${DEMO_TODAY}T09:00:00+08:00`);
  const managers = world.staff.filter((s) => s.roleCode === ROLE.cityManager && s.cityCode);
  for (const manager of managers) {
    const place = (
      await sql<{ city: string; province: string; provinceCode: string }>`select c.name_zh as city,
        p.name_zh as province, p.code as "provinceCode" from region c join region p on p.code = c.parent_code
        where c.code = ${manager.cityCode}`.execute(db)
    ).rows[0];
    if (!place) continue;
    const colleague = (role: string) =>
      world.staff.find((s) => s.roleCode === role && s.provinceCode === place.provinceCode)?.name;
    const data = {
      ProvinceName: place.province,
      CityName: place.city,
      cityManagerName: manager.name,
      ExtProvinceManagerName_SDK: colleague(ROLE.provinceManager) ?? null,
      ExtChannelManagerName_SDK: colleague(ROLE.channelManager) ?? null,
      StartDate: '2026-01-01',
      Enabled: true,
    };
    const id = idOf(`cityManagerConfig:${manager.username}:${manager.cityCode}`);
    await sql`insert into record (object_id, resource, data, created_at, updated_at, created_by_name, updated_by_name)
      values (${id}, 'cityManagerConfig', ${JSON.stringify(data)}::jsonb, ${at}, ${at}, ${desk.lastName}, ${desk.lastName})`.execute(
      db,
    );
    await afterCityManagerConfigWrite(db, def, desk, { ObjectID: id, ...data });
  }
}
