import { generatePendingAgreements } from '../agreements/agreement-files';
import type { Db } from '../db/database';
import { Numbers } from './bulk';
import { seedCpqCatalogue } from './cpq-catalogue.seed';
import { defaultAgreementFiles, seedAgreementTemplateFiles } from './demo-agreements.seed';
import { seedCityManagerConfig } from './demo-city-managers.seed';
import { buildCustomers, insertCustomers } from './demo-customers.seed';
import { seedDeliveries } from './demo-deliveries.seed';
import { seedInvoices } from './demo-invoices.seed';
import { seedLetters } from './demo-letters.seed';
import { seedLoans } from './demo-loans.seed';
import { seedOpportunities } from './demo-opportunities.seed';
import { seedOpportunityCustomers } from './demo-opportunity-customers.seed';
import { seedDemoOrderApprovals } from './demo-order-approvals.seed';
import { buildOrders, enterLaterOrders, insertOrders } from './demo-orders.seed';
import { seedPartnerShipping } from './demo-partner-shipping.seed';
import { seedPayments } from './demo-payments.seed';
import { seedProductPull } from './demo-product-pull.seed';
import { buildProducts, insertProducts } from './demo-products.seed';
import { seedPurchaseImports } from './demo-purchase-imports.seed';
import { seedRebates } from './demo-rebates.seed';
import { insertRecords } from './demo-records.seed';
import { seedReportImports } from './demo-report-imports.seed';
import { seedReportReviews } from './demo-report-reviews.seed';
import { seedReportStates } from './demo-report-states.seed';
import { seedSalesTasks } from './demo-sales-tasks.seed';
import { buildStaff, insertStaff } from './demo-staff.seed';
import { seedWorkflows } from './demo-workflows.seed';
import type { DemoWorld } from './demo-world';
import { Random } from './random';

/** The fixed seed of the demo data (DOMAIN.md "Demo data": the same seed every time). */
export const DEMO_SEED = 20_260_101;

/**
 * The demo business on top of the demo accounts, in the seed transaction after the employees exist:
 * everything is drawn from one seeded generator, so two seeds give identical data.
 */
export async function seedDemoData(db: Db, files = defaultAgreementFiles(db)) {
  const rng = new Random(DEMO_SEED);
  const [staff, numbers] = [buildStaff(rng.fork('staff')), new Numbers()];
  const unbuilt = { customers: [], products: [], orders: [], pools: new Map() };
  const world = { rng, numbers, staff, ...unbuilt } as unknown as DemoWorld;
  world.products = buildProducts(world);
  buildCustomers(world);
  const orders = buildOrders(world);

  await insertStaff(db, world);
  await insertProducts(db, world);
  await seedCpqCatalogue(db);
  await insertCustomers(db, world);
  await insertOrders(db, world, orders);
  await insertRecords(db, world);
  await seedCityManagerConfig(db, world);
  await seedAgreementTemplateFiles(db, files);
  await enterLaterOrders(db, world);
  await seedDemoOrderApprovals(db, world);
  await world.numbers.save(db);
  await seedWorkflows(db, world);
  await seedOpportunities(db, world);
  await seedOpportunityCustomers(db);
  await seedLetters(db, world, files);
  await seedPayments(db, world);
  await seedReportImports(db, world);
  await seedSalesTasks(db);
  await seedRebates(db, world);
  await seedInvoices(db, world);
  await seedDeliveries(db, world);
  await seedPartnerShipping(db, world);
  await seedPurchaseImports(db, world);
  await seedReportReviews(db, world);
  await seedReportStates(db, world);
  await seedLoans(db, world);
  // The demo signings' agreements, made as the job would make them on the first minute of the server.
  await generatePendingAgreements(db, files);
  await seedProductPull(db);
}
