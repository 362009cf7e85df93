import { sql } from 'kysely';
import { CustomerStatus } from '../../domain/codes/customers.codes';
import {
  DeliveryStatus,
  OrderApprovalStatus,
  OrderChannel,
  OrderStatus,
  OrderType,
  SyncStatus,
} from '../../domain/codes/orders.codes';
import { InvoicingStatus, ItemPaymentStatus, PaymentStatus } from '../../domain/codes/payments.codes';
import { ROLE } from '../../server/identity/roles';
import type { EntryForm } from '../../server/orders/order-entry.rules';
import { keywordsOf } from '../../server/reference/dictionaries.data';
import { cityShort, provinces } from '../../server/reference/regions.data';
import { approvalFields, approvalPath, bands, chainOf } from './scale-approvals';
import { type Fragment, h, idOf, list, moneyText, pick, SEQ_BASE, SPAN_DAYS, TODAY, when } from './scale-sql';

/** The place name end customers of a city carry (cityShort), for the agent's city. */
const PLACE_OF_CITY = provinces.flatMap((p) => p.cities.map((c) => ({ code: c.code, place: cityShort(c) })));
const BRANDS = list([...'宏锐华恒卓嘉瑞鼎博盛启融睿弘泰通远汇天中新创科联铭智云'.split('')]);
const MARKS = list([...'图达拓信泰科源辰晟宇诚顺驰联川和越阳凌航峰尚景'.split('')]);
const TRADES = list([
  '信息技术',
  '网络科技',
  '医疗集团',
  '教育科技',
  '能源',
  '制造',
  '物流',
  '城建投资',
  '商贸',
  '新材料',
]);

/** The same for item j of the order. */
const hi = (n: number) => sql`(hashint8extended(c.g * 4 + j, ${sql.lit(n)}) & 2147483647)`;
/** Agents and products as arrays (one row), so each order or item picks one by index. */
const lookups = sql`
  ag as (
    select array_agg(object_id order by account_id) as ids, array_agg(name order by account_id) as names,
      array_agg(province_code order by account_id) as provinces, array_agg(city_code order by account_id) as cities,
      array_agg(coalesce(data->>'ProvinceName', '') order by account_id) as province_names, count(*) as n
    from customer where status in (${sql.lit(CustomerStatus.active)}, ${sql.lit(CustomerStatus.renewalDue)})
  ),
  pa as (
    select array_agg(product_code order by product_code) as codes, array_agg(standard_price order by product_code) as prices,
      array_agg(coalesce(data->>'ProductModel', name) order by product_code) as models, count(*) as n
    from product
  ),
  places as (select * from jsonb_to_recordset(${JSON.stringify(PLACE_OF_CITY)}::jsonb) as x(code text, place text))`;

/**
 * Every attribute of order g that does not depend on its items, from hashes of g: date and number,
 * agent (and its scope), line, type and the four status dimensions.
 */
function core(from: number, to: number) {
  return sql`
    select g, day, id, order_no, at, agent_id, agent_name, province_code, city_code, province_name, lines,
      channel, order_type, approval, payment, delivery, synch, h1, h3, h4,
      coalesce(pl.place, '') || ${pick(BRANDS, sql`${h(6)} / 7`)} || ${pick(MARKS, sql`${h(6)} / 211`)}
        || ${pick(TRADES, sql`${h(6)} / 5903`)} || '有限公司' as end_user
    from generate_series(${sql.lit(from)}::bigint, ${sql.lit(to - 1)}::bigint) as g
    cross join ag
    cross join lateral (select ${h(1)} as h1, ${h(3)} as h3, ${h(4)} as h4,
      ${TODAY} - (g % ${sql.lit(SPAN_DAYS)})::int as day) hs
    cross join lateral (select 1 + (h1 % ag.n)::int as ai) pickA
    cross join lateral (select
      ${idOf(sql`g`, 'order')} as id,
      'DD' || to_char(day, 'YYYYMMDD') || (${sql.lit(SEQ_BASE)} + g / ${sql.lit(SPAN_DAYS)})::text as order_no,
      (day + make_interval(secs => 30600 + ${h(2)} % 36000)) at time zone 'Asia/Shanghai' as at,
      ag.ids[ai] as agent_id, ag.names[ai] as agent_name, ag.provinces[ai] as province_code,
      ag.cities[ai] as city_code, ag.province_names[ai] as province_name,
      2 + (h3 % 3)::int as lines,
      case when h1 % 10 < 7 then ${sql.lit(OrderChannel.ownLine)} else ${sql.lit(OrderChannel.partnerLine)} end as channel,
      -- Partner-line orders arrive approved (synced); own-line ones are at every stage.
      case when h1 % 10 >= 7
        then ${when(sql`(h3 / 8) % 100`, [[97, OrderApprovalStatus.effective]], OrderApprovalStatus.cancelled)}
        else ${when(
          sql`(h3 / 8) % 100`,
          [
            [85, OrderApprovalStatus.effective],
            [89, OrderApprovalStatus.awaitingReview],
            [92, OrderApprovalStatus.draft],
            [96, OrderApprovalStatus.rejected],
          ],
          OrderApprovalStatus.cancelled,
        )} end as approval) a
    cross join lateral (select
      case when channel = ${sql.lit(OrderChannel.partnerLine)} then ${sql.lit(OrderType.partnerSynced)}
        else ${pick(
          list([
            OrderType.standard,
            OrderType.standard,
            OrderType.standard,
            OrderType.specialPrice,
            OrderType.service,
            OrderType.loanToSale,
          ]),
          sql`h3 / 1024`,
        )} end as order_type,
      case when approval <> ${sql.lit(OrderApprovalStatus.effective)} then ${sql.lit(PaymentStatus.unpaid)}
        else ${when(
          sql`h4 % 100`,
          [
            [62, PaymentStatus.paid],
            [80, PaymentStatus.partlyPaid],
            [98, PaymentStatus.unpaid],
          ],
          PaymentStatus.paid,
        )} end as payment,
      case when approval <> ${sql.lit(OrderApprovalStatus.effective)} then ${sql.lit(DeliveryStatus.notShipped)}
        else ${when(
          sql`(h4 / 128) % 100`,
          [
            [50, DeliveryStatus.received],
            [75, DeliveryStatus.shipped],
            [85, DeliveryStatus.partlyShipped],
          ],
          DeliveryStatus.notShipped,
        )} end as shipping,
      case when channel = ${sql.lit(OrderChannel.ownLine)} then null
        else ${when(
          sql`(h1 / 16) % 100`,
          [
            [90, SyncStatus.success],
            [94, SyncStatus.fail],
            [97, SyncStatus.pending],
          ],
          SyncStatus.processing,
        )} end as synch) b
    -- What was shipped is received within a week (the agent signs, or the auto-confirm job does):
    -- only an order of the last twelve days may still have its goods on the way.
    cross join lateral (select case when shipping in (${sql.lit(DeliveryStatus.shipped)}, ${sql.lit(DeliveryStatus.received)})
      then case when day > ${TODAY} - 12 then ${sql.lit(DeliveryStatus.shipped)} else ${sql.lit(DeliveryStatus.received)} end
      else shipping end as delivery) d
    left join places pl on pl.code = a.city_code
    offset 0`;
}

/** The items of order c (2–4, 3 on average): product, quantity and a unit price 80–100% of the standard price. */
const items = sql`
  select j, pa.codes[k] as product_code, pa.models[k] as model, pa.prices[k] as standard_price,
    1 + (${hi(11)} % 20)::int as quantity,
    round(pa.prices[k] * (80 + ${hi(12)} % 21) / 100, 2) as unit_price
  from generate_series(1, c.lines) as j
  cross join lateral (select 1 + (${hi(13)} % pa.n)::int as k) pk
  offset 0`;

/** What of a line is shipped: all of it, or for a partly shipped order the first line and half of the others. */
const shippedOf = (delivery: Fragment, line: Fragment, quantity: Fragment) =>
  sql`case ${delivery} when ${sql.lit(DeliveryStatus.notShipped)} then 0
    when ${sql.lit(DeliveryStatus.partlyShipped)} then case when ${line} = 1 then ${quantity} else ${quantity} / 2 end
    else ${quantity} end`;

/**
 * The orders [from, to) with what their payments, invoices, shipments and approval made of them, as the
 * services write it on the order (scale-payments.ts, scale-shipments.ts, scale-approvals.ts make those
 * documents from these figures): paid in full or in part (PaidAmount), invoiced up to what is paid
 * (InvoicedAmount; fully only when fully paid), shipped units (ShippedQuantity), and the approval's
 * projection (ApprovalState, ApprovalNode, ApproverRole, SubmittedOn, ApprovedOn).
 */
export function ordersStatement(from: number, to: number) {
  return sql`
    with ${lookups}, ${bands},
    manager as (select province_code, min(last_name) as name from employee
      where role_code = ${sql.lit(ROLE.cityManager)} group by province_code)
    insert into sales_order (object_id, created_at, updated_at, created_by_name, updated_by_name, company_id,
      province_code, city_code, data, order_no, order_channel, order_type, agent_name, end_user_name,
      contract_no, order_date, order_amount, approval_status, payment_status, delivery_status,
      invoicing_status, synch_state, city_manager_name)
    select c.id, c.at, c.at, c.agent_name, c.agent_name, c.agent_id, c.province_code, c.city_code,
      jsonb_build_object('PaidAmount', ${moneyText(sql`paid`)}, 'UnpaidAmount', ${moneyText(sql`greatest(amount - paid, 0)`)},
        'PayableAmount', ${moneyText(sql`amount`)},
        'OrderStatus', case when approval in (${sql.lit(OrderApprovalStatus.rejected)}, ${sql.lit(OrderApprovalStatus.cancelled)})
            then ${sql.lit(OrderStatus.closed)}
          when delivery = ${sql.lit(DeliveryStatus.received)} and payment = ${sql.lit(PaymentStatus.paid)}
            and invoicing = ${sql.lit(InvoicingStatus.invoiced)} then ${sql.lit(OrderStatus.completed)}
          else ${sql.lit(OrderStatus.inProgress)} end,
        'SalesIndustry', ${pick(list(keywordsOf('SalesIndustry')), sql`h3 / 77`)},
        'PaymentMethod', ${pick(list(keywordsOf('PaymentMethod')), sql`h4 / 99`)},
        'Priority', ${pick(list(keywordsOf('Priority')), sql`h1 / 999`)})
        || jsonb_build_object('InvoicedAmount', ${moneyText(sql`invoiced`)}, 'ShippedQuantity', shipped)
        || ${approvalFields} || ${entryPageOf(sql`c.order_type`)},
      c.order_no, c.channel, c.order_type, c.agent_name, c.end_user,
      'HT' || to_char(c.day, 'YYYY') || lpad((h3 % 1000000)::text, 6, '0'), c.day, amount,
      c.approval, c.payment, c.delivery, invoicing, c.synch, m.name
    from (${core(from, to)}) c
    cross join pa
    cross join lateral (select sum(quantity * unit_price) as amount,
      sum(${shippedOf(sql`c.delivery`, sql`i.j`, sql`i.quantity`)})::int as shipped from (${items}) i) t
    cross join lateral (select case
      when payment = ${sql.lit(PaymentStatus.paid)} then ${when(
        sql`(h4 / 16384) % 100`,
        [
          [70, InvoicingStatus.invoiced],
          [85, InvoicingStatus.partlyInvoiced],
        ],
        InvoicingStatus.notInvoiced,
      )}
      when payment = ${sql.lit(PaymentStatus.partlyPaid)}
        then case when h4 % 2 = 0 then ${sql.lit(InvoicingStatus.partlyInvoiced)} else ${sql.lit(InvoicingStatus.notInvoiced)} end
      else ${sql.lit(InvoicingStatus.notInvoiced)} end as invoicing,
      case payment when ${sql.lit(PaymentStatus.paid)} then amount
        when ${sql.lit(PaymentStatus.partlyPaid)} then round(amount * (20 + (h4 / 7) % 60) / 100, 2) else 0 end as paid) p
    -- Invoiced up to what is confirmed paid: all of a paid order, or a part of what was paid.
    cross join lateral (select case when invoicing = ${sql.lit(InvoicingStatus.invoiced)} then amount
      when invoicing = ${sql.lit(InvoicingStatus.notInvoiced)} then 0
      when payment = ${sql.lit(PaymentStatus.paid)} then round(amount * (30 + (h4 / 11) % 60) / 100, 2)
      else round(paid * (50 + (h4 / 13) % 50) / 100, 2) end as invoiced) v
    cross join lateral (select case when c.channel = ${sql.lit(OrderChannel.ownLine)} and c.approval <> ${sql.lit(OrderApprovalStatus.draft)}
      then ${chainOf(sql`c.order_type`, sql`amount`)} end as chain) ch
    cross join lateral (${approvalPath}) ap
    left join manager m on m.province_code = c.province_code
    order by c.at`;
}

/**
 * The entry form an order records (EntryPage), as order entry writes it: 自建订单查询 lists the
 * standard orders of the self-built form. Loan-to-sale orders come from a loan, partner orders from the
 * pull: neither has one.
 */
const ENTRY_PAGE_OF_TYPE: Record<string, EntryForm> = {
  [OrderType.standard]: 'ordersSetup.selfBuiltOrder',
  [OrderType.specialPrice]: 'ordersSetup.specialAdd',
  [OrderType.service]: 'ordersSetup.serviceOrderNew',
};

function entryPageOf(orderType: Fragment) {
  const cases = Object.entries(ENTRY_PAGE_OF_TYPE).map(
    ([type, form]) => sql`when ${sql.lit(type)} then jsonb_build_object('EntryPage', ${sql.lit(form)}::text)`,
  );
  return sql`case ${orderType} ${sql.join(cases, sql` `)} else '{}'::jsonb end`;
}

export function itemsStatement(from: number, to: number) {
  return sql`
    with ${lookups}
    insert into order_item (object_id, created_at, updated_at, created_by_name, updated_by_name, company_id,
      province_code, city_code, data, order_id, order_no, line_no, product_code, quantity, standard_price,
      unit_price, line_amount)
    select ${idOf(sql`c.g * 4 + i.j`, 'item')}, c.at, c.at, c.agent_name, c.agent_name, c.agent_id,
      c.province_code, c.city_code,
      jsonb_build_object('OrderChannel', c.channel, 'OrderDate', to_char(c.day, 'YYYY-MM-DD'),
        'AgentName', c.agent_name, 'EndUserName', c.end_user, 'CustomerName', c.end_user,
        'ProvinceName', c.province_name, 'ProductModel', i.model,
        'LineAmount', (i.quantity * i.unit_price)::text,
        'ShippedQuantity', ${shippedOf(sql`c.delivery`, sql`i.j`, sql`i.quantity`)},
        'ItemPaymentStatus', case c.payment when ${sql.lit(PaymentStatus.unpaid)} then ${sql.lit(ItemPaymentStatus.unpaid)}
          when ${sql.lit(PaymentStatus.partlyPaid)} then ${sql.lit(ItemPaymentStatus.partlyPaid)} else ${sql.lit(ItemPaymentStatus.paid)} end),
      c.id, c.order_no, i.j, i.product_code, i.quantity, i.standard_price, i.unit_price, i.quantity * i.unit_price
    from (${core(from, to)}) c
    cross join pa
    cross join lateral (${items}) i
    order by c.at`;
}
