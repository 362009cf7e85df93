import { sql } from 'kysely';
import { type Db, inTransaction } from '../db/database';
import { seededJobs } from '../jobs/seeded-jobs';
import { DEFAULT_RECORDS } from './bands.data';
import { dictionarySeeds } from './dictionaries.data';
import { provinces } from './regions.data';
import { menuIdsFor, roleSeeds } from './roles.data';

export interface ReconcileOptions {
  /** When default configuration rows it adds are dated: the demo's day, so the demo reads alike every time. */
  at?: Date;
}

/**
 * Brings the portal's reference data to what this program holds, after the migrations and before
 * anything reads it (docs/reference-data.md). It adds what is missing and rewords what changed, and
 * removes nothing, so running it again changes nothing:
 * - dictionary options and regions are the program's: missing ones are added, their words follow;
 * - scheduled jobs are added when missing; their names and groups follow, their schedules and
 *   parameters are the administrator's;
 * - the demo role model and the default bands are given once (listed in `reference_applied`), then
 *   are the administrator's: a role or band removed on its page is not given again.
 */
export async function reconcileReference(db: Db, options: ReconcileOptions = {}) {
  await inTransaction(db, async (trx) => {
    // One reconciler at a time: servers starting together on one database wait for each other.
    await sql`select pg_advisory_xact_lock(hashtext('reference-reconcile'))`.execute(trx);
    await reconcileDictionaries(trx);
    await reconcileRegions(trx);
    const applied = new Set(
      (await sql<{ item: string }>`select item from reference_applied`.execute(trx)).rows.map((r) => r.item),
    );
    await reconcileRoles(trx, applied);
    await reconcileJobs(trx);
    await reconcileDefaultRecords(trx, applied, options.at);
  });
}

async function reconcileDictionaries(db: Db) {
  // The array index is the option's sort (dictionaries.data.ts); an option already there keeps its own.
  const rows = dictionarySeeds.map(([code, module, keyword, zh, en], sort) => ({
    code,
    module,
    keyword,
    zh,
    en,
    sort,
  }));
  await sql`insert into dictionary_entry (code, module, keyword, content_zh, content_en, enabled, sort)
    select code, module, keyword, zh, en, true, sort
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(code text, module text, keyword text, zh text, en text, sort integer)
    on conflict (code, keyword) do update set content_zh = excluded.content_zh, content_en = excluded.content_en
    where (dictionary_entry.content_zh, dictionary_entry.content_en)
      is distinct from (excluded.content_zh, excluded.content_en)`.execute(db);
}

async function reconcileRegions(db: Db) {
  const rows = provinces.flatMap((p) => [
    {
      code: p.code,
      parent_code: null,
      level: 'province',
      name_zh: p.nameZh,
      name_en: p.nameEn,
      sales_area: p.area,
    },
    ...p.cities.map((c) => ({
      code: c.code,
      parent_code: p.code,
      level: 'city',
      name_zh: c.nameZh,
      name_en: c.nameEn,
      sales_area: null,
    })),
  ]);
  await sql`insert into region (code, parent_code, level, name_zh, name_en, sales_area)
    select code, parent_code, level, name_zh, name_en, sales_area
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(code text, parent_code text, level text, name_zh text, name_en text, sales_area text)
    on conflict (code) do update
      set name_zh = excluded.name_zh, name_en = excluded.name_en, sales_area = excluded.sales_area
    where (region.name_zh, region.name_en, region.sales_area)
      is distinct from (excluded.name_zh, excluded.name_en, excluded.sales_area)`.execute(db);
}

/** A role of the demo role model comes once, with the menu list it starts with; an admin edits both after. */
async function reconcileRoles(db: Db, applied: Set<string>) {
  for (const role of roleSeeds) {
    const item = `role:${role.code}`;
    if (applied.has(item)) continue;
    const added = await db
      .insertInto('role')
      .values({ code: role.code, name_zh: role.nameZh, name_en: role.nameEn, data_scope: role.dataScope })
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('code')
      .executeTakeFirst();
    const menus = menuIdsFor(role).map((id) => ({ role_code: role.code, menu_id: id, path: id }));
    if (added && menus.length) await db.insertInto('role_menu').values(menus).execute();
    await markApplied(db, item);
  }
}

async function reconcileJobs(db: Db) {
  for (const job of seededJobs()) {
    // A new job is due at once, so a new portal shows its first outcome within a tick of starting.
    await db
      .insertInto('scheduled_job')
      .values({
        code: job.code,
        name: job.name,
        job_group: job.group,
        handler: job.handler,
        cron_expression: job.cron,
        enabled: true,
        params: JSON.stringify(job.params),
        timeout_seconds: job.timeoutSeconds,
        remark: job.remark,
        next_run_at: sql<Date>`now()`,
      })
      .onConflict((oc) =>
        oc
          .column('code')
          .doUpdateSet({ name: job.name, job_group: job.group })
          .where((eb) =>
            eb.or([eb('scheduled_job.name', '<>', job.name), eb('scheduled_job.job_group', '<>', job.group)]),
          ),
      )
      .execute();
  }
}

async function reconcileDefaultRecords(db: Db, applied: Set<string>, at?: Date) {
  for (const row of DEFAULT_RECORDS) {
    if (applied.has(row.item)) continue;
    await sql`insert into record (object_id, resource, data, created_by_name, updated_by_name, created_at, updated_at)
      values (${row.id}, ${row.resource}, ${JSON.stringify(row.data)}::jsonb, '系统', '系统',
        coalesce(${at ?? null}::timestamptz, now()), coalesce(${at ?? null}::timestamptz, now()))
      on conflict (object_id) do nothing`.execute(db);
    await markApplied(db, row.item);
  }
}

async function markApplied(db: Db, item: string) {
  await sql`insert into reference_applied (item) values (${item}) on conflict (item) do nothing`.execute(db);
}
