import { type Kysely, sql } from 'kysely';

/**
 * A database seeded before suspension (151), blacklist (161) and reinstatement (171) were process
 * types lacks their CustomerProcessType entries, so the approval-chain configuration could not name
 * them. A fresh database has no entries yet at this point and gets them from the seed.
 */
export async function up(db: Kysely<unknown>) {
  const types: [string, string, string][] = [
    ['151', '暂停合作', 'Suspension'],
    ['161', '列入黑名单', 'Blacklisting'],
    ['171', '恢复合作', 'Reinstatement'],
  ];
  // One at a time, so each goes after the one before it in the list.
  for (const [keyword, zh, en] of types) {
    await sql`insert into dictionary_entry (code, module, keyword, content_zh, content_en, enabled, sort)
      select 'CustomerProcessType', 'Customer', ${keyword}, ${zh}, ${en}, true, max(sort) + 1
      from dictionary_entry where code = 'CustomerProcessType'
      having count(*) > 0
      on conflict (code, keyword) do nothing`.execute(db);
  }
}
