import { sql } from 'kysely';
import { fenToYuanString } from '../../domain/money';
import { NUMBER_PREFIX } from '../../domain/numbering';
import type { Db } from '../db/database';
import { type PullOptions, type PullSummary, runPull, zh } from './feed-pull.kit';
import {
  checkProductRow,
  isProductRefusal,
  type ProductRefusal,
  type SourceProduct,
} from './product-row.check';

export interface ProductPullSummary extends PullSummary {
  total: number;
  created: number;
  updated: number;
  fail: number;
}

// The log row names the first refusals; the counts say how many there were in all.
const REASONS_SHOWN = 10;

interface Stored {
  name: string;
  category: string | null;
  price: string | null;
  data: Record<string, unknown>;
}

/** The product's fields as the portal keeps them: the columns and the data fields of the product files page. */
function shapeOf(p: SourceProduct) {
  return {
    name: p.name,
    category: p.category,
    price: fenToYuanString(p.priceFen),
    data: {
      brand: p.brand,
      ExtProductPattern_SDK: p.pattern,
      ProductModel: p.model,
      description: p.description,
      Enabled: p.enabled,
    },
  };
}

function unchanged(stored: Stored, next: ReturnType<typeof shapeOf>) {
  if (stored.name !== next.name || stored.category !== next.category) return false;
  if (Number(stored.price) !== Number(next.price)) return false;
  return Object.entries(next.data).every(([k, v]) => (stored.data[k] ?? null) === v);
}

/** Creates or updates one product; answers what it did. */
async function upsert(trx: Db, p: SourceProduct, at: Date): Promise<'created' | 'updated' | 'unchanged'> {
  const next = shapeOf(p);
  const { rows } = await sql<Stored>`select name, category, standard_price::text as price, data from product
    where product_code = ${p.pn} for update`.execute(trx);
  if (!rows[0]) {
    await sql`insert into product (product_code, name, category, standard_price, data, created_at, updated_at,
        created_by_name, updated_by_name)
      values (${p.pn}, ${next.name}, ${next.category}, ${next.price}, ${JSON.stringify(next.data)}::jsonb, ${at}, ${at},
        'SYS', 'SYS')`.execute(trx);
    return 'created';
  }
  if (unchanged(rows[0], next)) return 'unchanged';
  await sql`update product set name = ${next.name}, category = ${next.category}, standard_price = ${next.price},
      data = data || ${JSON.stringify(next.data)}::jsonb, version = version + 1, updated_at = ${at}, updated_by_name = 'SYS'
    where product_code = ${p.pn}`.execute(trx);
  return 'updated';
}

const reasonOf = (refusal: ProductRefusal) =>
  `${refusal.pn ?? '?'}: ${zh(`products.reasons.${refusal.key}`, refusal.params)}`;

/** Takes the feed's rows: each valid part number once, created or updated; the refusals counted and named. */
async function takeProducts(trx: Db, rows: string[], at: Date) {
  const categories = await sql<{ keyword: string }>`select keyword from dictionary_entry
    where code = 'ProductCategory' and enabled`.execute(trx);
  const known = new Set(categories.rows.map((c) => c.keyword));
  const counts = { created: 0, updated: 0, unchanged: 0 };
  const refusals: ProductRefusal[] = [];
  const seen = new Set<string>();
  for (const raw of rows) {
    const checked = checkProductRow(raw, known);
    if (isProductRefusal(checked)) refusals.push(checked);
    else if (seen.has(checked.pn)) refusals.push({ pn: checked.pn, key: 'duplicate', params: {} });
    else {
      seen.add(checked.pn);
      counts[await upsert(trx, checked, at)] += 1;
    }
  }
  const shown = refusals.slice(0, REASONS_SHOWN).map(reasonOf).join('; ');
  const message = zh('products.run.done', {
    total: rows.length,
    created: counts.created,
    updated: counts.updated,
    unchanged: counts.unchanged,
    fail: refusals.length,
    reasons: shown ? zh('products.run.reasons', { reasons: shown }) : '',
  });
  return {
    total: rows.length,
    created: counts.created,
    updated: counts.updated,
    fail: refusals.length,
    message,
  };
}

/**
 * One pull of the product source's catalogue (notes §10 PRODUCT_SYNC): the whole feed is read first, so
 * a source that fails or times out gives a failed run and changes nothing; the rows are then taken in
 * one transaction with the run's log row. A part number is the product's key: a known one is updated
 * when anything changed, an unknown one created; a refused row is counted and named on the log row.
 */
export const pullProducts = (db: Db, options: PullOptions) =>
  runPull<ProductPullSummary>(
    db,
    {
      feed: 'products',
      numberPrefix: NUMBER_PREFIX.productPull,
      messages: 'products.run',
      none: { total: 0, created: 0, updated: 0, fail: 0 },
      take: (trx, rows, run) => takeProducts(trx, rows, run.at),
      async record(trx, run, summary) {
        await sql`insert into product_pull_run (batch_no, pull_time, total_count, new_count, updated_count,
            fail_count, synch_state, duration_ms, message, created_by_name, updated_by_name, created_at, updated_at)
          values (${run.batchNo}, ${run.at}, ${summary.total}, ${summary.created}, ${summary.updated},
            ${summary.fail}, ${summary.state}, ${run.durationMs}, ${summary.message}, 'SYS', 'SYS', ${run.at},
            ${run.at})`.execute(trx);
      },
    },
    options,
  );
