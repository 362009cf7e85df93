import { ROLE } from '../../domain/roles';
import type { Db } from '../db/database';
import { afterCityManagerConfigWrite } from '../identity/city-manager-config.rules';
import { cityOf, provinceOf } from '../reference/regions.data';
import { resourceDef } from '../resources/registry';
import type { DemoWorld } from './demo-world';
import { as, at, fixedIdOf, saveRecord } from './kit';
import { DEMO_TODAY } from './random';

/**
 * A row per city manager and city as the operations desk keeps them, each through the configuration's own
 * rule, so the demo city managers see exactly their configured cities (server/identity/city-scope.ts).
 */
export async function seedCityManagerConfig(db: Db, world: DemoWorld) {
  const desk = await as(db, 'ops');
  const def = resourceDef('cityManagerConfig')!;
  const when = at(DEMO_TODAY);
  for (const manager of world.staff.filter((s) => s.roleCode === ROLE.cityManager && s.cityCode)) {
    const [city, province] = [cityOf(manager.cityCode!), provinceOf(`${manager.cityCode!.slice(0, 2)}0000`)];
    const colleague = (role: string) =>
      world.staff.find((s) => s.roleCode === role && s.provinceCode === province.code)?.name ?? null;
    const where = { ProvinceName: province.nameZh, CityName: city.nameZh, cityManagerName: manager.name };
    const [provinceManager, channelManager] = [ROLE.provinceManager, ROLE.channelManager].map(colleague);
    const names = { ExtProvinceManagerName_SDK: provinceManager, ExtChannelManagerName_SDK: channelManager };
    const data = { ...where, ...names, StartDate: '2026-01-01', Enabled: true };
    const id = fixedIdOf(`cityManagerConfig:${manager.username}:${manager.cityCode}`);
    await saveRecord(db, 'cityManagerConfig', data, { id, at: when, by: desk.lastName });
    await afterCityManagerConfigWrite(db, def, desk, { ObjectID: id, ...data });
  }
}
