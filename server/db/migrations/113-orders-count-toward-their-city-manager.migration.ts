import { type Kysely, sql } from 'kysely';

/** OrderChannel of the orders entered on the portal's own forms, as it stood when this ran. */
const OWN_LINE = '101';
/** The business clock's zone, as migrations 053 and 060 date the orders. */
const BUSINESS_ZONE = 'Asia/Shanghai';

/**
 * Every order entered on the order forms counts toward a city manager (docs/decisions.md "Order
 * entry"): until now only the self-built and RSP hardware forms gave an order one, so the special-price
 * and service orders named none and no city manager's task counted them (`city_manager_achieved`).
 * From now on the server gives them the city manager the configuration names for the agent's city;
 * the own-line orders already here without one are given, by the same rule, the manager configured for
 * their city on the business day they were entered — an enabled row in force that day, the latest to
 * start (server/identity/city-managers.ts as it stood when this ran). An order whose city had no
 * manager configured that day keeps none, as the server would have left it; one that names a manager
 * keeps them. The superseded copy of a changed order is given the same manager as its order.
 */
export async function up(db: Kysely<unknown>) {
  await sql`with wanting as (
      select distinct o.city_code, to_char(o.created_at at time zone ${BUSINESS_ZONE}, 'YYYY-MM-DD') as day
      from sales_order o
      where o.order_channel = ${OWN_LINE} and nullif(o.city_manager_name, '') is null and o.city_code is not null
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
    where o.order_channel = ${OWN_LINE} and nullif(o.city_manager_name, '') is null
      and o.city_code = c.city_code
      and to_char(o.created_at at time zone ${BUSINESS_ZONE}, 'YYYY-MM-DD') = c.day`.execute(db);
}
