import type { Db } from '../db/database';
import { Numbers } from './bulk';
import { buildCustomers, insertCustomers } from './demo-customers.seed';
import { buildOrders, insertOrders } from './demo-orders.seed';
import { buildProducts, insertProducts } from './demo-products.seed';
import { insertRecords } from './demo-records.seed';
import { buildStaff, insertStaff } from './demo-staff.seed';
import { seedWorkflows } from './demo-workflows.seed';
import type { DemoWorld } from './demo-world';
import { Random } from './random';

/** The fixed seed of the demo data (DOMAIN.md "Demo data": the same seed every time). */
export const DEMO_SEED = 20_260_101;

/**
 * The demo business on top of the demo accounts: staff across the provinces, the channel (general
 * distributors, RSPs, CCPs), products, 600 orders with their items, and 25–40 records of every other
 * resource. Runs inside the seed transaction after the employees exist; everything is drawn from
 * one seeded generator, so two seeds give identical data.
 */
export async function seedDemoData(db: Db) {
  const rng = new Random(DEMO_SEED);
  const world = {
    rng,
    numbers: new Numbers(),
    staff: buildStaff(rng.fork('staff')),
    customers: [],
    products: [],
    orders: [],
    pools: new Map(),
  } as unknown as DemoWorld;
  world.products = buildProducts(world);
  buildCustomers(world);
  const orders = buildOrders(world);

  await insertStaff(db, world);
  await insertProducts(db, world);
  await insertCustomers(db, world);
  await insertOrders(db, world, orders);
  await insertRecords(db, world);
  await world.numbers.save(db);
  await seedWorkflows(db, world);
}
