import { sql } from 'kysely';
import type { Db } from '../db/database';

/** A closing stock and the period it closed. */
interface Closing {
  period: string;
  quantity: number;
}

/**
 * "Opening = last closing" (notes §7.2, blocking): a stock line's opening must equal the closing of
 * the same agent's and model's latest earlier period, whether that line is already stored or comes
 * earlier in the same file. An agent's first report of a model has no earlier closing and opens freely.
 * One per pass over a file, so the file's own lines are read in the order they stand.
 */
export class StockContinuity {
  readonly #inFile = new Map<string, Closing[]>();
  readonly #stored = new Map<string, Promise<Closing[]>>();

  constructor(private readonly db: Db) {}

  /** The closing the opening must equal, or undefined when the agent never reported the model before. */
  async lastClosing(agentId: string, model: string, period: string): Promise<Closing | undefined> {
    const key = `${agentId}|${model}`;
    const candidates = [...(await this.#storedOf(agentId, model, key)), ...(this.#inFile.get(key) ?? [])];
    let latest: Closing | undefined;
    // Later in the list wins a tie: the file's line replaces a stored one of the same period.
    for (const closing of candidates)
      if (closing.period < period && (!latest || closing.period >= latest.period)) latest = closing;
    return latest;
  }

  /** Remembers a line of the file, for the lines of later periods below it. */
  note(agentId: string, model: string, period: string, quantity: number) {
    const key = `${agentId}|${model}`;
    if (!this.#inFile.has(key)) this.#inFile.set(key, []);
    this.#inFile.get(key)!.push({ period, quantity });
  }

  #storedOf(agentId: string, model: string, key: string) {
    let stored = this.#stored.get(key);
    if (!stored) {
      // The latest line of each earlier period (a period reported twice counts as its last upload).
      stored = sql<{ period: string; quantity: string }>`select distinct on (data->>'Period')
          data->>'Period' as period, data->>'ClosingQuantity' as quantity
        from record where resource = 'stockReport' and company_id = ${agentId}::uuid
          and data->>'ProductModel' = ${model}
        order by data->>'Period', created_at desc, object_id desc`
        .execute(this.db)
        .then((r) =>
          r.rows
            .filter((row) => /^-?\d+$/.test(String(row.quantity)))
            .map((row) => ({ period: row.period, quantity: Number(row.quantity) })),
        );
      this.#stored.set(key, stored);
    }
    return stored;
  }
}

/** The quantity fields of a stock import (catalogue ImportDef.reconcile). */
interface StockRule {
  opening: string;
  closing: string;
}

/**
 * A stock line's continuity reason, if its opening is not the last closing; the line is then noted,
 * so a later period of the same file is checked against it.
 */
export async function lastClosingReasons(
  values: Record<string, unknown>,
  rule: StockRule,
  agentId: string,
  continuity: StockContinuity,
) {
  const { Period: period, ProductModel: model } = values;
  const opening = values[rule.opening];
  const closing = values[rule.closing];
  if (typeof period !== 'string' || typeof model !== 'string' || typeof opening !== 'number') return [];
  const last = await continuity.lastClosing(agentId, model, period);
  if (typeof closing === 'number') continuity.note(agentId, model, period, closing);
  if (!last || last.quantity === opening) return [];
  return [
    {
      key: 'lastClosing',
      field: rule.opening,
      params: { expected: last.quantity, period: last.period, opening },
    },
  ];
}
