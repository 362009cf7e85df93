import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { type ReportKey, reportWriteVerdict, type WriteVerdict } from '../reports/report-lock';
import { scopeCondition } from '../resources/scope';

/** The agent a row names, as far as the caller's scope reaches: the record belongs to its company. */
export interface AgentInScope {
  id: string;
  provinceCode: string | null;
  cityCode: string | null;
}

/**
 * The database facts a file's rows are checked against, each asked once per distinct value: a file
 * of 50,000 lines names a few agents, products and periods, so the checks cost a handful of queries.
 */
export class RowLookups {
  readonly #agents = new Map<string, Promise<AgentInScope | undefined>>();
  readonly #products = new Map<string, Promise<string | undefined>>();
  readonly #verdicts = new Map<string, Promise<WriteVerdict>>();
  #dictionaries?: Promise<Map<string, Map<string, string>>>;

  constructor(
    private readonly db: Db,
    private readonly caller: Caller,
    private readonly at: Date,
    private readonly dictCodes: string[],
  ) {}

  /** An agent by its exact name among the companies the caller may report for. */
  agent(name: string): Promise<AgentInScope | undefined> {
    let found = this.#agents.get(name);
    if (!found) {
      found = this.#findAgent(name);
      this.#agents.set(name, found);
    }
    return found;
  }

  async #findAgent(name: string) {
    const { caller } = this;
    // Agent staff report for their own company and the CCPs it supplies; vendor staff within their scope.
    const scope =
      caller.dataScope === 'company'
        ? caller.companyId
          ? sql<boolean>`(t.object_id = ${caller.companyId} or t.parent_id = ${caller.companyId})`
          : sql<boolean>`false`
        : scopeCondition(caller);
    const rows = await sql<AgentInScope>`select t.object_id::text as id, t.province_code as "provinceCode",
        t.city_code as "cityCode" from customer t where t.name = ${name} and ${scope} limit 1`.execute(
      this.db,
    );
    return rows.rows[0];
  }

  /**
   * A product the vendor sells, named by its model, product number or name: answers the model it is
   * of (its number where it has none), or undefined when the vendor sells no such product. A name that
   * is a model is that model, before any product whose number or name happens to read the same.
   */
  product(typed: string): Promise<string | undefined> {
    let model = this.#products.get(typed);
    if (!model) {
      model = sql<{ model: string }>`select coalesce(p.data->>'ProductModel', p.product_code) as model
          from product p where p.product_code = ${typed} or p.name = ${typed} or p.data->>'ProductModel' = ${typed}
          order by (p.data->>'ProductModel' = ${typed}) desc nulls last, (p.product_code = ${typed}) desc,
            p.product_code limit 1`
        .execute(this.db)
        .then((r) => r.rows[0]?.model);
      this.#products.set(typed, model);
    }
    return model;
  }

  /**
   * Whether the agent's report of a period and type takes lines now (server/reports/report-lock.ts):
   * open, open through a late window, or refused by its control date or its review.
   */
  reportVerdict(key: ReportKey, provinceCode: string | null): Promise<WriteVerdict> {
    const cacheKey = `${key.agentId}|${key.period}|${key.reportType}`;
    let verdict = this.#verdicts.get(cacheKey);
    if (!verdict) {
      verdict = reportWriteVerdict(this.db, key, provinceCode, this.at);
      this.#verdicts.set(cacheKey, verdict);
    }
    return verdict;
  }

  /** A dictionary value as a person types it — its keyword, Chinese or English text — to its keyword. */
  async dictionaryKeyword(code: string, typed: string): Promise<string | undefined> {
    this.#dictionaries ??= this.#loadDictionaries();
    return (await this.#dictionaries).get(code)?.get(typed.toLowerCase());
  }

  async #loadDictionaries() {
    const byCode = new Map<string, Map<string, string>>();
    if (!this.dictCodes.length) return byCode;
    const rows = await this.db
      .selectFrom('dictionary_entry')
      .select(['code', 'keyword', 'content_zh', 'content_en'])
      .where('code', 'in', this.dictCodes)
      .where('enabled', '=', true)
      .execute();
    for (const row of rows) {
      if (!byCode.has(row.code)) byCode.set(row.code, new Map());
      const texts = byCode.get(row.code)!;
      for (const text of [row.keyword, row.content_zh, row.content_en])
        texts.set(text.toLowerCase(), row.keyword);
    }
    return byCode;
  }
}
