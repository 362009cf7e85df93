import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { up as givenBySeed } from '../../server/db/migrations/106-default-chains-and-order-bands.migration';
import { reconcileReference } from '../../server/reference/reconcile';
import { startTestApp, type TestApp } from './harness';

/** Everything the reference step writes, as rows to compare. */
async function referenceRows(db: Db) {
  const rows = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows;
  return {
    dictionary:
      await rows(sql`select code, keyword, content_zh, content_en, enabled, sort from dictionary_entry
      order by code, keyword`),
    regions: await rows(sql`select code, name_zh, name_en, sales_area from region order by code`),
    roles: await rows(sql`select code, name_zh, name_en, data_scope from role order by code`),
    menus: await rows(sql`select role_code, menu_id from role_menu order by role_code, menu_id`),
    jobs: await rows(sql`select code, name, job_group, cron_expression, enabled, params from scheduled_job
      order by code`),
    bands: await rows(sql`select object_id, resource, data from record
      where resource in ('loanApprovalConfig', 'specialPriceBand', 'orderApprovalConfig', 'customerProcessConfig')
      order by object_id`),
    applied: await rows(sql`select item from reference_applied order by item`),
  };
}

const one = async <T>(db: Db, query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0];

describe('the reference step', () => {
  let portal: TestApp;
  let db: Db;
  beforeAll(async () => {
    portal = await startTestApp('none');
    db = portal.database.db;
  });
  afterAll(() => portal.close());

  it('lists what it gave a new portal once: the demo role model, the chains and the default bands', async () => {
    const { applied, bands } = await referenceRows(db);
    expect(applied.map((r: any) => r.item)).toEqual(
      expect.arrayContaining([
        'role:JS001',
        'role:JS019',
        'loanBand:3',
        'priceBand:4',
        'chain:101',
        'orderBand:131:3',
      ]),
    );
    // 14 roles, 9 process types' chains, 3 order bands for each of 4 approved order types, 3 loan and 4 price bands.
    expect(applied).toHaveLength(42);
    expect(bands).toHaveLength(9 + 12 + 3 + 4);
  });

  it('gives a fresh portal what approves an order and decides a registration, with no demo data', async () => {
    const band = await one(
      db,
      sql`select data from record where resource = 'orderApprovalConfig'
        and data->>'OrderType' = '101' and data->>'MinAmount' = '500000.00'`,
    );
    expect(band).toEqual({
      data: {
        OrderType: '101',
        MinAmount: '500000.00',
        MaxAmount: '2000000.00',
        firstRole: 'JS013',
        secondRole: 'JS014',
        Enabled: true,
      },
    });
    const chain = await one(
      db,
      sql`select data, created_by_name as by from record where resource = 'customerProcessConfig'
        and data->>'ExtProcessType_SDK' = '101'`,
    );
    expect(chain).toMatchObject({
      data: { firstRole: 'JS010', secondRole: 'JS018', thirdRole: 'JS014', Enabled: true },
      by: '系统',
    });
  });

  it('changes nothing when run again', async () => {
    const before = await referenceRows(db);
    await reconcileReference(db);
    await reconcileReference(db);
    expect(await referenceRows(db)).toEqual(before);
  });

  it("adds what a portal lacks and rewords what changed, leaving the administrator's settings", async () => {
    const before = await referenceRows(db);
    // A portal from an older program: an option missing, old words, a job missing, a job renamed.
    await sql`delete from dictionary_entry where code = 'LateReportStatus' and keyword = '141'`.execute(db);
    await sql`update dictionary_entry set content_en = 'Old words' where code = 'LoanStatus' and keyword = '181'`.execute(
      db,
    );
    await sql`update region set name_en = 'Old name', sales_area = null where code = '320000'`.execute(db);
    await sql`delete from scheduled_job where code = 'reportDeadlines'`.execute(db);
    await sql`update scheduled_job set name = 'Old name' where code = 'loanOverdue'`.execute(db);
    // The administrator's own choices on a job.
    await sql`update scheduled_job set cron_expression = '5 3 * * *', enabled = false where code = 'rebateExpiry'`.execute(
      db,
    );

    await reconcileReference(db);

    const after = await referenceRows(db);
    expect(after.dictionary).toEqual(before.dictionary);
    expect(after.regions).toEqual(before.regions);
    expect(after.jobs.map((j: any) => j.code)).toEqual(before.jobs.map((j: any) => j.code));
    const renamed = before.jobs.find((j: any) => j.code === 'loanOverdue') as any;
    expect(await one(db, sql`select name from scheduled_job where code = 'loanOverdue'`)).toEqual({
      name: renamed.name,
    });
    expect(
      await one(db, sql`select cron_expression, enabled from scheduled_job where code = 'rebateExpiry'`),
    ).toEqual({ cron_expression: '5 3 * * *', enabled: false });
  });

  it('does not give again a role or a band the administrator removed', async () => {
    await sql`delete from role where code = 'JS019'`.execute(db);
    await sql`delete from role_menu where role_code = 'JS010' and menu_id = 'report.reportStates'`.execute(
      db,
    );
    await sql`delete from record where object_id = md5('special-price-band-1')::uuid`.execute(db);
    await sql`delete from record where object_id = md5('chain:171')::uuid`.execute(db);
    await sql`delete from record where object_id = md5('order-approval-band-131-1')::uuid`.execute(db);
    const before = await referenceRows(db);

    await reconcileReference(db);

    const after = await referenceRows(db);
    expect(after.roles).toEqual(before.roles);
    expect(after.roles.some((r: any) => r.code === 'JS019')).toBe(false);
    expect(after.menus).toEqual(before.menus);
    expect(after.bands).toEqual(before.bands);
    expect(after.bands).toHaveLength(9 + 12 + 3 + 4 - 3);
  });

  it('leaves a portal seeded before the step took over its chains and order bands as its administrator left it', async () => {
    // Such a portal got them from its seed and lists none of them as given.
    await sql`delete from reference_applied where item like 'chain:%' or item like 'orderBand:%'`.execute(db);
    await givenBySeed(db as never);
    await sql`delete from record where object_id = md5('chain:161')::uuid`.execute(db);
    const before = await referenceRows(db);

    await reconcileReference(db);

    expect(await referenceRows(db)).toEqual(before);
    expect(before.applied).toHaveLength(42);
  });
});
