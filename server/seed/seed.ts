import { hashPassword } from '../auth/password';
import type { Db } from '../db/database';
import { insertRows } from '../db/json-rows';
import { ROLE } from '../identity/roles';
import { reconcileReference } from '../reference/reconcile';
import { seedActivity } from './demo-activity.seed';
import { seedDemoData } from './demo-data.seed';
import { seedOrderChanges } from './demo-order-changes.seed';
import { seedSpecialPrices } from './demo-special-prices.seed';
import { demoEmployees, employeeRow } from './employees.seed';
import { at } from './kit';
import { DEMO_TODAY } from './random';

export type SeedMode = 'demo' | 'none';

/** True when the database has never been seeded (first start). */
export const isEmpty = async (db: Db) =>
  !(await db.selectFrom('employee').select('username').limit(1).executeTakeFirst());

/**
 * 'demo' loads the demo data; 'none' only the reference data (docs/reference-data.md) and one
 * administrator who must change the password at first login. The same input gives the same data
 * every time.
 */
export async function seed(db: Db, mode: SeedMode) {
  const demoDay = mode === 'demo' ? at(DEMO_TODAY, '00:00') : undefined;
  await db.transaction().execute(async (trx) => {
    // The roles, dictionaries, regions, scheduled jobs, approval chains and default bands, as on every start.
    await reconcileReference(trx, { at: demoDay });
    const admin = demoEmployees.find((e) => e.roleCode === ROLE.systemAdmin)!;
    const employees = mode === 'demo' ? demoEmployees : [{ ...admin, firstTime: true }];
    const rows = employees.map(async (e) => ({
      ...employeeRow(e, await hashPassword(e.password)),
      first_time: e.firstTime,
    }));
    await insertRows(trx, 'employee', await Promise.all(rows));
    if (mode === 'demo')
      for (const part of [seedDemoData, seedSpecialPrices, seedOrderChanges, seedActivity]) await part(trx);
  });
}
