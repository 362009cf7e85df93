import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import type { Lang } from '../http/i18n';
import { resourceDef } from '../resources/registry';
import { searchRecords } from '../resources/search';
import { pickerPaging } from './paging';

export const customerQuery = z.object({
  ...pickerPaging,
  ExtCustomerType_SDK: z.string().trim().max(20).optional(),
  ExtChannelSmallType_SDK: z.string().trim().max(20).optional(),
});
export type CustomerQuery = z.infer<typeof customerQuery>;

/**
 * POST /customerLookup/search (SPEC §3 customer picker): the agents the caller may see, by name,
 * account or credit code, with the customer type both as code and as text (Ext_CustomerType_KUT).
 */
export async function searchCustomers(db: Db, caller: Caller, lang: Lang, query: CustomerQuery) {
  const def = resourceDef('customer');
  if (!def) throw new Error('The catalogue has no customer resource');
  const [{ rows, total }, types] = await Promise.all([
    searchRecords(db, def, caller, { ...query, sort: 'Name' }),
    sql<{
      keyword: string;
      content: string;
    }>`select keyword, ${sql.ref(lang === 'en' ? 'content_en' : 'content_zh')} as content
      from dictionary_entry where code = 'CustomerType'`.execute(db),
  ]);
  const typeText = new Map(types.rows.map((t) => [t.keyword, t.content]));
  return {
    rows: rows.map((row) => ({
      ObjectID: row.ObjectID,
      Name: row.Name,
      Ext_CustomerType_KUT: typeText.get(String(row.ExtCustomerType_SDK)) ?? row.ExtCustomerType_SDK,
      ExtCustomerType_SDK: row.ExtCustomerType_SDK,
      AccountID: row.AccountID,
      ExtAgentID_SDK: row.ExtAgentID_SDK ?? null,
      ExtChannelSmallType_SDK: row.ExtChannelSmallType_SDK ?? null,
    })),
    total,
  };
}
