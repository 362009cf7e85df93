import { sql } from 'kysely';
import { ReportType } from '../../domain/codes/reports.codes';
import type { Db } from '../db/database';
import type { Reason } from '../imports/row-check';

/** The quantity fields of a stock import (catalogue ImportDef.reconcile). */
export interface StockRule {
  opening: string;
  closing: string;
}

/** One month of an agent's model in the chain: a row of the file, or a line already stored. */
interface Month {
  period: string;
  opening?: number;
  closing?: number;
  /** The row of the file, when the month comes from it. */
  rowNo?: number;
}

/**
 * "Opening = last closing" (notes §7.2, blocking) over the stock lines of one file: a line's opening
 * must equal the closing of the same agent's and model's latest earlier month — stored, or in the same
 * file wherever it stands there. The file's rows are noted as they are read and checked once all are
 * in, month by month; a month of the file replaces the stored one. An agent's first month of a model
 * opens freely. Later stored months the file's closings no longer meet are not the file's fault: the
 * import flags them after writing (`flagStockChain`).
 */
export class StockChainOfFile {
  readonly #months = new Map<string, { agentId: string; model: string; months: Month[] }>();

  constructor(private readonly rule: StockRule) {}

  note(rowNo: number, agentId: string, values: Record<string, unknown>) {
    const { Period: period, ProductModel: model } = values;
    const opening = values[this.rule.opening];
    const closing = values[this.rule.closing];
    if (typeof period !== 'string' || typeof model !== 'string' || typeof opening !== 'number') return;
    const key = JSON.stringify([agentId, model]);
    if (!this.#months.has(key)) this.#months.set(key, { agentId, model, months: [] });
    this.#months.get(key)!.months.push({
      period,
      opening,
      closing: typeof closing === 'number' ? closing : undefined,
      rowNo,
    });
  }

  /** The rows whose opening is not the closing before them, each with its reason. */
  async breaks(db: Db): Promise<Map<number, Reason>> {
    const reasons = new Map<number, Reason>();
    const stored = await storedClosings(db, [...new Set([...this.#months.values()].map((m) => m.agentId))]);
    for (const [key, { months }] of this.#months) {
      const filed = new Set(months.map((m) => m.period));
      const chain = [...(stored.get(key) ?? []).filter((m) => !filed.has(m.period)), ...months].sort((a, b) =>
        a.period.localeCompare(b.period),
      );
      for (const [index, month] of chain.entries()) {
        const last = chain[index - 1];
        if (month.rowNo === undefined || !last || last.period === month.period) continue;
        if (last.closing === undefined || last.closing === month.opening) continue;
        reasons.set(month.rowNo, {
          key: 'lastClosing',
          field: this.rule.opening,
          params: { expected: last.closing, period: last.period, opening: month.opening },
        });
      }
    }
    return reasons;
  }
}

/** The stored closing of each agent's model and month (a month stored twice counts as its last upload). */
async function storedClosings(db: Db, agentIds: string[]) {
  const byKey = new Map<string, Month[]>();
  if (!agentIds.length) return byKey;
  const rows = await sql<{ agent: string; model: string; period: string; quantity: string }>`
    select distinct on (company_id, data->>'ProductModel', data->>'Period') company_id::text as agent,
      data->>'ProductModel' as model, data->>'Period' as period, data->>'ClosingQuantity' as quantity
    from record where resource = 'stockReport' and company_id in (${sql.join(agentIds.map((id) => sql`${id}::uuid`))})
    order by company_id, data->>'ProductModel', data->>'Period', created_at desc, object_id desc`.execute(db);
  for (const row of rows.rows) {
    const key = JSON.stringify([row.agent, row.model]);
    const closing = /^-?\d+$/.test(String(row.quantity)) ? Number(row.quantity) : undefined;
    byKey.set(key, [...(byKey.get(key) ?? []), { period: row.period, closing }]);
  }
  return byKey;
}

/**
 * Each stock line of the agents with what its opening should be: the closing of the same model's
 * latest earlier month (null for a model's first month). The books' invariant reads the same chain.
 */
export const stockChain = (agents?: string[]) => sql<{
  object_id: string;
  company_id: string;
  period: string;
  model: string;
  opening: string | null;
  expected: string | null;
  expected_period: string | null;
}>`select object_id, company_id, data->>'Period' as period, data->>'ProductModel' as model,
    data->>'OpeningQuantity' as opening,
    lag(data->>'ClosingQuantity') over months as expected,
    lag(data->>'Period') over months as expected_period
  from record where resource = 'stockReport' and company_id is not null
    ${agents ? sql`and company_id in (${sql.join(agents.map((id) => sql`${id}::uuid`))})` : sql``}
  window months as (partition by company_id, data->>'ProductModel' order by data->>'Period', created_at, object_id)`;

/**
 * After stock lines of the agents changed, in the same transaction (docs/reports.md "Stock reports"):
 * every line whose opening is no longer the closing before it — a later month whose earlier month was
 * corrected — shows the opening it should have (`ExpectedOpening`), and its report is flagged
 * (`OpeningMismatch`, 期初与上月期末不符) until the month is corrected; a line back in the chain loses
 * the flag. Answers the lines newly flagged.
 */
export async function flagStockChain(trx: Db, agents: string[]): Promise<string[]> {
  if (!agents.length) return [];
  const changed = await sql<{ id: string; broken: boolean }>`with chain as (${stockChain(agents)}),
    verdict as (select object_id, expected, expected is not null and opening is distinct from expected
        and expected ~ '^-?[0-9]{1,15}$' as broken from chain)
    update record r set data = case when v.broken
        then r.data || jsonb_build_object('ExpectedOpening', v.expected::bigint)
        else r.data - 'ExpectedOpening' end
    from verdict v where r.object_id = v.object_id
      and (case when v.broken then r.data->>'ExpectedOpening' is distinct from v.expected
        else r.data ? 'ExpectedOpening' end)
    returning r.object_id::text as id, v.broken`.execute(trx);
  await sql`update agent_report a set opening_mismatch = f.flagged
    from (select a2.object_id, exists (select 1 from record l where l.resource = 'stockReport'
        and l.company_id = a2.company_id and l.data->>'Period' = a2.period and l.data ? 'ExpectedOpening') as flagged
      from agent_report a2 where a2.report_type = ${sql.lit(ReportType.stock)}
        and a2.company_id in (${sql.join(agents.map((id) => sql`${id}::uuid`))})) f
    where a.object_id = f.object_id and a.opening_mismatch <> f.flagged`.execute(trx);
  return changed.rows.filter((r) => r.broken).map((r) => r.id);
}
