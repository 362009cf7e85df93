import { type Kysely, sql } from 'kysely';

/**
 * Order approval (docs/workflows.md, workflow orderApproval):
 * - the order approval configuration becomes one row per order type and amount band with the roles
 *   of its chain (firstRole…fourthRole); rows of the former node-per-row shape name no chain and are
 *   dropped, and a database seeded before gets the default bands (a fresh one gets them from the seed);
 * - an agent's credit in use is summed over its orders awaiting approval or effective, so that sum
 *   is served by an index rather than a scan of the agent's whole order history;
 * - the approval page has a screen now: every role whose menu holds the approval query gets it too
 *   (a fresh database's menus take it from the catalogue).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists sales_order_company_approval_idx
    on sales_order (company_id, approval_status)`.execute(db);
  await sql`delete from record where resource = 'orderApprovalConfig' and not (data ? 'firstRole')`.execute(
    db,
  );
  await sql`insert into role_menu (role_code, menu_id, path)
    select role_code, 'ordersSetup.orderApproval', 'ordersSetup.orderApproval' from role_menu
    where path = 'ordersSetup.approvalQuery'
    on conflict (role_code, menu_id) do nothing`.execute(db);

  const seeded = await sql<{ n: number }>`select count(*)::int as n from employee`.execute(db);
  if (!seeded.rows[0]?.n) return;
  // The default bands as the seed enters them: sales ops up to 500,000 yuan, finance too up to
  // 2,000,000, and the executive above that, for every order type approved in the portal.
  const bands: [string, string | null, string[]][] = [
    ['0.00', '500000.00', ['JS013']],
    ['500000.00', '2000000.00', ['JS013', 'JS014']],
    ['2000000.00', null, ['JS013', 'JS014', 'JS017']],
  ];
  for (const type of ['101', '111', '121', '131']) {
    const configured = await sql<{ n: number }>`select count(*)::int as n from record
      where resource = 'orderApprovalConfig' and data->>'OrderType' = ${type}`.execute(db);
    if (configured.rows[0]?.n) continue;
    for (const [min, max, roles] of bands) {
      const [firstRole, secondRole, thirdRole] = roles;
      const data = {
        OrderType: type,
        MinAmount: min,
        MaxAmount: max,
        firstRole,
        secondRole,
        thirdRole,
        Enabled: true,
      };
      await sql`insert into record (resource, data, created_by_name, updated_by_name)
        values ('orderApprovalConfig', ${JSON.stringify(data)}::jsonb, 'system', 'system')`.execute(db);
    }
  }
}
