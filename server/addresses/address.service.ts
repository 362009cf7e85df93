import { sql } from 'kysely';
import { pages } from '../../catalogue/catalogue';
import { type Db, inTransaction } from '../db/database';
import { isUniqueViolation } from '../db/unique-violation';
import { allowedPageIds } from '../http/access';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { isSystemAdmin } from '../identity/roles';
import { checkRegionChain } from '../lookups/region-check';
import { scopeCondition } from '../resources/scope';
import { addressDb, type CustomerAddressTable, getAddress } from './address.repo';
import {
  ADDRESS_COLUMN,
  ADDRESS_FIELDS,
  type AddressCreate,
  type AddressField,
  type AddressUpdate,
} from './address.schema';

const agentPages = pages.filter((p) => p.resource === 'customer').map((p) => p.id);

/**
 * Who may change a customer's addresses: its own staff, or vendor staff who hold a page of the agents
 * module and see the customer. An RSP reads the addresses of the CCPs it supplies (it ships to them)
 * but does not change them: they are the CCP's own data.
 */
async function mayChange(db: Db, caller: Caller, companyId: string | null) {
  if (caller.dataScope === 'company') return companyId !== null && companyId === caller.companyId;
  if (isSystemAdmin(caller.roleCode)) return true;
  const allowed = await allowedPageIds(db, caller.roleCode);
  return agentPages.some((id) => allowed.has(id));
}

/** A customer the caller sees, else "does not exist or is outside your scope" (the same answer). */
async function customerInScope(db: Db, caller: Caller, id: string) {
  const customer = await addressDb(db)
    .selectFrom('customer as t')
    .select(['t.object_id', 't.company_id', 't.province_code', 't.city_code'])
    .where('t.object_id', '=', id)
    .where(scopeCondition(caller))
    .executeTakeFirst();
  if (!customer) throw new PortalError(404, 'server.address.unknownCustomer');
  return customer;
}

/** The checks an address's new values need: a known type and a region chain that holds together. */
async function checkValues(
  db: Db,
  values: Partial<Record<AddressField, unknown>>,
  full: Record<string, unknown>,
) {
  if (values.AddressType !== undefined) {
    const option = await db
      .selectFrom('dictionary_entry')
      .select('keyword')
      .where('code', '=', 'AddressType')
      .where('keyword', '=', String(values.AddressType))
      .where('enabled', '=', true)
      .executeTakeFirst();
    if (!option)
      throw new PortalError(400, 'server.unknownOption', { field: 'AddressType', value: values.AddressType });
  }
  // A position is both coordinates or neither: half of one places the address nowhere.
  if (['Latitude', 'Longitude'].some((f) => f in values)) {
    const [latitude, longitude] = [full.Latitude ?? null, full.Longitude ?? null];
    if ((latitude === null) !== (longitude === null))
      throw new PortalError(400, 'server.fieldRequired', {
        field: latitude === null ? 'Latitude' : 'Longitude',
      });
  }
  if (['ProvinceCode', 'CityCode', 'DistrictCode'].some((f) => f in values)) {
    await checkRegionChain(db, [
      { field: 'ProvinceCode', code: full.ProvinceCode as string },
      { field: 'CityCode', code: full.CityCode as string | null },
      { field: 'DistrictCode', code: full.DistrictCode as string | null },
    ]);
  }
}

/** At most one default per customer and type: a new default clears the old one first. */
async function clearDefault(trx: Db, customerId: string, type: string, exceptId?: string) {
  let update = addressDb(trx)
    .updateTable('customer_address')
    .set((eb) => ({ is_default: false, version: eb('version', '+', 1), updated_at: sql`now()` }))
    .where('customer_id', '=', customerId)
    .where('address_type', '=', type)
    .where('is_default', '=', true);
  if (exceptId) update = update.where('object_id', '!=', exceptId);
  await update.execute();
}

/** POST /address/createByCustomer. The first address of a type becomes the customer's default. */
export async function createAddress(db: Db, caller: Caller, input: AddressCreate) {
  await checkValues(db, input, input);
  // In the caller's transaction where it runs in one (the demo seed enters the agents' addresses).
  const work = inTransaction(db, async (trx) => {
    const customer = await customerInScope(trx, caller, input.CustomerID);
    if (!(await mayChange(trx, caller, customer.company_id)))
      throw new PortalError(403, 'server.address.changeForbidden');
    const hasDefault = await addressDb(trx)
      .selectFrom('customer_address')
      .select('object_id')
      .where('customer_id', '=', customer.object_id)
      .where('address_type', '=', input.AddressType)
      .where('is_default', '=', true)
      .executeTakeFirst();
    const isDefault = input.IsDefault ?? !hasDefault;
    if (isDefault) await clearDefault(trx, customer.object_id, input.AddressType);
    const values = Object.fromEntries(ADDRESS_FIELDS.map((f) => [ADDRESS_COLUMN[f], input[f] ?? null]));
    const inserted = await addressDb(trx)
      .insertInto('customer_address')
      .values({
        ...(values as Omit<CustomerAddressTable, 'object_id' | 'version' | 'created_at' | 'updated_at'>),
        customer_id: customer.object_id,
        is_default: isDefault,
        company_id: customer.company_id,
        province_code: customer.province_code,
        city_code: customer.city_code,
        created_by: caller.employeeId,
        created_by_name: caller.lastName,
        updated_by_name: caller.lastName,
      })
      .returning('object_id')
      .executeTakeFirstOrThrow();
    return getAddress(trx, caller, inserted.object_id);
  });
  return work.catch(raceToStale);
}

/** Two saves that both made a default of the same customer and type: the second is told to reload. */
function raceToStale(error: unknown): never {
  if (isUniqueViolation(error, 'customer_address_default_uq'))
    throw new PortalError(409, 'server.staleWrite');
  throw error;
}

/** POST /address/update: ObjectID, the Version the editor saw, and only the changed fields. */
export async function updateAddress(db: Db, caller: Caller, input: AddressUpdate) {
  // In the caller's transaction where it runs in one (the demo seed places agents' addresses).
  const work = inTransaction(db, async (trx) => {
    const current = await getAddress(trx, caller, input.ObjectID);
    const row = await addressDb(trx)
      .selectFrom('customer_address')
      .select(['company_id', 'version'])
      .where('object_id', '=', input.ObjectID)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (!(await mayChange(trx, caller, row.company_id)))
      throw new PortalError(403, 'server.address.changeForbidden');
    if (row.version !== input.Version) throw new PortalError(409, 'server.staleWrite');
    const changes = Object.fromEntries(
      ADDRESS_FIELDS.filter((f) => input[f] !== undefined).map((f) => [f, input[f]]),
    ) as Partial<Record<AddressField, unknown>>;
    const full = { ...current, ...changes };
    await checkValues(trx, changes, full);
    if (full.IsDefault) await clearDefault(trx, current.CustomerID, String(full.AddressType), input.ObjectID);
    const sets = Object.fromEntries(
      Object.entries(changes).map(([f, v]) => [ADDRESS_COLUMN[f as AddressField], v]),
    );
    await addressDb(trx)
      .updateTable('customer_address')
      .set((eb) => ({
        ...sets,
        version: eb('version', '+', 1),
        updated_at: sql`now()`,
        updated_by_name: caller.lastName,
      }))
      .where('object_id', '=', input.ObjectID)
      .execute();
    return getAddress(trx, caller, input.ObjectID);
  });
  return work.catch(raceToStale);
}

/** POST /address/delete: every named address must be in scope and changeable, else none goes. */
export async function deleteAddresses(db: Db, caller: Caller, ids: string[]) {
  const unique = [...new Set(ids)];
  await db.transaction().execute(async (trx) => {
    const rows = await addressDb(trx)
      .selectFrom('customer_address as t')
      .select(['t.object_id', 't.company_id'])
      .where('t.object_id', 'in', unique)
      .where(scopeCondition(caller))
      .execute();
    if (rows.length !== unique.length) throw new PortalError(404, 'server.address.notFound');
    for (const row of rows) {
      if (!(await mayChange(trx, caller, row.company_id)))
        throw new PortalError(403, 'server.address.changeForbidden');
    }
    await addressDb(trx).deleteFrom('customer_address').where('object_id', 'in', unique).execute();
  });
  return unique.length;
}
