import { hashPassword } from '../auth/password';
import type { Db } from '../db/database';
import { ROLE } from '../identity/roles';
import { insertSeededJobs } from '../jobs/seeded-jobs';
import { seedChains } from './chains.seed';
import { seedActivity } from './demo-activity.seed';
import { seedDemoData } from './demo-data.seed';
import { seedOrderApprovalBands } from './demo-order-approvals.seed';
import { seedOrderChanges } from './demo-order-changes.seed';
import { seedSpecialPrices } from './demo-special-prices.seed';
import { dictionarySeeds } from './dictionaries.seed';
import { demoEmployees, type EmployeeSeed } from './employees.seed';
import { seedLoanBands } from './loan-bands.seed';
import { seedPriceBands } from './price-bands.seed';
import { DEMO_TODAY } from './random';
import { seedRegions } from './regions.seed';
import { menuIdsFor, roleSeeds } from './roles.seed';

export type SeedMode = 'demo' | 'none';

/** True when the database has never been seeded (first start). */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('employee')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

/**
 * 'demo' loads the demo data; 'none' only the roles, dictionaries, regions, the scheduled jobs and one
 * administrator who must change the password at first login. The same input gives the same data
 * every time.
 */
export async function seed(db: Db, mode: SeedMode) {
  await db.transaction().execute(async (trx) => {
    await seedRoles(trx);
    await seedDictionaries(trx);
    await seedRegions(trx);
    const employees: EmployeeSeed[] =
      mode === 'demo'
        ? demoEmployees
        : [
            {
              username: 'admin',
              lastName: '系统管理员',
              roleCode: ROLE.systemAdmin,
              password: 'Admin@123456',
              firstTime: true,
            },
          ];
    for (const e of employees) {
      await trx
        .insertInto('employee')
        .values({
          username: e.username,
          last_name: e.lastName,
          role_code: e.roleCode,
          password_hash: await hashPassword(e.password),
          first_time: e.firstTime,
          email: `${e.username}@portal.example`,
          phone: null,
          province_code: e.provinceCode ?? null,
          company_id: null,
        })
        .execute();
    }
    await seedChains(trx, mode === 'demo' ? new Date(`${DEMO_TODAY}T00:00:00+08:00`) : undefined);
    await seedOrderApprovalBands(trx, mode === 'demo' ? new Date(`${DEMO_TODAY}T00:00:00+08:00`) : undefined);
    await seedLoanBands(trx, mode === 'demo' ? new Date(`${DEMO_TODAY}T00:00:00+08:00`) : undefined);
    await seedPriceBands(trx, mode === 'demo' ? new Date(`${DEMO_TODAY}T00:00:00+08:00`) : undefined);
    // The scheduled jobs are the portal's own housekeeping, there in both modes.
    await insertSeededJobs(trx);
    if (mode === 'demo') await seedDemoData(trx);
    if (mode === 'demo') await seedSpecialPrices(trx);
    if (mode === 'demo') await seedOrderChanges(trx);
    if (mode === 'demo') await seedActivity(trx);
  });
}

async function seedRoles(db: Db) {
  for (const role of roleSeeds) {
    await db
      .insertInto('role')
      .values({ code: role.code, name_zh: role.nameZh, name_en: role.nameEn, data_scope: role.dataScope })
      .execute();
    const menus = menuIdsFor(role).map((id) => ({ role_code: role.code, menu_id: id, path: id }));
    if (menus.length) await db.insertInto('role_menu').values(menus).execute();
  }
}

async function seedDictionaries(db: Db) {
  const rows = dictionarySeeds.map(([code, module, keyword, zh, en], sort) => ({
    code,
    module,
    keyword,
    content_zh: zh,
    content_en: en,
    enabled: true,
    sort,
  }));
  await db.insertInto('dictionary_entry').values(rows).execute();
}
