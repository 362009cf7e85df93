import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { CommitmentLetterQuantity } from '../../domain/codes/opportunities.codes';
import { isSystemAdmin } from '../../domain/roles';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError, parseBody } from '../http/validate';
import { yuanOf } from '../orders/pricing';
import { resourceDef } from '../resources/registry';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import { closedDealRefusal } from './deal-open';
import { opportunityDef } from './opportunity-create.service';
import { fitsLine, opportunityProducts, priceFenOf } from './opportunity-products';

const RESOURCE = 'opportunityItem';
export const MAX_ITEM_QUANTITY = 1_000_000;

const quantity = z.coerce.number().int().min(1).max(MAX_ITEM_QUANTITY);
const price = z.union([z.string(), z.number()]).optional().nullable();
/** How many bidders the tender has: with bidders, the line asks for a commitment letter (SPEC §4). */
const bidders = z.coerce.number().int().min(0).max(99).optional();

export const addItemCommand = z.object({
  OpportunityID: z.string().uuid(),
  pn: z.string().trim().min(1).max(60),
  Quantity: quantity,
  ExpectedPrice: price,
  bidderQuantity: bidders,
});
export const modifyItemCommand = z.object({
  ObjectID: z.string().uuid(),
  Quantity: quantity.optional(),
  ExpectedPrice: price,
  bidderQuantity: bidders,
});
export const removeItemsCommand = z.object({ ids: z.array(z.string().uuid()).min(1).max(100) });

/** The expected unit price as stored: yuan text, or null when left blank; anything else names the field. */
function expectedPrice(value: unknown) {
  if (value === undefined || value === null || value === '') return null;
  const fen = priceFenOf(value);
  if (fen === undefined) throw fieldError(RESOURCE, 'ExpectedPrice', 'server.opportunity.itemPrice');
  return yuanOf(fen);
}

/** The letter cell of a line: with bidders it asks for a commitment letter to be chosen. */
const letterNeed = (bidderQuantity: number | undefined) => ({
  bidderQuantity: bidderQuantity ?? 0,
  commitmentLetterQuantity: bidderQuantity
    ? CommitmentLetterQuantity.toBeChosen
    : CommitmentLetterQuantity.notRequired,
});

interface OpportunityScope {
  id: string;
  company_id: string | null;
  province_code: string | null;
  city_code: string | null;
  created_by: string | null;
}

/**
 * The opportunity a change of its products names, read through the caller's scope (another company's
 * is not found), its owner columns beside it; locked for a change.
 */
async function opportunityOfItems(db: Db, caller: Caller, id: string, forChange: boolean) {
  const record = await getRecord(db, opportunityDef(), caller, id);
  const rows = await sql<OpportunityScope>`select object_id::text as id, company_id::text, province_code,
      city_code, created_by::text from record where resource = 'opportunity' and object_id = ${id}
      ${forChange ? sql`for update` : sql``}`.execute(db);
  const scope = rows.rows[0];
  if (!scope) throw new PortalError(404, 'server.recordNotFound');
  return { record, scope };
}

/**
 * Why the caller may not change the deal's products now, or nothing: they are written only by its
 * owner — the agent that holds it, the employee who registered it for that agent, the administrator —
 * and only while it is open. The commands refuse by it, and the panel offers changes by it.
 */
function itemsRefusal(caller: Caller, scope: OpportunityScope, record: Record<string, unknown>) {
  const owner = caller.companyId
    ? caller.companyId === scope.company_id
    : isSystemAdmin(caller.roleCode) || scope.created_by === caller.employeeId;
  // An agent that sees another company's deal (a supplier's view) still does not own it.
  if (!owner && caller.companyId) return new PortalError(404, 'server.recordNotFound');
  if (!owner) return new PortalError(403, 'server.opportunity.itemsOwnerOnly');
  return closedDealRefusal(record, 'server.opportunity.itemsClosed');
}

async function ownOpenOpportunity(trx: Db, caller: Caller, id: string) {
  const { record, scope } = await opportunityOfItems(trx, caller, id, true);
  const refusal = itemsRefusal(caller, scope, record);
  if (refusal) throw refusal;
  return { record, scope };
}

/** Whether the caller may change the products of a deal they see, as its commands would answer. */
export async function itemsChangeable(db: Db, caller: Caller, body: unknown) {
  const { OpportunityID } = parseBody(z.object({ OpportunityID: z.string().uuid() }), body);
  const { record, scope } = await opportunityOfItems(db, caller, OpportunityID, false);
  return { Changeable: !itemsRefusal(caller, scope, record) };
}

/** An opportunity by its number, read through the caller's scope (outside it: 404). */
export async function opportunityByNumber(db: Db, caller: Caller, no: string) {
  const found = await sql<{ id: string }>`select object_id::text as id from record
    where resource = 'opportunity' and data->>'ExtOpportunityNOText_SDK' = ${no}`.execute(db);
  if (!found.rows[0]) throw new PortalError(404, 'server.recordNotFound');
  return getRecord(db, opportunityDef(), caller, found.rows[0].id);
}

/** The item rows of some ids with the opportunity they belong to (unknown ids are left out). */
async function itemsOf(trx: Db, ids: string[]) {
  const rows = await sql<{ id: string; opportunity: string | null }>`select object_id::text as id,
      data->>'opportunityId' as opportunity from record
    where resource = ${RESOURCE} and object_id in (${sql.join(ids)})`.execute(trx);
  return rows.rows;
}

/** The item of an id, seen through the caller's scope (another company's is not found). */
async function itemInScope(trx: Db, caller: Caller, id: string) {
  const item = await getRecord(trx, resourceDef(RESOURCE)!, caller, id);
  const [row] = await itemsOf(trx, [id]);
  // A line of a configuration is priced with it; the configuration line is what the owner changes.
  if (!row?.opportunity || item.parentRelationship)
    throw new PortalError(409, 'server.opportunity.itemNotOwnLine');
  return { item, opportunityId: row.opportunity };
}

/**
 * Adds a product to an opportunity: a product of its product line (or of no line), one line per
 * product, a whole quantity, an expected unit price if known. The line carries the product's
 * catalogue words and standard price as the reports and the special-price form read them.
 */
/** A body that carries nothing but the page it comes from. */
const isBlank = (body: unknown) =>
  !body ||
  typeof body !== 'object' ||
  Object.entries(body).every(
    ([key, value]) => key === 'PageID' || value === null || value === undefined || value === '',
  );

export async function addItem(db: Db, caller: Caller, body: unknown, clock?: Clock) {
  // A create that fills in nothing is refused as every form's is, before any field is named.
  if (isBlank(body)) throw new PortalError(400, 'server.input.blankWrite');
  const command = parseBody(addItemCommand, body);
  const at = clock?.at ?? new Date();
  return inTransaction(db, async (trx) => {
    const { record, scope } = await ownOpenOpportunity(trx, caller, command.OpportunityID);
    const product = (await opportunityProducts(trx, [command.pn])).get(command.pn);
    if (!product)
      throw fieldError(RESOURCE, 'pn', {
        key: 'specialPrices.problems.unknownProduct',
        params: { code: command.pn },
      });
    if (!fitsLine(product, record.ProductLine))
      throw fieldError(RESOURCE, 'pn', { key: 'server.opportunity.itemLine', params: { code: command.pn } });
    const taken = await sql<{ n: number }>`select count(*)::int as n from record where resource = ${RESOURCE}
        and data->>'opportunityId' = ${scope.id} and data->>'pn' = ${command.pn}
        and coalesce(data->>'parentRelationship', '') = ''`.execute(trx);
    if (taken.rows[0]?.n)
      throw fieldError(RESOURCE, 'pn', { key: 'server.opportunity.itemTaken', params: { code: command.pn } });
    const data = {
      ExtOpportunityNOText_SDK: record.ExtOpportunityNOText_SDK,
      ExtOpportunityName_SDK: record.Name,
      opportunityId: scope.id,
      pn: product.pn,
      description: product.Name,
      model: product.ProductModel,
      platform: product.platform,
      brand: product.brand,
      parentRelationship: '',
      Quantity: command.Quantity,
      StandardPrice: product.StandardPrice,
      ExpectedPrice: expectedPrice(command.ExpectedPrice),
      ...letterNeed(command.bidderQuantity),
    };
    const id = clock?.uuid() ?? randomUUID();
    await sql`insert into record (object_id, resource, data, company_id, province_code, city_code, created_at,
        updated_at, created_by, created_by_name, updated_by_name)
      values (${id}, ${RESOURCE}, ${JSON.stringify(data)}::jsonb, ${scope.company_id}, ${scope.province_code},
        ${scope.city_code}, ${at}, ${at}, ${caller.employeeId}, ${caller.lastName}, ${caller.lastName})`.execute(
      trx,
    );
    if (product.Configuration) await addConfigurationParts(trx, data, { id: scope.id, at, by: caller });
    return getRecord(trx, resourceDef(RESOURCE)!, caller, id);
  });
}

/** A configuration's sub-BOM lines, per part: its quantity in one configuration and its list price. */
const partsOf = (config: string) => sql`(select b.pn, sum(b.quantity)::int as per, c.description,
    (c.list_price_fen / 100.0)::numeric(18, 2)::text as list
  from cpq_bom_line b join cpq_component c on c.pn = b.pn where b.config_code = ${config}
  group by b.pn, c.description, c.list_price_fen)`;

/**
 * A configuration comes with its sub-BOM lines, as the configurator hands them over (and the demo's
 * configured lines have them): each part at its list price, its quantity that of one configuration
 * times the configuration's; they ask for no letter of their own.
 */
async function addConfigurationParts(
  trx: Db,
  line: Record<string, unknown>,
  at: { id: string; at: Date; by: Caller },
) {
  const common = {
    ExtOpportunityNOText_SDK: line.ExtOpportunityNOText_SDK,
    ExtOpportunityName_SDK: line.ExtOpportunityName_SDK,
    opportunityId: at.id,
    platform: line.platform,
    brand: line.brand,
    model: line.model,
    parentRelationship: line.pn,
    commitmentLetterQuantity: CommitmentLetterQuantity.notRequired,
  };
  await sql`insert into record (object_id, resource, data, company_id, province_code, city_code, created_at,
      updated_at, created_by, created_by_name, updated_by_name)
    select gen_random_uuid(), ${RESOURCE}, ${JSON.stringify(common)}::jsonb || jsonb_build_object('pn', p.pn,
        'description', p.description, 'ListPrice', p.list, 'Quantity', p.per * ${Number(line.Quantity)}),
      o.company_id, o.province_code, o.city_code, ${at.at}, ${at.at}, ${at.by.employeeId}, ${at.by.lastName},
      ${at.by.lastName}
    from ${partsOf(String(line.pn))} p, record o where o.resource = 'opportunity' and o.object_id = ${at.id}`.execute(
    trx,
  );
}

/** Changes an item's quantity or expected price; its product stays (remove it and add another). */
export async function modifyItem(db: Db, caller: Caller, body: unknown, clock?: Clock) {
  const command = parseBody(modifyItemCommand, body);
  const at = clock?.at ?? new Date();
  return inTransaction(db, async (trx) => {
    const { item, opportunityId } = await itemInScope(trx, caller, command.ObjectID);
    await ownOpenOpportunity(trx, caller, opportunityId);
    const changes: Record<string, unknown> = {};
    if (command.Quantity !== undefined) changes.Quantity = command.Quantity;
    if (command.ExpectedPrice !== undefined) changes.ExpectedPrice = expectedPrice(command.ExpectedPrice);
    // A letter already issued stays the line's; otherwise the bidders decide whether one is asked for.
    if (
      command.bidderQuantity !== undefined &&
      item.commitmentLetterQuantity !== CommitmentLetterQuantity.issued
    )
      Object.assign(changes, letterNeed(command.bidderQuantity));
    await sql`update record set data = data || ${JSON.stringify(changes)}::jsonb, version = version + 1,
        updated_at = ${at}, updated_by_name = ${caller.lastName}
      where resource = ${RESOURCE} and object_id = ${command.ObjectID}`.execute(trx);
    // A configuration's parts follow its quantity.
    if (command.Quantity !== undefined)
      await sql`update record r set data = r.data || jsonb_build_object('Quantity', p.per * ${command.Quantity}),
          version = r.version + 1, updated_at = ${at}, updated_by_name = ${caller.lastName}
        from ${partsOf(String(item.pn))} p
        where r.resource = ${RESOURCE} and r.data->>'opportunityId' = ${opportunityId}
          and r.data->>'parentRelationship' = ${String(item.pn)} and r.data->>'pn' = p.pn`.execute(trx);
    return getRecord(trx, resourceDef(RESOURCE)!, caller, command.ObjectID);
  });
}

/** The items a delete names as every delete may (SPEC §7): `ids`, `ObjectIDs`, or one `ObjectID`. */
function namedIds(body: unknown) {
  const named = (body ?? {}) as { ids?: unknown; ObjectIDs?: unknown; ObjectID?: unknown };
  return {
    ids: named.ids ?? named.ObjectIDs ?? (named.ObjectID === undefined ? undefined : [named.ObjectID]),
  };
}

/** Removes items (a configuration with its sub-BOM lines), all of opportunities the caller owns and open. */
export async function removeItems(db: Db, caller: Caller, body: unknown) {
  const command = parseBody(removeItemsCommand, namedIds(body));
  return inTransaction(db, async (trx) => {
    const opportunities = new Set<string>();
    for (const id of command.ids) opportunities.add((await itemInScope(trx, caller, id)).opportunityId);
    for (const id of opportunities) await ownOpenOpportunity(trx, caller, id);
    const removed = await sql`delete from record r where r.resource = ${RESOURCE} and (r.object_id in
        (${sql.join(command.ids)}) or (r.data->>'parentRelationship' <> '' and exists (select 1 from record p
          where p.resource = ${RESOURCE} and p.object_id in (${sql.join(command.ids)})
            and p.data->>'opportunityId' = r.data->>'opportunityId' and p.data->>'pn' = r.data->>'parentRelationship')))`.execute(
      trx,
    );
    return Number(removed.numAffectedRows ?? 0);
  });
}
