import { type Kysely, sql } from 'kysely';

/** An amount kept in an opportunity's `data`, or null when it holds something else. */
const amount = (alias: string, field: string) =>
  sql.raw(
    `case when ${alias}.data->>'${field}' ~ '^-?[0-9]{1,15}([.][0-9]{1,2})?$' then (${alias}.data->>'${field}')::numeric end`,
  );

// OpportunityStatus as it stood when this ran: won, and the registrations that never became a deal.
const WON = '191';
const REJECTED = '211';
const WITHDRAWN = '221';

/**
 * The customer figures of 客户信息报表 and 商机客户查询 from one view, so the two pages cannot
 * disagree (docs/opportunities.md "Reports"):
 * - only effective registrations count: a rejected or withdrawn one never was a deal of the customer;
 * - the agents following the customer (跟进代理商) are those of its effective opportunities, no longer
 *   a name kept on the customer;
 * - the last follow-up is the last progress record of those opportunities, found through their
 *   numbers (one index probe) rather than by searching the opportunities a second time.
 * The figures the customers kept in their records go: nothing reads them, and a stale copy would
 * contradict the view in an export or a future page.
 * A count of the view reads the customers alone (the left joins of one aggregate row each are dropped
 * by the planner), so paging a province's customers stays cheap however many opportunities they have.
 */
export async function up(db: Kysely<unknown>) {
  await sql`drop view opportunity_customer_report`.execute(db);
  await sql`create view opportunity_customer_report as
    select c.object_id, c.version, c.created_at, c.created_by, c.created_by_name, c.updated_at, c.updated_by_name,
      c.company_id, c.province_code, c.city_code, c.data,
      coalesce(o.opportunity_count, 0) as opportunity_count, coalesce(o.won_count, 0) as won_count,
      coalesce(o.opportunity_amount, 0) as opportunity_amount, coalesce(o.won_amount, 0) as won_amount,
      f.last_follow_up, o.agent_names
    from record c
    left join lateral (
      select count(*)::integer as opportunity_count,
        (count(*) filter (where r.data->>'ExtOpportunityStatus_SDK' = ${sql.lit(WON)}))::integer as won_count,
        sum(${amount('r', 'ExtEstimatedSalesAmountcontent_SDK')}) as opportunity_amount,
        sum(${amount('r', 'ExtWinningAmount_SDK')}) filter (where r.data->>'ExtOpportunityStatus_SDK' = ${sql.lit(WON)})
          as won_amount,
        string_agg(distinct r.data->>'AgentName', ', ') as agent_names,
        array_agg(r.data->>'ExtOpportunityNOText_SDK') as numbers
      from record r
      where r.resource = 'opportunity' and r.data->>'ExtOppCustomerName_SDK' = c.data->>'customerName'
        and coalesce(r.data->>'ExtOpportunityStatus_SDK', '') not in (${sql.lit(REJECTED)}, ${sql.lit(WITHDRAWN)})
    ) o on true
    left join lateral (
      select max(case when p.data->>'ProgressDate' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' then left(p.data->>'ProgressDate', 10) end)::date
        as last_follow_up
      from record p
      where p.resource = 'oppMainProgress' and p.data->>'ExtOpportunityNOText_SDK' = any(o.numbers)
    ) f on true
    where c.resource = 'opportunityCustomer'`.execute(db);
  // A page of customers in name order (商机客户查询's order) reads its twenty customers from this
  // index and computes the figures of those alone, instead of every customer of the caller's scope.
  await sql`create index record_opportunity_customer_name_idx on record ((data->>'customerName'))
    where resource = 'opportunityCustomer'`.execute(db);
  // The figures and the agent a strategic customer once kept in its record, which the opportunities decide.
  await sql`update record
    set data = data - 'OpportunityCount' - 'WonCount' - 'OpportunityAmount' - 'WonAmount' - 'LastFollowUpDate' - 'AgentName'
    where resource = 'opportunityCustomer'`.execute(db);
}

/** Back to the view of 037 (every registration counted); the dropped stored figures are not restored. */
export async function down(db: Kysely<unknown>) {
  await sql`drop index record_opportunity_customer_name_idx`.execute(db);
  await sql`drop view opportunity_customer_report`.execute(db);
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
}
