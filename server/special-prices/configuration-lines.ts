import { sql } from 'kysely';
import { spreadByWeight } from '../../machines/workflows/special-price.rules';
import { priceInfo } from '../cpq/cpq.catalogue';
import type { Db } from '../db/database';
import { fenOf, yuanOf } from '../orders/pricing';

/**
 * A configured product (CPQ) on a special price (notes §2.3): the line is the configuration, priced at
 * the configuration level from the CPQ price info — its standard channel price as a whole — and its
 * sub-BOM lines are kept as they were priced, each with its share of the standard price, so the page
 * can show what each part inherits of the requested and approved prices.
 */
export interface ConfigurationSnapshot {
  platform: string;
  brand: string;
  type: string;
  model: string;
  /** The configuration's list price (yuan), one unit. */
  listPrice: string;
  /** Its sub-BOM lines per configuration: quantity and the share of the standard price (yuan). */
  lines: { pn: string; description: string; quantity: number; standardPrice: string }[];
}

export interface ConfigurationPrice {
  name: string;
  standardFen: bigint;
  costFen: bigint;
  configuration: ConfigurationSnapshot;
}

/**
 * The CPQ configurations among some codes, priced as the configurator prices them (priceinfo). The
 * catalogue stores no cost: the vendor reckons a configuration at the default cost share of its
 * standard price, as for a product without a cost of its own.
 */
export async function configurationPrices(
  db: Db,
  codes: string[],
  defaultCostBp: number,
): Promise<Map<string, ConfigurationPrice>> {
  const prices = new Map<string, ConfigurationPrice>();
  if (!codes.length) return prices;
  const found = await sql<{ code: string; platform: string; brand: string; type: string; model: string }>`
    select config_code as code, platform, brand, type, model from cpq_configuration
    where config_code in (${sql.join(codes)})`.execute(db);
  if (!found.rows.length) return prices;
  const priced = await priceInfo(
    db,
    found.rows.map((r) => ({ pn: r.code, quantity: 1 })),
  );
  for (const [index, info] of priced.entries()) {
    const head = found.rows[index];
    const standardFen = fenOf(info.standardPrice);
    if (standardFen === undefined || standardFen <= 0n) continue;
    prices.set(info.pn, {
      name: info.description,
      standardFen,
      costFen: (standardFen * BigInt(defaultCostBp)) / 10_000n,
      configuration: {
        platform: head.platform,
        brand: head.brand,
        type: head.type,
        model: head.model,
        listPrice: info.listPrice,
        lines: info.children.map((c) => ({
          pn: c.pn,
          description: c.description,
          quantity: c.quantity,
          standardPrice: c.standardPrice,
        })),
      },
    });
  }
  return prices;
}

/** The codes that are parts of configurations (sub-BOM lines): asked for, they name their configuration. */
export async function componentCodes(db: Db, codes: string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const rows = await sql<{
    pn: string;
  }>`select pn from cpq_component where pn in (${sql.join(codes)})`.execute(db);
  return new Set(rows.rows.map((r) => r.pn));
}

/**
 * A configuration line's sub-BOM lines as the page shows them: each part's share of the standard,
 * requested and approved price of one configuration, spread by the standard shares (the first part
 * takes the fen the rounding leaves), so every column adds up to the configuration's own price.
 */
export function configurationChildren(
  snapshot: ConfigurationSnapshot,
  prices: { requested: string; approved: string | null },
) {
  const weights = snapshot.lines.map((l) => fenOf(l.standardPrice) ?? 0n);
  const requested = spreadByWeight(fenOf(prices.requested) ?? 0n, weights);
  const approved =
    prices.approved === null ? undefined : spreadByWeight(fenOf(prices.approved) ?? 0n, weights);
  return snapshot.lines.map((line, i) => ({
    pn: line.pn,
    description: line.description,
    Quantity: line.quantity,
    StandardPrice: line.standardPrice,
    ApplyPrice: yuanOf(requested[i]),
    ApprovedPrice: approved ? yuanOf(approved[i]) : null,
  }));
}
