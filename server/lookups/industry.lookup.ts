import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Lang } from '../http/i18n';
import { likePattern } from '../resources/expressions';
import { offsetOf, type PickerQuery } from './paging';

/** The dictionary the industry picker offers (SPEC §3 "Dictionary lookups": customer industry). */
const INDUSTRY_CODE = 'CustomerIndustry';

/** POST /industry/search (SPEC §3 industry picker): the enabled industries as code and name. */
export async function searchIndustries(db: Db, lang: Lang, query: PickerQuery) {
  const name = sql.ref(lang === 'en' ? 'content_en' : 'content_zh');
  const conditions = [sql<boolean>`code = ${INDUSTRY_CODE}`, sql<boolean>`enabled`];
  if (query.keyword) {
    const pattern = likePattern(query.keyword);
    conditions.push(sql<boolean>`(content_zh ilike ${pattern} or content_en ilike ${pattern})`);
  }
  const where = sql.join(conditions, sql` and `);
  const [rows, count] = await Promise.all([
    sql<{ code: string; name: string }>`select keyword as code, ${name} as name from dictionary_entry
      where ${where} order by sort, keyword limit ${query.pageSize} offset ${offsetOf(query)}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from dictionary_entry where ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}
