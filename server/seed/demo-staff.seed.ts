import { sql } from 'kysely';
import { hashPassword } from '../auth/password';
import type { Db } from '../db/database';
import { insertRows } from '../db/json-rows';
import { ROLE } from '../identity/roles';
import { provinceOf, provinces } from '../reference/regions.data';
import type { DemoStaff, DemoWorld } from './demo-world';
import { DEMO_PASSWORD, demoEmployees, employeeRow } from './employees.seed';
import type { Random } from './random';
import { storyTable } from './story-data';

/** Extra city managers beyond one per provincial capital (stories/city-managers.tsv). */
const EXTRA_CITIES = new Map(storyTable('city-managers').map((p) => [p.province, p.cities.split(' ')]));
/** Each sales area's channel manager works from this province (stories/channel-manager-seats.tsv). */
const AREA_SEATS = new Map(storyTable('channel-manager-seats').map((a) => [a.area, a.seat]));

/**
 * The vendor's staff: the demo accounts (employees.seed.ts) plus a city manager for every provincial
 * capital (more in the big provinces) and a channel manager per sales area.
 */
export function buildStaff(rng: Random): DemoStaff[] {
  const staff = demoEmployees.map(({ username, lastName, roleCode, provinceCode, cityCode }): DemoStaff => {
    return { username, name: lastName, roleCode, provinceCode, cityCode };
  });
  const names = new Set(staff.map((s) => s.name));
  /** Each hire an invented name no one else of the staff has. */
  const hire = (username: string, roleCode: string, provinceCode: string, cityCode: string | null) =>
    staff.push({ username, name: unseen(names, () => rng.personName()), roleCode, provinceCode, cityCode });
  for (const province of provinces)
    for (const city of EXTRA_CITIES.get(province.code) ?? [province.cities[0].code])
      hire(`cm${city}`, ROLE.cityManager, province.code, city);
  for (const seat of AREA_SEATS.values()) hire(`chm${seat}`, ROLE.channelManager, seat, null);
  return staff;
}

/** The channel manager responsible for a province: Jiangsu's is the demo account, else the area's. */
export function channelManagerOf(world: DemoWorld, provinceCode: string): DemoStaff {
  const seat = provinceCode === '320000' ? '320000' : AREA_SEATS.get(provinceOf(provinceCode).area);
  const managers = world.staff.filter((s) => s.roleCode === ROLE.channelManager);
  return managers.find((s) => s.provinceCode === seat) ?? managers[0];
}

/** Inserts the generated staff, one password hash for all (hashing is slow). */
export async function insertStaff(db: Db, world: DemoWorld) {
  const hash = await hashPassword(DEMO_PASSWORD);
  // The hires come after the demo accounts, which the seed inserted already (buildStaff).
  const hires = world.staff.slice(demoEmployees.length);
  const rows = hires.map((s) => ({ ...employeeRow({ ...s, lastName: s.name }, hash), first_time: false }));
  await insertRows(db, 'employee', rows);
  // The demo's agent accounts work for the agents the world chose.
  const { demoRsp: rsp, demoCcp: ccp, demoGd: gd } = world;
  for (const [username, { id, province }] of Object.entries({ rsp, ccp, gd }))
    await sql`update employee set company_id = ${id}, province_code = ${province.code}
      where lower(username) = ${username}`.execute(db);
}

/** What `draw` gives (or `first`, where given) that `seen` lacks yet, drawn again while seen; then seen. */
export function unseen<T>(seen: Set<T>, draw: () => T, first = draw()): T {
  let value = first;
  while (seen.has(value)) value = draw();
  seen.add(value);
  return value;
}
