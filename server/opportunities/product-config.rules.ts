import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldError, fieldMissing } from '../http/validate';
import { productLineOf } from '../rebates/product-line';
import type { ResourceDef } from '../resources/registry';
import { cpqLineOf, inForce } from './opportunity-products';
import { textOf as text } from './place';

const SALES_PRODUCT = 'salesProductConfig';
const SPECIAL = 'specialConfig';

/** The end date is not before the start date, named on the end date. */
function refuseReversedDates(
  resource: string,
  record: Record<string, unknown>,
  changed: ReadonlySet<string>,
) {
  if (!changed.has('StartDate') && !changed.has('EndDate')) return;
  const start = text(record.StartDate);
  const end = text(record.EndDate);
  if (start && end && end < start) throw fieldError(resource, 'EndDate', 'server.opportunity.configDates');
}

const merge = async (trx: Db, id: string, record: Record<string, unknown>, set: Record<string, unknown>) => {
  await sql`update record set data = data || ${JSON.stringify(set)}::jsonb where object_id = ${id}`.execute(
    trx,
  );
  Object.assign(record, set);
};

/**
 * A sales product configuration (销售产品配置) as its form or cells save it: one row per catalogue
 * product, whose code must be a product of the product file; its name, model and product line are the
 * product's (filled in when left empty, refused naming the field when they say otherwise); its end
 * date is not before its start. Only what the write sent is checked; saves are serialised.
 */
export async function afterSalesProductConfigWrite(
  trx: Db,
  _def: ResourceDef,
  _caller: Caller,
  record: Record<string, unknown>,
  changed: ReadonlySet<string>,
) {
  await sql`select pg_advisory_xact_lock(hashtext(${SALES_PRODUCT}))`.execute(trx);
  const id = String(record.ObjectID);
  refuseReversedDates(SALES_PRODUCT, record, changed);
  if (!['ProductCode', 'ProductLine', 'ProductModel'].some((f) => changed.has(f))) return;
  const code = text(record.ProductCode);
  if (!code) throw fieldMissing(SALES_PRODUCT, 'ProductCode');
  const found = await sql<{ name: string; category: string | null; model: string | null }>`select name,
      category, data->>'ProductModel' as model from product where product_code = ${code}`.execute(trx);
  const product = found.rows[0];
  if (!product) throw fieldError(SALES_PRODUCT, 'ProductCode', 'server.opportunity.configProductUnknown');
  const twin = await sql<{
    n: number;
  }>`select count(*)::int as n from record where resource = ${SALES_PRODUCT}
    and object_id <> ${id} and data->>'ProductCode' = ${code}`.execute(trx);
  if (twin.rows[0]?.n)
    throw fieldError(SALES_PRODUCT, 'ProductCode', 'server.opportunity.configProductTaken');
  const own = { ProductLine: productLineOf(product.category), ProductModel: product.model };
  for (const field of ['ProductLine', 'ProductModel'] as const)
    if (text(record[field]) && text(record[field]) !== (own[field] ?? ''))
      throw fieldError(SALES_PRODUCT, field, {
        key: 'server.opportunity.configNotProducts',
        params: { code },
      });
  await merge(trx, id, record, { ...own, ProductName: product.name });
}

/**
 * The sales product configuration (salesProductConfig) decides which product lines may be registered
 * and protected: a registration is submitted (and so protected, or put in conflict) only when its
 * product line has a sales product configuration in force on the day of the submission (enabled,
 * started, not ended); otherwise it stays as it was and the refusal names its product line.
 */
export async function refuseLineNotOnSale(trx: Db, registration: Record<string, unknown>, day: string) {
  const line = text(registration.ProductLine);
  if (!line) throw fieldMissing('opportunity', 'ProductLine');
  const found = await sql<{ n: number }>`select count(*)::int as n from record c
    where c.resource = ${SALES_PRODUCT} and c.data->>'ProductLine' = ${line}
      and ${inForce('c', day)}`.execute(trx);
  if (!found.rows[0]?.n) throw fieldError('opportunity', 'ProductLine', 'server.opportunity.lineNotOnSale');
}

/**
 * A special configuration (特殊配置管理) as its form or cells save it: its code is unique and no
 * product's or CPQ configuration's part number (it becomes one on an opportunity's lines); its model is
 * the model of a catalogue product or CPQ configuration of its product line; its price is above zero;
 * its end date is not before its start. Only what the write sent is checked; saves are serialised.
 */
export async function afterSpecialConfigWrite(
  trx: Db,
  _def: ResourceDef,
  _caller: Caller,
  record: Record<string, unknown>,
  changed: ReadonlySet<string>,
) {
  await sql`select pg_advisory_xact_lock(hashtext(${SPECIAL}))`.execute(trx);
  const id = String(record.ObjectID);
  refuseReversedDates(SPECIAL, record, changed);
  if (changed.has('ConfigCode')) {
    const code = text(record.ConfigCode);
    if (!code) throw fieldMissing(SPECIAL, 'ConfigCode');
    const taken = await sql<{ n: number }>`select
        (select count(*) from record where resource = ${SPECIAL} and object_id <> ${id}
          and upper(data->>'ConfigCode') = upper(${code}))
      + (select count(*) from product where upper(product_code) = upper(${code}))
      + (select count(*) from cpq_configuration where upper(config_code) = upper(${code})) as n`.execute(trx);
    if (Number(taken.rows[0]?.n))
      throw fieldError(SPECIAL, 'ConfigCode', 'server.opportunity.configCodeTaken');
  }
  if (changed.has('SpecialPrice') && !(Number(record.SpecialPrice) > 0))
    throw fieldError(SPECIAL, 'SpecialPrice', 'server.opportunity.itemPrice');
  if (changed.has('ProductLine') || changed.has('ProductModel')) {
    const line = text(record.ProductLine);
    if (!line) throw fieldMissing(SPECIAL, 'ProductLine');
    const model = text(record.ProductModel);
    if (!model) throw fieldMissing(SPECIAL, 'ProductModel');
    const found = await sql<{ category: string | null; cpq: boolean }>`select category, false as cpq
        from product where data->>'ProductModel' = ${model}
      union all select type, true from cpq_configuration where model = ${model}`.execute(trx);
    const lines = found.rows.map((r) => (r.cpq ? cpqLineOf(r.category) : productLineOf(r.category)));
    if (!lines.includes(line))
      throw fieldError(SPECIAL, 'ProductModel', { key: 'server.opportunity.configModel', params: { model } });
  }
  if (!text(record.StartDate)) await merge(trx, id, record, { StartDate: businessDay() });
}
