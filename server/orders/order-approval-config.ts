import { sql } from 'kysely';
import { formatPrice } from '../../domain/format';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import { ROLE } from '../../domain/roles';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError, fieldMissing } from '../http/validate';
import { type ResourceDef, resourceDef } from '../resources/registry';
import { checkValues } from '../resources/values';
import { getRecord } from '../resources/write';
import type { ConfiguredChain } from '../workflows/configured-chains';
import { APPROVED_ORDER_TYPES } from './order-band-defaults';

/** The resource of the order approval configuration (/ordersSetup/order-approval-config): one row per order type and amount band. */
export const CONFIG_RESOURCE = 'orderApprovalConfig';

/** The steps of a band's chain, in order: a role each (anyone of it decides). */
export const CHAIN_FIELDS = ['firstRole', 'secondRole', 'thirdRole', 'fourthRole'] as const;

/** Agent staff place orders; they never approve them. */
const AGENT_ROLES: readonly string[] = [ROLE.rspAgent, ROLE.ccpAgent, ROLE.distributor];

/**
 * An amount band of one order type: it covers the amounts above `minFen` up to and including `maxFen`
 * (no ceiling when null), so bands that meet at a figure (≤ 500,000 and above 500,000) never both
 * cover it.
 */
export interface Band {
  id: string;
  orderType: string;
  minFen: number;
  maxFen: number | null;
  roles: string[];
}

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';
const fenOrNull = (value: unknown) => (blank(value) ? null : yuanToFen(String(value)));

/** A configuration row (its wire fields) as a band; its roles in step order, gaps left out. */
export function bandOf(id: string, data: Record<string, unknown>): Band {
  return {
    id,
    orderType: String(data.OrderType ?? ''),
    minFen: fenOrNull(data.MinAmount) ?? 0,
    maxFen: fenOrNull(data.MaxAmount),
    roles: CHAIN_FIELDS.map((f) => data[f])
      .filter((r) => !blank(r))
      .map((r) => String(r).trim()),
  };
}

export const covers = (band: Band, amountFen: number) =>
  amountFen > band.minFen && (band.maxFen === null || amountFen <= band.maxFen);

/** Whether two bands of one order type share an amount. */
export const overlap = (a: Band, b: Band) =>
  a.orderType === b.orderType &&
  (b.maxFen === null || a.minFen < b.maxFen) &&
  (a.maxFen === null || b.minFen < a.maxFen);

/** The band that covers an order of a type and amount, among enabled bands (they never overlap). */
export const bandFor = (bands: Band[], orderType: string, amountFen: number) =>
  bands.find((b) => b.orderType === orderType && covers(b, amountFen));

async function enabledBands(db: Db, orderType: string, except?: string): Promise<Band[]> {
  const rows = await sql<{ id: string; data: Record<string, unknown> }>`select object_id::text as id, data
    from record where resource = ${CONFIG_RESOURCE} and (data->>'Enabled')::boolean is true
      and data->>'OrderType' = ${orderType}
      ${except ? sql`and object_id::text <> ${except}` : sql``}
    order by object_id`.execute(db);
  return rows.rows.map((r) => bandOf(r.id, r.data));
}

/** An amount as a refusal names it: yuan with two decimals and thousands separators. */
export const yuanText = (fen: number | null) => (fen === null ? '∞' : formatPrice(fenToYuanString(fen)));

/**
 * A band is checked as it is saved, so an order never meets a chain nobody can decide or two chains
 * at once: an order type that is approved here, a ceiling above the floor, steps in order without
 * gaps, each an existing vendor role, and no other enabled band of the type sharing an amount.
 */
export async function afterOrderApprovalConfigWrite(
  trx: Db,
  def: ResourceDef,
  _caller: Caller,
  record: Record<string, unknown>,
) {
  if (blank(record.OrderType)) throw fieldMissing(def.name, 'OrderType');
  if (!(APPROVED_ORDER_TYPES as readonly string[]).includes(String(record.OrderType)))
    throw fieldError(def.name, 'OrderType', 'orderApproval.config.typeNotApproved');
  if (blank(record.MinAmount)) throw fieldMissing(def.name, 'MinAmount');
  const band = bandOf(String(record.ObjectID), record);
  if (band.maxFen !== null && band.maxFen <= band.minFen)
    throw fieldError(def.name, 'MaxAmount', 'orderApproval.config.ceilingBelowFloor');
  const filled = CHAIN_FIELDS.map((f) => !blank(record[f]));
  const gap = filled.findIndex((present, i) => !present && (i === 0 || filled.slice(i + 1).some(Boolean)));
  if (gap >= 0) throw fieldMissing(def.name, CHAIN_FIELDS[gap]);
  const known = await sql<{ code: string }>`select code from role`.execute(trx);
  const roles = new Set(known.rows.map((r) => r.code));
  CHAIN_FIELDS.forEach((field) => {
    const role = record[field];
    if (blank(role)) return;
    if (!roles.has(String(role)) || AGENT_ROLES.includes(String(role)))
      throw fieldError(def.name, field, 'orderApproval.config.notVendorRole');
  });
  if (record.Enabled !== true) return;
  const twin = (await enabledBands(trx, band.orderType, band.id)).find((other) => overlap(band, other));
  if (twin)
    throw fieldError(def.name, 'MinAmount', {
      key: 'orderApproval.config.overlap',
      params: { min: yuanText(twin.minFen), max: yuanText(twin.maxFen) },
    });
}

/**
 * The chain of an order at its submission: the roles of the enabled band of its type that covers its
 * amount. Without one nobody could decide the order, so it is refused naming the type and amount,
 * for an administrator to configure.
 */
export async function orderChainFor(db: Db, orderType: string, amountFen: number): Promise<string[]> {
  const band = bandFor(await enabledBands(db, orderType), orderType, amountFen);
  if (!band?.roles.length)
    throw new PortalError(409, 'orderApproval.refusals.noBand', {
      type: orderType,
      amount: yuanText(amountFen),
    });
  return band.roles;
}

/**
 * Saves a new band inside the caller's transaction, checked as the configuration page's save checks it
 * (its form's fields, then the rules above): the seed enters the default bands this way.
 */
export async function createBand(
  trx: Db,
  caller: Caller,
  body: Record<string, unknown>,
  stamp: { id?: string; at?: Date } = {},
) {
  const def = resourceDef(CONFIG_RESOURCE)!;
  const values = await checkValues(
    trx,
    def,
    { ...body, PageID: 'ordersSetup.orderApprovalConfigDetail' },
    'create',
  );
  const at = stamp.at ?? new Date();
  const inserted = await sql<{ id: string }>`insert into record (object_id, resource, data,
      created_by_name, updated_by_name, created_at, updated_at)
    values (coalesce(${stamp.id ?? null}::uuid, gen_random_uuid()), ${CONFIG_RESOURCE},
      ${JSON.stringify(values)}::jsonb, ${caller.lastName}, ${caller.lastName}, ${at}, ${at})
    returning object_id::text as id`.execute(trx);
  const record = await getRecord(trx, def, caller, inserted.rows[0].id);
  await afterOrderApprovalConfigWrite(trx, def, caller, record);
  return record;
}

/** The enabled bands as the chart's readers see them (configured-chains.ts): by order type, then amount. */
export async function orderApprovalChains(db: Db): Promise<ConfiguredChain[]> {
  const rows = await sql<{ id: string; data: Record<string, unknown> }>`select object_id::text as id, data
    from record where resource = ${CONFIG_RESOURCE} and (data->>'Enabled')::boolean is true`.execute(db);
  return rows.rows
    .map((r) => bandOf(r.id, r.data))
    .sort((a, b) => a.orderType.localeCompare(b.orderType) || a.minFen - b.minFen)
    .map((band) => ({ when: amountBandWords(band, 'order'), steps: band.roles }));
}

/** When a band's chain applies, in the words of configured-chains.ts: its order type and amounts. */
export function amountBandWords(band: Band, of: 'order' | 'loan'): ConfiguredChain['when'] {
  const above = band.maxFen === null;
  return {
    key: `${of}Amount${above ? 'Above' : ''}`,
    params: {
      type: band.orderType,
      from: yuanText(band.minFen),
      ...(above ? {} : { to: yuanText(band.maxFen) }),
    },
    dicts: { type: 'OrderType' },
  };
}
