import { sql } from 'kysely';
import type { Db } from '../db/database';
import { type Caller, loadCaller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { type ResourceDef, resourceDef } from '../resources/registry';
import { checkValues } from '../resources/values';
import type { Clock } from '../workflows/clock';
import { decide } from '../workflows/decisions';
import { addDays, DEMO_TODAY, notAfterToday, type Random, two } from './random';

/** What every demo story needs: its people as logged in, the seed's clock, ids the same on every seed. */
export { fixedIdOf } from '../db/fixed-id';

/** A record's or a command's fields by name. */
export type Data = Record<string, unknown>;

/** An instant on a day of the demo, Beijing time. */
export const at = (day: string, time = '09:00') => new Date(`${day}T${time}:00+08:00`);

/** An instant on day `day` of the month after a period ('YYYY-MM'), Beijing time: when its reports come. */
export const afterPeriod = (period: string, day: number, hour: number, minute = 0) =>
  at(dayAfter(period, day), `${two(hour)}:${two(minute)}`);

/** Day `day` of the month after a period ('YYYY-MM'), 'YYYY-MM-DD'. */
export function dayAfter(period: string, day: number) {
  const [year, month] = period.split('-').map(Number);
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
}

/** The enabled employees a condition picks, in its order, as the portal loads them on the demo's today. */
async function callers(db: Db, where: ReturnType<typeof sql>, order: ReturnType<typeof sql>) {
  const { rows } = await sql<{ id: string }>`select object_id::text as id from employee
    where enabled ${where} order by ${order}`.execute(db);
  const people = await Promise.all(rows.map(({ id }) => loadCaller(db, id, '', at(DEMO_TODAY))));
  return people.filter((caller) => caller !== undefined);
}

/**
 * The caller `who` would be once logged in, through the portal's own loader: a username, or a role code
 * for the role's demo account (one without a digit first). The accounts are fixed: a missing one is a bug.
 */
export async function as(db: Db, who: string, provinceCode?: string | null): Promise<Caller> {
  const inProvince = provinceCode ? sql`and province_code = ${provinceCode}` : sql``;
  const named = sql`and (username = ${who} or role_code = ${who}) ${inProvince}`;
  const demoFirst = sql`username = ${who} desc, username ~ '[0-9]', username limit 1`;
  const [caller] = await callers(db, named, demoFirst);
  if (!caller) throw new Error(`The demo has no enabled account for ${who}`);
  return caller;
}

/** Every enabled employee as `as` gives them: the demo accounts first, then by username. */
export const everyone = (db: Db) => callers(db, sql``, sql`username ~ '[0-9]', username`);

/** The agent's own account, where the demo gives it one. */
export const staffOf = async (db: Db, companyId: string | null): Promise<Caller | undefined> =>
  (await callers(db, sql`and company_id = ${companyId}`, sql`username limit 1`))[0];

/** The named accounts, by username. */
export const accounts = async (db: Db, ...usernames: string[]) =>
  new Map(await Promise.all(usernames.map(async (name) => [name, await as(db, name)] as const)));

/** The seed's clock at an instant, minting ids from the story's generator. */
export const clockAt = (rng: Random, when: Date): Clock => ({ at: when, uuid: () => rng.uuid() });

/** The seed's clock at office hours on a business day, never after the demo's today. */
export const clockOn = (rng: Random, day: string): Clock =>
  clockAt(rng, new Date(rng.timeOn(notAfterToday(day))));

/** The seed's clocks of a story counted in days from `day`: a step's offset gives its business day. */
export const daysAfter = (rng: Random, day: string) => (offset: number) => clockOn(rng, addDays(day, offset));

/** The seed's clocks of a story whose steps each come `min` to `max` days after the one before `start`. */
export function dayByDay(rng: Random, start: string, min: number, max: number) {
  let day = start;
  return () => {
    day = addDays(day, rng.int(min, max));
    return clockOn(rng, day);
  };
}

/** Whether the portal took a person's step: false where it refused it, as it would refuse them. */
export const taken = (step: Promise<unknown>) =>
  step.then(() => true).catch((error) => (error instanceof PortalError ? false : Promise.reject(error)));

/** Commands to one record's workflow, each on the clock `clockFor` gives its moment (offset or instant). */
export const commandsTo =
  <When>(db: Db, workflow: string, subjectId: string, clockFor: (when: When) => Clock) =>
  (who: Caller, command: string, when: When, payload: Data = {}) =>
    decide(db, who, { workflow, subjectId, command, payload, clock: clockFor(when) });

/** Agrees at each node a stream waits on (`nodes` at most), by whom `deciderOf` names for its role. */
export async function agreeAlong(
  db: Db,
  [workflow, subjectId]: [string, string],
  clock: () => Clock,
  deciderOf: (role: string) => Caller | Promise<Caller>,
  nodes = 4,
) {
  for (let node = 0; node < nodes; node++) {
    const stream = await sql<{ status: string; role: string | null }>`select status, pending_role as role
      from workflow_stream where workflow = ${workflow} and subject_id = ${subjectId}`.execute(db);
    const [waiting] = stream.rows;
    if (waiting?.status !== 'inApproval' || !waiting.role) return;
    const step = { workflow, subjectId, command: 'agree', payload: {}, clock: clock() };
    await decide(db, await deciderOf(waiting.role), step);
  }
}

/** A story row: who of the story's people sends which command, when, with what. */
export type Step<Who extends string, When> = [who: Who, command: string, when: When, payload?: Data];

/** Sends a story's steps in order, each by the person its row names. */
export async function play<Who extends string, When>(
  send: ReturnType<typeof commandsTo<When>>,
  people: Record<Who, Caller>,
  steps: readonly Step<Who, When>[],
) {
  for (const [who, command, when, payload] of steps) await send(people[who], command, when, payload);
}

/** Where a saved row belongs and who saved it when: its author's name, its company and region. */
type RowStamp = { id: string; at: Date; by: string } & Partial<Record<Place, string | null>>;
type Place = 'companyId' | 'provinceCode' | 'cityCode';

/** A generic record's row, stamped as the portal stamps what a person saves. */
export async function saveRecord(db: Db, resource: string, data: Data, row: RowStamp) {
  await sql`insert into record (object_id, resource, data, created_at, updated_at, created_by_name,
      updated_by_name, company_id, province_code, city_code)
    values (${row.id}, ${resource}, ${JSON.stringify(data)}::jsonb, ${row.at}, ${row.at}, ${row.by}, ${row.by},
      ${row.companyId ?? null}, ${row.provinceCode ?? null}, ${row.cityCode ?? null})`.execute(db);
}

/**
 * Saves a row as its entry form does, on the clock's instant and with an id from it: the values checked,
 * the row kept in its author's region, then the resource's own rule after a write (`after`).
 */
export async function enterRecord(
  db: Db,
  resource: string,
  author: Caller,
  body: Data,
  clock: Clock,
  after?: (def: ResourceDef, record: Data) => Promise<unknown>,
) {
  const def = resourceDef(resource)!;
  const values = await checkValues(db, def, body, 'create');
  const id = clock.uuid();
  const { provinceCode, cityCode } = author;
  await saveRecord(db, resource, values, { id, at: clock.at, by: author.lastName, provinceCode, cityCode });
  await after?.(def, { ...values, ObjectID: id });
  return id;
}
