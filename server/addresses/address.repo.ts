import { type Generated, type Kysely, type Selectable, sql } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { likePattern } from '../resources/expressions';
import { scopeCondition } from '../resources/scope';
import type { AddressSearch } from './address.schema';

export interface CustomerAddressTable {
  object_id: Generated<string>;
  customer_id: string;
  address_type: string;
  receiver_name: string;
  receiver_phone: string;
  region_province: string;
  region_city: string | null;
  region_district: string | null;
  detail: string;
  postcode: string | null;
  is_default: boolean;
  latitude: number | null;
  longitude: number | null;
  company_id: string | null;
  province_code: string | null;
  city_code: string | null;
  version: Generated<number>;
  created_at: Generated<Date>;
  created_by: string | null;
  created_by_name: string | null;
  updated_at: Generated<Date>;
  updated_by_name: string | null;
}

interface CustomerScopeTable {
  object_id: string;
  name: string;
  company_id: string | null;
  province_code: string | null;
  city_code: string | null;
}

export type AddressDb = Kysely<
  Database & { customer_address: CustomerAddressTable; customer: CustomerScopeTable }
>;
export const addressDb = (db: Db): AddressDb =>
  db.withTables<{ customer_address: CustomerAddressTable; customer: CustomerScopeTable }>();
type AddressRow = Selectable<CustomerAddressTable> & { customer_name: string };

const toWire = (r: AddressRow) => ({
  ObjectID: r.object_id,
  CustomerID: r.customer_id,
  CustomerName: r.customer_name,
  AddressType: r.address_type,
  ReceiverName: r.receiver_name,
  ReceiverPhone: r.receiver_phone,
  ProvinceCode: r.region_province,
  CityCode: r.region_city,
  DistrictCode: r.region_district,
  DetailAddress: r.detail,
  PostCode: r.postcode,
  IsDefault: r.is_default,
  Latitude: r.latitude,
  Longitude: r.longitude,
  Version: r.version,
  ModifiedOn: new Date(r.updated_at).toISOString(),
  CreationOn: new Date(r.created_at).toISOString(),
  CreatedBy: r.created_by_name,
});

function selectAddresses(db: Db, caller: Caller) {
  return addressDb(db)
    .selectFrom('customer_address as t')
    .innerJoin('customer as c', 'c.object_id', 't.customer_id')
    .selectAll('t')
    .select('c.name as customer_name')
    .where(scopeCondition(caller));
}

export async function getAddress(db: Db, caller: Caller, id: string) {
  const row = await selectAddresses(db, caller).where('t.object_id', '=', id).executeTakeFirst();
  if (!row) throw new PortalError(404, 'server.address.notFound');
  return toWire(row);
}

export async function searchAddresses(db: Db, caller: Caller, q: AddressSearch) {
  let query = selectAddresses(db, caller);
  if (q.CustomerID) query = query.where('t.customer_id', '=', q.CustomerID);
  if (q.AddressType) query = query.where('t.address_type', '=', q.AddressType);
  if (q.IsDefault !== undefined) query = query.where('t.is_default', '=', q.IsDefault);
  if (q.keyword) {
    const like = likePattern(q.keyword);
    query = query.where((eb) =>
      eb.or([
        eb('t.receiver_name', 'ilike', like),
        eb('t.detail', 'ilike', like),
        eb('c.name', 'ilike', like),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .orderBy('t.is_default', 'desc')
      .orderBy('t.created_at', 'desc')
      .orderBy('t.object_id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    query.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
  ]);
  return { rows: rows.map(toWire), total: count?.n ?? 0 };
}
