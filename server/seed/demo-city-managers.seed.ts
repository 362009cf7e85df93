import { sql } from 'kysely';
import { ROLE } from '../../domain/roles';
import type { Db } from '../db/database';
import { afterCityManagerConfigWrite } from '../identity/city-manager-config.rules';
import { resourceDef } from '../resources/registry';
import type { DemoWorld } from './demo-world';
import { as, at, idOf, saveRecord } from './kit';
import { DEMO_TODAY } from './random';

/**
 * The city manager configuration as the operations desk keeps it: one row per city manager and city,
 * with the province's manager and channel manager. Each row is checked by the configuration's own
 * rule, which names the manager's login and the city's region on it, so the demo city managers see
 * exactly their configured cities (server/identity/city-scope.ts).
 */
export async function seedCityManagerConfig(db: Db, world: DemoWorld) {
  const desk = await as(db, 'ops');
  const def = resourceDef('cityManagerConfig')!;
  const when = at(DEMO_TODAY);
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
    await saveRecord(db, 'cityManagerConfig', data, { id, at: when, by: desk.lastName });
    await afterCityManagerConfigWrite(db, def, desk, { ObjectID: id, ...data });
  }
}
