import { type Kysely, sql } from 'kysely';

/** OrderChannel of the orders the partner pull syncs, as it stood when this ran. */
const PARTNER_LINE = '111';
/** The business clock's zone, as migrations 053, 060 and 113 date the orders. */
const BUSINESS_ZONE = 'Asia/Shanghai';

/**
 * Partner-line orders count toward a city manager too (docs/decisions.md "Order entry"): the partner
 * pull gave them none, so no city manager's task of the partner brand counted them
 * (`city_manager_achieved`). From now on the pull gives each synced order the city manager the
 * configuration names for its agent's city when it is taken; the synced orders already here without
 * one are given, by the rule migration 113 gave the own-line orders theirs, the manager configured for
 * their city on the business day they were synced — an enabled row in force that day, the latest to
 * start (server/identity/city-managers.ts as it stood when this ran). An order whose city had no
 * manager configured that day keeps none, as the pull would have left it.
 */
export async function up(db: Kysely<unknown>) {
  await sql`with wanting as (
      select distinct o.city_code, to_char(o.created_at at time zone ${BUSINESS_ZONE}, 'YYYY-MM-DD') as day
      from sales_order o
      where o.order_channel = ${PARTNER_LINE} and nullif(o.city_manager_name, '') is null and o.city_code is not null
    ), configured as (
      select w.city_code, w.day, m.name from wanting w
      cross join lateral (select r.data->>'cityManagerName' as name from record r
        where r.resource = 'cityManagerConfig' and r.city_code = w.city_code
          and coalesce(r.data->>'Enabled', 'true') <> 'false'
          and coalesce(nullif(r.data->>'StartDate', ''), '0000') <= w.day
          and coalesce(nullif(r.data->>'EndDate', ''), '9999') >= w.day
        order by r.data->>'StartDate' desc, r.object_id limit 1) m
      where nullif(m.name, '') is not null
    )
    update sales_order o set city_manager_name = c.name
    from configured c
    where o.order_channel = ${PARTNER_LINE} and nullif(o.city_manager_name, '') is null
      and o.city_code = c.city_code
      and to_char(o.created_at at time zone ${BUSINESS_ZONE}, 'YYYY-MM-DD') = c.day`.execute(db);
}
