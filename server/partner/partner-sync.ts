import { sql } from 'kysely';
import {
  DeliveryStatus,
  OrderApprovalStatus,
  OrderChannel,
  OrderStatus,
  OrderType,
  SyncStatus,
} from '../../domain/codes/orders.codes';
import { InvoicingStatus, ItemPaymentStatus, PaymentStatus } from '../../domain/codes/payments.codes';
import { fenToYuanString } from '../../domain/money';
import { NUMBER_PREFIX } from '../../domain/numbering';
import type { Db } from '../db/database';
import { orderCityManager } from '../orders/order-references';
import { keepOrderFigures } from '../reports/order-month-figures';
import { nextNumber } from '../resources/numbering';
import { zh } from './feed-pull.kit';
import { ERROR_TYPE, type PartnerOrder, type Refusal } from './partner-order.check';

/** Synced orders (notes §4.1 PARTNER_SYNC): the partner's line, its order type, approved upstream. */
const PARTNER_CHANNEL = OrderChannel.partnerLine;
const PARTNER_TYPE = OrderType.partnerSynced;
const EFFECTIVE = OrderApprovalStatus.effective;
const BY = 'SYS';

export type SyncOutcome = 'created' | 'updated' | 'unchanged';

const amountFen = (order: PartnerOrder) => order.lines.reduce((sum, l) => sum + l.quantity * l.unitFen, 0);

async function insertLines(
  trx: Db,
  orderId: string,
  orderNo: string,
  order: PartnerOrder,
  at: Date,
  uuid?: () => string,
) {
  for (const line of order.lines) {
    const lineFen = line.quantity * line.unitFen;
    await sql`insert into order_item (object_id, order_id, order_no, line_no, product_code, quantity, standard_price,
        unit_price, line_amount, company_id, province_code, city_code, created_by_name, updated_by_name,
        created_at, updated_at, data)
      values (coalesce(${uuid?.() ?? null}::uuid, gen_random_uuid()), ${orderId}, ${orderNo}, ${line.lineNo}, ${line.productCode}, ${line.quantity}, ${line.standardPrice},
        ${fenToYuanString(line.unitFen)}, ${fenToYuanString(lineFen)}, ${order.agent.id}, ${order.agent.provinceCode},
        ${order.agent.cityCode}, ${BY}, ${BY}, ${at}, ${at}, ${JSON.stringify({
          OrderChannel: PARTNER_CHANNEL,
          OrderDate: order.orderDate,
          AgentName: order.agent.name,
          ...(order.endUser ? { EndUserName: order.endUser, CustomerName: order.endUser } : {}),
          ProductName: line.productName,
          ...(line.productModel ? { ProductModel: line.productModel } : {}),
          LineAmount: fenToYuanString(lineFen),
          ShippedQuantity: 0,
          ItemPaymentStatus: ItemPaymentStatus.unpaid,
        })}::jsonb)`.execute(trx);
  }
}

/** The header's own fields of a synced order: amounts computed from the partner's lines, in fen. */
function headerData(order: PartnerOrder, at: Date) {
  const total = fenToYuanString(amountFen(order));
  return {
    PartnerOrderNo: order.partnerOrderNo,
    // Shown as 总代名称 on 合作品牌总代订单查询.
    DistributorName: order.agent.distributorName,
    PayableAmount: total,
    PaidAmount: '0.00',
    UnpaidAmount: total,
    InvoicedAmount: '0.00',
    OrderStatus: OrderStatus.inProgress,
    SynchTime: at.toISOString(),
  };
}

/**
 * Takes one checked partner order in the caller's transaction. A new partner order number becomes a
 * synced order (DD number, read-only header and lines, effective, nothing paid, shipped or invoiced).
 * A number seen before is the same order again: unchanged, it is left alone; changed, it replaces
 * header and lines while the portal has tracked nothing on it yet, else the change is refused (logged).
 */
export async function syncPartnerOrder(
  trx: Db,
  order: PartnerOrder,
  at: Date,
  previousPayload: string | null,
  payload: string,
  /** Ids for the new rows (the demo seed's, so the same seed gives the same data); random otherwise. */
  uuid?: () => string,
): Promise<{ outcome: SyncOutcome; orderId: string } | Refusal> {
  const existing = await sql<{ id: string; no: string; tracked: boolean }>`
    select object_id::text as id, order_no as no,
      (payment_status <> ${PaymentStatus.unpaid} or delivery_status <> ${DeliveryStatus.notShipped} or invoicing_status <> ${InvoicingStatus.notInvoiced}) as tracked
    from sales_order where order_channel = ${PARTNER_CHANNEL} and data->>'PartnerOrderNo' = ${order.partnerOrderNo}
    for update`.execute(trx);
  const found = existing.rows[0];
  const total = fenToYuanString(amountFen(order));
  if (found && previousPayload === payload) return { outcome: 'unchanged', orderId: found.id };
  if (found?.tracked)
    return { type: ERROR_TYPE.other, key: 'changedAfterTracking', params: { orderNo: found.no } };
  // A synced order counts toward a city manager by the rule every order does: the partner names none,
  // so it takes the manager configured for its agent's city now, as a special-price order does when
  // entered or edited (a changed partner order follows its agent's city's manager again).
  const cityManager = await orderCityManager(trx, order.agent, undefined, at);
  if (found) {
    await sql`update sales_order set agent_name = ${order.agent.name}, end_user_name = ${order.endUser},
        contract_no = ${order.contractNo}, order_date = ${order.orderDate}, order_amount = ${total},
        company_id = ${order.agent.id}, province_code = ${order.agent.provinceCode}, city_code = ${order.agent.cityCode},
        city_manager_name = ${cityManager},
        data = data || ${JSON.stringify(headerData(order, at))}::jsonb,
        version = version + 1, updated_at = ${at}, updated_by_name = ${BY}
      where object_id = ${found.id}`.execute(trx);
    await sql`delete from order_item where order_id = ${found.id}`.execute(trx);
    await insertLines(trx, found.id, found.no, order, at, uuid);
    await keepOrderFigures(trx, [found.id]);
    return { outcome: 'updated', orderId: found.id };
  }
  // Numbered by the partner's order date, as every order is numbered by its own (DD<order date><sequence>).
  const orderNo = await nextNumber(trx, NUMBER_PREFIX.order, new Date(`${order.orderDate}T12:00:00+08:00`));
  const inserted = await sql<{
    id: string;
  }>`insert into sales_order (object_id, order_no, order_channel, order_type,
      agent_name, end_user_name, contract_no, order_date, order_amount, approval_status, payment_status,
      delivery_status, invoicing_status, synch_state, company_id, province_code, city_code, city_manager_name,
      created_by_name, updated_by_name, created_at, updated_at, data)
    values (coalesce(${uuid?.() ?? null}::uuid, gen_random_uuid()), ${orderNo}, ${PARTNER_CHANNEL}, ${PARTNER_TYPE}, ${order.agent.name}, ${order.endUser}, ${order.contractNo},
      ${order.orderDate}, ${total}, ${EFFECTIVE}, ${PaymentStatus.unpaid}, ${DeliveryStatus.notShipped}, ${InvoicingStatus.notInvoiced}, ${sql.lit(SyncStatus.success)},
      ${order.agent.id}, ${order.agent.provinceCode}, ${order.agent.cityCode}, ${cityManager}, ${BY}, ${BY}, ${at}, ${at},
      ${JSON.stringify(headerData(order, at))}::jsonb)
    returning object_id::text as id`.execute(trx);
  const orderId = inserted.rows[0].id;
  await insertLines(trx, orderId, orderNo, order, at, uuid);
  await keepOrderFigures(trx, [orderId]);
  return { outcome: 'created', orderId };
}

/** The original-data row of a partner order: its raw payload as received, and what became of it. */
export async function keepOriginal(
  trx: Db,
  values: {
    partnerOrderNo: string;
    batchNo: string;
    at: Date;
    payload: string;
    order: PartnerOrder | null;
    orderId: string | null;
    state: SyncStatus;
    message: string | null;
  },
) {
  const { order } = values;
  const first = order?.lines[0];
  // The list row shows the first line; every line's product and quantity are kept as the partner sent them.
  const data = order
    ? {
        PartnerCustomerCode: order.agent.code,
        PartnerCustomerName: order.agent.name,
        OrderDate: order.orderDate,
        ProductCode: first?.productCode,
        ProductModel: first?.productModel ?? undefined,
        Quantity: first?.quantity,
        UnitPrice: first ? fenToYuanString(first.unitFen) : undefined,
        Lines: order.lines.map((l) => ({
          LineNo: l.lineNo,
          ProductCode: l.productCode,
          Quantity: l.quantity,
          UnitPrice: fenToYuanString(l.unitFen),
        })),
        LineDetails: order.lines
          .map((l) => zh('original.line', { line: l.lineNo, code: l.productCode, quantity: l.quantity }))
          .join(zh('original.separator')),
      }
    : {};
  await sql`insert into partner_original_order (partner_order_no, batch_no, pull_time, order_id, synch_state,
      error_message, raw_payload, company_id, province_code, city_code, created_by_name, updated_by_name,
      created_at, updated_at, data)
    values (${values.partnerOrderNo}, ${values.batchNo}, ${values.at}, ${values.orderId}, ${values.state},
      ${values.message}, ${values.payload}, ${order?.agent.id ?? null}, ${order?.agent.provinceCode ?? null},
      ${order?.agent.cityCode ?? null}, ${BY}, ${BY}, ${values.at}, ${values.at}, ${JSON.stringify(data)}::jsonb)
    on conflict (partner_order_no) do update set batch_no = excluded.batch_no, pull_time = excluded.pull_time,
      order_id = coalesce(excluded.order_id, partner_original_order.order_id),
      synch_state = excluded.synch_state, error_message = excluded.error_message,
      raw_payload = case when excluded.synch_state = ${sql.lit(SyncStatus.success)} then excluded.raw_payload
        else partner_original_order.raw_payload end,
      company_id = coalesce(excluded.company_id, partner_original_order.company_id),
      data = partner_original_order.data || excluded.data,
      version = partner_original_order.version + 1, updated_at = excluded.updated_at`.execute(trx);
}
