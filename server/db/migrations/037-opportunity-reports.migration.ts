import { type Kysely, sql } from 'kysely';

/** An amount kept in an opportunity's `data`, or null when it holds something else. */
const amount = (alias: string, field: string) =>
  sql.raw(
    `case when ${alias}.data->>'${field}' ~ '^-?[0-9]{1,15}([.][0-9]{1,2})?$' then (${alias}.data->>'${field}')::numeric end`,
  );

const WON = '191';

/**
 * The opportunity reports computed from the opportunities, their customers and progress records
 * (docs/opportunities.md "Reports"): views, so no report figure is stored.
 *
 * - `opportunity_report`: the opportunities themselves, with their scope columns (商机信息报表 and the
 *   opportunity report page read them through the resource engine, so scope and filters apply).
 * - `opportunity_customer_report`: each strategic customer with the count and estimated amount of its
 *   opportunities, those won and their winning amount, and the last progress record's date.
 *
 * The made-up rows of the generic demo filler for the opportunity report go, and the customers' stored
 * figures are no longer read. The opportunity report page (商机报表) reads `opportunity_report` too.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create index record_opportunity_customer_idx on record ((data->>'ExtOppCustomerName_SDK'))
    where resource = 'opportunity'`.execute(db);
  await sql`create index record_progress_opportunity_idx on record ((data->>'ExtOpportunityNOText_SDK'))
    where resource = 'oppMainProgress'`.execute(db);
  await sql`delete from record where resource = 'opportunityReport'`.execute(db);
  await sql`create view opportunity_report as
    select r.object_id, r.version, r.created_at, r.created_by, r.created_by_name, r.updated_at, r.updated_by_name,
      r.company_id, r.province_code, r.city_code, r.data
    from record r where r.resource = 'opportunity'`.execute(db);
  await sql`create view opportunity_customer_report as
    select c.object_id, c.version, c.created_at, c.created_by, c.created_by_name, c.updated_at, c.updated_by_name,
      c.company_id, c.province_code, c.city_code,
      c.data - 'OpportunityCount' - 'WonCount' - 'OpportunityAmount' - 'WonAmount' - 'LastFollowUpDate' as data,
      o.opportunity_count, o.won_count, o.opportunity_amount, o.won_amount, f.last_follow_up
    from record c
    cross join lateral (
      select count(*)::integer as opportunity_count,
        (count(*) filter (where r.data->>'ExtOpportunityStatus_SDK' = ${sql.lit(WON)}))::integer as won_count,
        coalesce(sum(${amount('r', 'ExtEstimatedSalesAmountcontent_SDK')}), 0) as opportunity_amount,
        coalesce(sum(${amount('r', 'ExtWinningAmount_SDK')}) filter (where r.data->>'ExtOpportunityStatus_SDK' = ${sql.lit(WON)}), 0)
          as won_amount
      from record r where r.resource = 'opportunity' and r.data->>'ExtOppCustomerName_SDK' = c.data->>'customerName'
    ) o
    cross join lateral (
      select max(case when p.data->>'ProgressDate' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' then left(p.data->>'ProgressDate', 10) end)::date
        as last_follow_up
      from record p where p.resource = 'oppMainProgress' and p.data->>'ExtOpportunityNOText_SDK' in (
        select r.data->>'ExtOpportunityNOText_SDK' from record r
        where r.resource = 'opportunity' and r.data->>'ExtOppCustomerName_SDK' = c.data->>'customerName')
    ) f
    where c.resource = 'opportunityCustomer'`.execute(db);
  // The opportunity report page is built now: every role that reads the opportunity information
  // report gets it beside it (a new database gets it from its seed).
  await sql`insert into role_menu (role_code, menu_id, path)
    select role_code, 'business.opportunityReport', 'business.opportunityReport' from role_menu
    where path = 'business.opportunityInfoReport'
    on conflict (role_code, menu_id) do nothing`.execute(db);
  // The STI views' kinds (StiKind, ReportKind) are dictionaries like every value a list filters by:
  // the reference step adds them.
}

export async function down(db: Kysely<unknown>) {
  await sql`drop view opportunity_customer_report`.execute(db);
  await sql`drop view opportunity_report`.execute(db);
  await sql`drop index record_progress_opportunity_idx`.execute(db);
  await sql`drop index record_opportunity_customer_idx`.execute(db);
}
