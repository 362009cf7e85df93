import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import type { Lang } from '../http/i18n';
import { ownCompanies } from '../opportunities/agent-companies';
import { resourceDef } from '../resources/registry';
import { searchRecords } from '../resources/search';
import { pageOf, pickerPaging } from './paging';

export const customerQuery = z.object({
  ...pickerPaging,
  ExtCustomerType_SDK: z.string().trim().max(20).optional(),
  ExtChannelSmallType_SDK: z.string().trim().max(20).optional(),
  /** The field names a deal's owner (the registration's agent): an agent's staff are offered their own company only. */
  DealOwner: z.boolean().optional(),
});
export type CustomerQuery = z.infer<typeof customerQuery>;

/**
 * POST /customerLookup/search (SPEC §3 customer picker): the agents the caller may see, by name,
 * account or credit code, with the customer type both as code and as text (Ext_CustomerType_KUT).
 * Where the field names a deal's owner (`DealOwner`), an agent's staff see their own company alone —
 * an RSP registers for itself, not for the CCPs it supplies (opportunity-owner.rules.ts).
 */
export async function searchCustomers(db: Db, caller: Caller, lang: Lang, query: CustomerQuery) {
  const def = resourceDef('customer');
  if (!def) throw new Error('The catalogue has no customer resource');
  const { DealOwner, ...filters } = query;
  const own = DealOwner ? await ownCompanies(db, caller, { supplied: false }) : undefined;
  // An agent's scope is its company and the few CCPs it supplies: one page holds them all.
  const paging = own ? { currentPage: 1, pageSize: 100 } : {};
  const [found, types] = await Promise.all([
    searchRecords(db, def, caller, { ...filters, ...paging, sort: 'Name' }),
    sql<{
      keyword: string;
      content: string;
    }>`select keyword, ${sql.ref(lang === 'en' ? 'content_en' : 'content_zh')} as content
      from dictionary_entry where code = 'CustomerType'`.execute(db),
  ]);
  const typeText = new Map(types.rows.map((t) => [t.keyword, t.content]));
  const { rows, total } = own
    ? pageOf(
        found.rows.filter((row) => own.some((c) => c.id === row.ObjectID)),
        query,
      )
    : found;
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
