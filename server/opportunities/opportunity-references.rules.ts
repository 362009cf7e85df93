import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldError } from '../http/validate';
import { employeeScope } from '../lookups/employee.lookup';
import { cityOf, provinceNamed, textOf as text } from './place';

const RESOURCE = 'opportunity';
/** 营销责任人 as the employee picker puts it in (the person's name), and the user name kept beside it. */
const OWNER_FIELD = 'ExtOwnerName_SDK';
const OWNER_USER_FIELD = 'ExtOwnerUserName_SDK';

/** Whether a write gave a field another value than the record had (a create always does). */
const isNew = (field: string, record: Record<string, unknown>, before?: Record<string, unknown>) =>
  !before || text(record[field]) !== text(before[field]);

/**
 * A registration's place (docs/opportunities.md "References of a registration"): its province is a
 * province (by its Chinese or English name, as the region picker or a person types it) and its city,
 * when given, one of that province's cities. The opportunity report sums deals by this province, so an
 * invented one would be a province of its own. Checked when the write gives either another value, so an
 * older record is saved as it is until its place is edited.
 */
export async function refuseUnknownPlace(
  trx: Db,
  record: Record<string, unknown>,
  before?: Record<string, unknown>,
) {
  if (!isNew('ProvinceName', record, before) && !isNew('CityName', record, before)) return;
  const province = await provinceNamed(trx, text(record.ProvinceName));
  if (!province) throw fieldError(RESOURCE, 'ProvinceName', 'server.opportunity.unknownProvince');
  const city = text(record.CityName);
  if (city && !(await cityOf(trx, province.code, city)))
    throw fieldError(RESOURCE, 'CityName', {
      key: 'server.opportunity.unknownCity',
      params: { province: province.name },
    });
}

/**
 * The registration's 营销责任人 is a person, not a text: one enabled employee of that name among those
 * the employee picker offers the writer (an agent's staff their own company's people, vendor staff the
 * people of their scope). The user name is the server's, set beside the name so the lists show the
 * person picked; emptied, both are. A name nobody (or several) of them has is refused naming the field.
 */
export async function settleMarketingOwner(
  trx: Db,
  caller: Caller,
  record: Record<string, unknown>,
  before?: Record<string, unknown>,
) {
  if (!isNew(OWNER_FIELD, record, before)) return;
  const name = text(record[OWNER_FIELD]);
  let username: string | null = null;
  if (name) {
    const found = await sql<{ username: string }>`select t.username from employee t
      where t.enabled and t.last_name = ${name} and ${employeeScope(caller)} limit 2`.execute(trx);
    if (found.rows.length !== 1)
      throw fieldError(
        RESOURCE,
        OWNER_FIELD,
        found.rows.length ? 'server.problems.ambiguousPerson' : 'server.opportunity.unknownOwner',
      );
    username = found.rows[0].username;
  }
  const set = { [OWNER_USER_FIELD]: username };
  await sql`update record set data = data || ${JSON.stringify(set)}::jsonb
    where resource = ${RESOURCE} and object_id = ${String(record.ObjectID)}`.execute(trx);
  Object.assign(record, set);
}
