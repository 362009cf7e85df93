import { sql } from 'kysely';
import { DELIVERY_INFO_SETTLED } from '../../catalogue/ordersSetup-config.pages';
import { AddressType } from '../../domain/codes/customers.codes';
import { DeliveryInfoStatus } from '../../domain/codes/orders.codes';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { dayOf, fieldError, fieldMissing } from '../http/validate';
import { checkVersion } from '../payments/receipt.service';
import { resourceDef } from '../resources/registry';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';

/** Dictionary DeliveryInfoStatus: to confirm, confirmed, modified and to confirm again. */
export const DELIVERY_INFO_STATUS = {
  toConfirm: DeliveryInfoStatus.toConfirm,
  confirmed: DeliveryInfoStatus.confirmed,
  modified: DeliveryInfoStatus.modifiedToConfirm,
} as const;
/** Dictionary AddressType: the agent's delivery addresses (not its invoice addresses). */
const DELIVERY_ADDRESS = AddressType.delivery;

/** The receiver fields the page edits, with the longest text each takes; the first three are required. */
const TEXT_MAX: Record<string, number> = {
  ReceiverName: 60,
  ReceiverPhone: 40,
  ReceiverAddress: 200,
  ReceiverCompany: 100,
};
const REQUIRED = ['ReceiverName', 'ReceiverPhone', 'ReceiverAddress'];

const infoDef = () => resourceDef('deliveryInfo')!;
const problem = (field: string, key: string, params: Record<string, unknown> = {}) =>
  fieldError('deliveryInfo', field, { key, params });

interface OrderRow {
  version: number;
  order_no: string;
  company_id: string | null;
  delivery_status: string;
  status: string | null;
}

/**
 * The order behind a delivery-info row, read through the caller's scope (out of scope: 404) and locked,
 * at the Version the person saw; its delivery information is settled once nothing is left to ship.
 */
async function lockedOrder(trx: Db, caller: Caller, body: Record<string, unknown>): Promise<OrderRow> {
  await getRecord(trx, infoDef(), caller, body.ObjectID);
  const order = (
    await sql<OrderRow>`select version, order_no, company_id::text as company_id, delivery_status,
        data->>'DeliveryInfoStatus' as status
      from sales_order where object_id = ${String(body.ObjectID)} for update`.execute(trx)
  ).rows[0];
  checkVersion(order, body.Version);
  // The lock the list's cells and the record's panel show (DELIVERY_INFO_SETTLED).
  if (DELIVERY_INFO_SETTLED.states.includes(order.delivery_status))
    throw new PortalError(409, 'deliveries.errors.infoAfterShipping', { no: order.order_no });
  return order;
}

/** One of the agent's own delivery addresses, as the receiver fields it fills (the region spelled out). */
async function addressFields(trx: Db, order: OrderRow, addressId: unknown) {
  const found = await sql<{ name: string; phone: string; address: string }>`select a.receiver_name as name,
      a.receiver_phone as phone,
      concat(p.name_zh, c.name_zh, d.name_zh, a.detail) as address
    from customer_address a left join region p on p.code = a.region_province
      left join region c on c.code = a.region_city left join region d on d.code = a.region_district
    where a.object_id::text = ${String(addressId ?? '')} and a.customer_id::text = ${order.company_id ?? ''}
      and a.address_type = ${DELIVERY_ADDRESS}`.execute(trx);
  const address = found.rows[0];
  if (!address) throw problem('AddressID', 'deliveries.problems.notAgentAddress');
  return { ReceiverName: address.name, ReceiverPhone: address.phone, ReceiverAddress: address.address };
}

/** The typed receiver fields of a modification, each checked; required ones may not be blanked. */
function typedFields(body: Record<string, unknown>) {
  const changes: Record<string, string> = {};
  for (const [field, max] of Object.entries(TEXT_MAX)) {
    const value = body[field];
    if (value === undefined) continue;
    if (value !== null && typeof value !== 'string') throw problem(field, 'server.problems.text');
    const text = (value ?? '').trim();
    if (!text && REQUIRED.includes(field)) throw fieldMissing('deliveryInfo', field);
    if (text.length > max) throw problem(field, 'server.problems.tooBig.string', { limit: max });
    changes[field] = text;
  }
  if (body.RequiredDeliveryDate !== undefined) {
    const day =
      body.RequiredDeliveryDate === null || body.RequiredDeliveryDate === ''
        ? ''
        : dayOf(body.RequiredDeliveryDate);
    if (day === undefined) throw problem('RequiredDeliveryDate', 'server.problems.date');
    changes.RequiredDeliveryDate = day;
  }
  return changes;
}

async function stamp(trx: Db, caller: Caller, id: string, values: Record<string, unknown>, at: Date) {
  await sql`update sales_order set data = data || ${JSON.stringify({ ...values, DeliveryInfoBy: caller.lastName })}::jsonb,
      version = version + 1, updated_at = ${at}, updated_by_name = ${caller.lastName}
    where object_id = ${id}`.execute(trx);
  return getRecord(trx, infoDef(), caller, id);
}

/**
 * Modifies an order's delivery information (ObjectID of the order, the Version seen): typed receiver
 * fields and required date, or one of the agent's delivery addresses (AddressID) filling receiver,
 * phone and address. Either puts it back to "modified, to confirm" — one transaction.
 */
export async function modifyDeliveryInfo(
  db: Db,
  caller: Caller,
  body: Record<string, unknown>,
  clock?: Clock,
) {
  return inTransaction(db, async (trx) => {
    const order = await lockedOrder(trx, caller, body);
    const changes =
      body.AddressID !== undefined ? await addressFields(trx, order, body.AddressID) : typedFields(body);
    if (!Object.keys(changes).length) throw fieldMissing('deliveryInfo', 'ReceiverAddress');
    const status = { DeliveryInfoStatus: DELIVERY_INFO_STATUS.modified };
    return stamp(trx, caller, String(body.ObjectID), { ...changes, ...status }, clock?.at ?? new Date());
  });
}

/** Confirms an order's delivery information as it stands (ObjectID, Version): the warehouse may ship to it. */
export async function confirmDeliveryInfo(
  db: Db,
  caller: Caller,
  body: Record<string, unknown>,
  clock?: Clock,
) {
  return inTransaction(db, async (trx) => {
    const order = await lockedOrder(trx, caller, body);
    if (order.status === DELIVERY_INFO_STATUS.confirmed)
      throw new PortalError(409, 'deliveries.errors.infoConfirmed', { no: order.order_no });
    const at = clock?.at ?? new Date();
    const values = {
      DeliveryInfoStatus: DELIVERY_INFO_STATUS.confirmed,
      DeliveryInfoConfirmedOn: at.toISOString(),
    };
    return stamp(trx, caller, String(body.ObjectID), values, at);
  });
}

/** The delivery addresses of the order's agent, default first, as the modify page offers them. */
export async function deliveryAddresses(db: Db, caller: Caller, body: Record<string, unknown>) {
  const info = await getRecord(db, infoDef(), caller, body.ObjectID);
  const rows = await sql<{
    ObjectID: string;
    ReceiverName: string;
    ReceiverPhone: string;
    Address: string;
    IsDefault: boolean;
  }>`select a.object_id::text as "ObjectID", a.receiver_name as "ReceiverName",
      a.receiver_phone as "ReceiverPhone", concat(p.name_zh, c.name_zh, d.name_zh, a.detail) as "Address",
      a.is_default as "IsDefault"
    from customer_address a left join region p on p.code = a.region_province
      left join region c on c.code = a.region_city left join region d on d.code = a.region_district
    where a.customer_id::text = ${String(info.CustomerID ?? '')} and a.address_type = ${DELIVERY_ADDRESS}
    order by a.is_default desc, a.created_at desc limit 50`.execute(db);
  return rows.rows;
}
