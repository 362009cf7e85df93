import { type Kysely, sql } from 'kysely';

/** The agents' roles as the reference data names them (RSP, CCP, general distributor). */
const AGENT_ROLES = ['JS002', 'JS003', 'JS004'];

/** What an agent's staff now read and do of their money: their receipts, and invoice applications. */
const NEW_PAGES = [
  'ordersSetup.agentReceipts',
  'ordersSetup.agentReceiptDetail',
  'ordersSetup.invoiceApply',
  'ordersSetup.invoiceEdit',
];

/**
 * An agent's staff read their company's receipts (我的回款) and apply for invoices on their own paid
 * orders (docs/workflows.md "Invoice approval"). A fresh database gets the pages with the agents'
 * menus from the reference step; one seeded before gets them here, once, for the agent roles it has.
 */
export async function up(db: Kysely<unknown>) {
  for (const page of NEW_PAGES)
    await sql`insert into role_menu (role_code, menu_id, path)
      select code, ${page}, ${page} from role where code in (${sql.join(AGENT_ROLES)})
      on conflict (role_code, menu_id) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`delete from role_menu where role_code in (${sql.join(AGENT_ROLES)})
    and path in (${sql.join(NEW_PAGES)})`.execute(db);
}
