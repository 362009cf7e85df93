import { sql } from 'kysely';
import { DeliveryStatus, OrderApprovalStatus, ShipmentStatus } from '../../domain/codes/orders.codes';
import { ROLE } from '../../server/identity/roles';
import { documentNo, h, idOf, idRange, indexOfId, onDay, pick, staff, TODAY } from './scale-sql';
import { SCALE_TEXT } from './scale-text';

/**
 * The shipments of the scale orders, as the delivery service leaves them (docs, notes §4.5): one
 * shipment (FH…) per effective order that shipped, one row per line with what the line's
 * ShippedQuantity says, dispatched by the sales operations desk a few days after the order. A
 * shipment dispatched seven days ago or more was received — signed by the agent's contact within
 * three days, or confirmed by the auto-confirm job on the seventh (auto_confirmed) — and younger
 * ones await receipt, as the order's DeliveryStatus says (shipped, received).
 */

/** Days from the order to its dispatch: 1–5, and late enough that a "shipped" order's shipment is under seven days old. */
const dispatchOffset = sql`least(greatest(1 + ${h(41)} % 5, case when o.delivery_status = ${sql.lit(DeliveryStatus.shipped)}
    then (${TODAY} - o.order_date) - 6 else 0 end), ${TODAY} - o.order_date)::int`;

/** The batch's shipped lines with their order, shipment number and times. */
const shippedLines = (from: number, to: number) => sql`
  select o.*, i.object_id as item_id, i.line_no, i.product_code, i.quantity, p.name as product_name,
    (i.data->>'ShippedQuantity')::int as shipped, ${indexOfId(sql`i.object_id`)} as item_index,
    ${documentNo('FH', sql`o.order_date + o.offset_days`, sql`o.offset_days`, 8)} as shipment_no,
    (${TODAY} - o.order_date) - o.offset_days >= 7 as received
  from (select o.*, ${dispatchOffset} as offset_days,
      greatest(${onDay(sql`o.order_date + ${dispatchOffset}`, sql`32400 + ${h(42)} % 28800`)},
        coalesce((o.data->>'ApprovedOn')::timestamptz, o.created_at) + interval '2 hours') as dispatched_at,
      ${h(43)} % 10 < 7 as signed, (1 + ${h(44)} % 3)::int as sign_days,
      ${pick(SCALE_TEXT.logistics, sql`${h(45)}`)} as logistics
    from (select o.*, ${indexOfId(sql`o.object_id`)} as g from sales_order o
      where ${idRange(sql`o.object_id`, 'order', from, to)} and o.approval_status = ${sql.lit(OrderApprovalStatus.effective)}
        and o.delivery_status in (${sql.lit(DeliveryStatus.partlyShipped)}, ${sql.lit(DeliveryStatus.shipped)},
          ${sql.lit(DeliveryStatus.received)})) o) o
  -- Line j of order g is item g * 4 + j: read by primary key, whatever the planner knows of new rows.
  cross join generate_series(1, 4) j
  join order_item i on i.object_id = ${idOf(sql`o.g * 4 + j`, 'item')}
  left join product p on p.product_code = i.product_code
  where (i.data->>'ShippedQuantity')::int > 0`;

export const shipmentsStatement = (from: number, to: number) => sql`
  with ${staff}, s as (${shippedLines(from, to)}), ops as (select actor from staff where role_code = ${sql.lit(ROLE.salesOperations)})
  insert into shipment (object_id, version, shipment_no, order_id, order_no, order_channel, agent_name, order_item_id,
    line_no, product_code, quantity, logistics_company, tracking_no, ship_date, dispatched_at, shipment_status,
    signed_on, auto_confirmed, company_id, province_code, city_code, data, created_by, created_by_name,
    updated_by_name, created_at, updated_at)
  select ${idOf(sql`s.item_index`, 'shipment')}, case when received then 2 else 1 end, shipment_no, s.object_id,
    order_no, order_channel, agent_name, item_id, line_no, product_code, shipped, logistics,
    lpad((hashint8extended(g, 46) & 2147483647)::text, 12, '7'), (dispatched_at at time zone 'Asia/Shanghai')::date,
    dispatched_at, case when received then ${sql.lit(ShipmentStatus.received)} else ${sql.lit(ShipmentStatus.dispatched)} end,
    signed_at, received and not signed,
    s.company_id, s.province_code, s.city_code,
    jsonb_build_object('ProductModel', product_name, 'ShippedQuantity', shipped, 'OrderedQuantity', quantity,
      'SerialNumbers', '', 'DeliveryMethod', s.data->>'DeliveryMethod', 'ReceiverName', s.data->>'ReceiverName',
      'ReceiverPhone', s.data->>'ReceiverPhone', 'ReceiverAddress', s.data->>'ReceiverAddress',
      'PartnerOrderNo', s.data->>'PartnerOrderNo')
      || case when received and signed then jsonb_build_object('SignedBy', c.data->>'ContactName', 'ExceptionNote', null)
        else '{}'::jsonb end,
    (ops.actor->>'id')::uuid, ops.actor->>'name',
    case when received and signed then c.data->>'ContactName' else ops.actor->>'name' end,
    dispatched_at, coalesce(signed_at, dispatched_at)
  from s cross join ops left join customer c on c.object_id = s.company_id
  cross join lateral (select case when not received then null
    when signed then dispatched_at + make_interval(days => sign_days)
    else dispatched_at + interval '7 days' end as signed_at) t
  order by 1`;
