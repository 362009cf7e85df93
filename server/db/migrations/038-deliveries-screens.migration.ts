import { type Kysely, sql } from 'kysely';

/**
 * The delivery screens in the browser (docs/deliveries.md):
 * - the ship form is a page of its own, held by the vendor roles that hold the own-line delivery
 *   confirmation it opens from (agents receive, they do not ship); a database seeded before gets it
 *   here, a new one from the seed's module menus. The delivery information page's record page likewise;
 * - the delivery information of an order is the order's own receiver, read through a view of the
 *   effective own-line orders: the receiving company is the end user unless one was set, the
 *   confirmation status "to confirm" until someone confirmed or modified it. It replaces the made-up
 *   rows the generic filler kept in the shared table.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create view delivery_info as
    select o.object_id, o.version, o.created_at, o.created_by_name, o.updated_at,
      o.data->>'DeliveryInfoBy' as updated_by_name, o.company_id, o.province_code, o.city_code,
      '{}'::jsonb as data, o.order_no, o.agent_name, o.company_id::text as customer_id,
      coalesce(nullif(o.data->>'ReceiverCompany', ''), o.end_user_name) as receiver_company,
      o.data->>'ReceiverName' as receiver_name, o.data->>'ReceiverPhone' as receiver_phone,
      o.data->>'ReceiverAddress' as receiver_address,
      case when o.data->>'RequiredDeliveryDate' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
        then (o.data->>'RequiredDeliveryDate')::date end as required_delivery_date,
      coalesce(o.data->>'DeliveryInfoStatus', '101') as confirm_status,
      (o.data->>'DeliveryInfoConfirmedOn')::timestamptz as confirmed_on,
      o.delivery_status
    from sales_order o where o.order_channel = '101' and o.approval_status = '121'`.execute(db);
  await sql`delete from record where resource = 'deliveryInfo'`.execute(db);
  await sql`insert into role_menu (role_code, menu_id, path)
    select m.role_code, 'ordersSetup.deliveryInfoDetail', 'ordersSetup.deliveryInfoDetail'
    from role_menu m join role r on r.code = m.role_code
    where m.path = 'ordersSetup.deliveryInfoConfirm' and r.data_scope <> 'company'
    on conflict (role_code, menu_id) do nothing`.execute(db);
  await sql`insert into role_menu (role_code, menu_id, path)
    select m.role_code, 'ordersSetup.shipOrder', 'ordersSetup.shipOrder'
    from role_menu m join role r on r.code = m.role_code
    where m.path = 'ordersSetup.ownLineDeliveryConfirm' and r.data_scope <> 'company'
    on conflict (role_code, menu_id) do nothing`.execute(db);
}
