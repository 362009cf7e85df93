import { hashPassword } from '../auth/password';
import type { Db } from '../db/database';
import { ROLE } from '../identity/roles';
import { reconcileReference } from '../reference/reconcile';
import { seedChains } from './chains.seed';
import { seedActivity } from './demo-activity.seed';
import { seedDemoData } from './demo-data.seed';
import { seedOrderApprovalBands } from './demo-order-approvals.seed';
import { seedOrderChanges } from './demo-order-changes.seed';
import { seedSpecialPrices } from './demo-special-prices.seed';
import { demoEmployees, type EmployeeSeed } from './employees.seed';
import { DEMO_TODAY } from './random';

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
  const demoDay = mode === 'demo' ? new Date(`${DEMO_TODAY}T00:00:00+08:00`) : undefined;
  await db.transaction().execute(async (trx) => {
    // The roles, dictionaries, regions, scheduled jobs and default bands, as on every start.
    await reconcileReference(trx, { at: demoDay });
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
    await seedChains(trx, demoDay);
    await seedOrderApprovalBands(trx, demoDay);
    if (mode === 'demo') await seedDemoData(trx);
    if (mode === 'demo') await seedSpecialPrices(trx);
    if (mode === 'demo') await seedOrderChanges(trx);
    if (mode === 'demo') await seedActivity(trx);
  });
}
