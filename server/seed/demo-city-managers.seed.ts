import { ROLE } from '../../domain/roles';
import type { Db } from '../db/database';
import { afterCityManagerConfigWrite } from '../identity/city-manager-config.rules';
import { cityOf, provinceOf } from '../reference/regions.data';
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
  for (const manager of world.staff.filter((s) => s.roleCode === ROLE.cityManager && s.cityCode)) {
    const [city, province] = [cityOf(manager.cityCode!), provinceOf(`${manager.cityCode!.slice(0, 2)}0000`)];
    const colleague = (role: string) =>
      world.staff.find((s) => s.roleCode === role && s.provinceCode === province.code)?.name ?? null;
    const data = {
      ProvinceName: province.nameZh,
      CityName: city.nameZh,
      cityManagerName: manager.name,
      ExtProvinceManagerName_SDK: colleague(ROLE.provinceManager),
      ExtChannelManagerName_SDK: colleague(ROLE.channelManager),
      StartDate: '2026-01-01',
      Enabled: true,
    };
    const id = idOf(`cityManagerConfig:${manager.username}:${manager.cityCode}`);
    await saveRecord(db, 'cityManagerConfig', data, { id, at: when, by: desk.lastName });
    await afterCityManagerConfigWrite(db, def, desk, { ObjectID: id, ...data });
  }
}
