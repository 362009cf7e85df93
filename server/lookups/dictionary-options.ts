import { readManyThrough, readThrough } from '../cache/portal-caches';
import type { Db } from '../db/database';

/** One option of a dictionary (SPEC §3 "Dictionary lookups"), enabled or not, in its order. */
export interface DictionaryOption {
  keyword: string;
  contentZh: string;
  contentEn: string;
  enabled: boolean;
}

const load = async (db: Db, codes: string[]) => {
  const rows = await db
    .selectFrom('dictionary_entry')
    .select(['code', 'keyword', 'content_zh', 'content_en', 'enabled'])
    .where('code', 'in', codes)
    .orderBy('code')
    .orderBy('sort')
    .orderBy('keyword')
    .execute();
  const byCode = new Map<string, DictionaryOption[]>(codes.map((code) => [code, []]));
  for (const row of rows)
    byCode.get(row.code)?.push({
      keyword: row.keyword,
      contentZh: row.content_zh,
      contentEn: row.content_en,
      enabled: row.enabled,
    });
  return byCode;
};

/** A dictionary's options, through the dictionary cache: every list, form and filter asks for them. */
export function dictionaryOptions(db: Db, code: string): Promise<readonly DictionaryOption[]> {
  return readThrough(db, 'dictionary', code, async () => (await load(db, [code])).get(code) ?? []);
}

/** Several dictionaries at once, one query for those not cached. */
export function dictionaryOptionsOf(db: Db, codes: readonly string[]) {
  return readManyThrough<readonly DictionaryOption[]>(
    db,
    'dictionary',
    codes,
    (missing) => load(db, missing),
    [],
  );
}
