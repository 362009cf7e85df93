import { sql } from 'kysely';
import { pagesOpenedBy } from '../../catalogue/page-actions';
import { CustomerStatus, CustomerType } from '../../domain/codes/customers.codes';
import { OrderType } from '../../domain/codes/orders.codes';
import { CashDiscountType } from '../../domain/codes/payments.codes';
import type { Db } from '../db/database';
import { allowedPageIds } from '../http/access';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import { isSystemAdmin } from '../identity/roles';
import { resourceDef } from '../resources/registry';
import { baseConditions } from '../resources/search';
import { lineError, type PricedLine } from './order-lines';
import { cashDiscountFen, fenOf } from './pricing';

/** The four entry forms (catalogue/ordersSetup.pages.ts) and the order type each one enters. */
export const ENTRY_FORMS = {
  'ordersSetup.selfBuiltOrder': { type: OrderType.standard },
  'ordersSetup.specialAdd': { type: OrderType.specialPrice },
  'ordersSetup.serviceOrderNew': { type: OrderType.service },
  'ordersSetup.rspHardwareOrderNew': { type: OrderType.standard },
} as const;
export type EntryForm = keyof typeof ENTRY_FORMS;

/**
 * An entry form is used only by whom its page is open to: a menu with the self-built form cannot enter
 * special-price orders, nor ask whom an order of that form may name.
 */
export async function checkEntryFormOpen(db: Db, caller: Caller, pageId: unknown) {
  if (typeof pageId !== 'string' || !Object.hasOwn(ENTRY_FORMS, pageId) || isSystemAdmin(caller.roleCode))
    return;
  const open = pagesOpenedBy(await allowedPageIds(db, caller.roleCode));
  if (!open.has(pageId)) throw new PortalError(403, 'server.actionNotOffered');
}

/** Agents that may order: active, or active and due for renewal (dictionary CustomerStatus). */
export const ORDERING = new Set<string>([CustomerStatus.active, CustomerStatus.renewalDue]);
export const RSP = CustomerType.rsp;

export interface Agent {
  id: string;
  name: string;
  type: string;
  provinceCode: string | null;
  cityCode: string | null;
}

/**
 * The agent an order is for, read through the caller's scope: agent staff order for their own
 * company only; vendor staff for an agent they see. The order takes the agent's company, province
 * and city, so the agent and its managers see it.
 */
export async function agentFor(trx: Db, caller: Caller, name: string): Promise<Agent> {
  const def = resourceDef('customer')!;
  const where = sql.join([...baseConditions(def, caller), sql<boolean>`t.name = ${name}`], sql` and `);
  const found = await sql<Agent & { status: string }>`select t.object_id::text as id, t.name,
      t.customer_type as type, t.status, t.province_code as "provinceCode", t.city_code as "cityCode"
    from customer t where ${where} order by t.created_at limit 1`.execute(trx);
  const agent = found.rows[0];
  if (!agent) throw new PortalError(404, 'server.recordNotFound');
  if (caller.dataScope === 'company' && agent.id !== caller.companyId)
    throw new PortalError(403, 'ordersEntry.otherCompany');
  if (!ORDERING.has(agent.status)) throw fieldError('order', 'AgentName', 'ordersEntry.agentNotActive');
  return agent;
}

/** Another order of the caller's scope, by number: a service order names the hardware order it serves. */
export async function relatedOrderProducts(trx: Db, caller: Caller, orderNo: string, agentId: string) {
  const def = resourceDef('order')!;
  const where = sql.join([...baseConditions(def, caller), sql<boolean>`t.order_no = ${orderNo}`], sql` and `);
  const found = await sql<{ id: string; company_id: string | null }>`select t.object_id::text as id,
      t.company_id::text as company_id from sales_order t where ${where}`.execute(trx);
  const order = found.rows[0];
  if (!order) throw new PortalError(404, 'server.recordNotFound');
  if (order.company_id !== agentId)
    throw fieldError('order', 'RelatedOrderNo', 'ordersEntry.service.otherAgent');
  const items = await sql<{ product_code: string }>`select distinct product_code from order_item
    where order_id = ${order.id} and product_code is not null`.execute(trx);
  return new Set(items.rows.map((r) => r.product_code));
}

/**
 * Service orders (SPEC §2 service-to-product constraints, controlled part numbers): every line is a
 * service part whose enabled constraint row has the order's service type (and warranty, if chosen)
 * and covers a product of the related hardware order; a controlled part number — as a line or as
 * the product it covers — is sold only with the service type its row allows.
 */
export async function checkServiceLines(
  trx: Db,
  caller: Caller,
  header: Record<string, unknown>,
  lines: PricedLine[],
  agentId: string,
) {
  const serviceType = String(header.ServiceType ?? '');
  const warranty = header.WarrantyService ? String(header.WarrantyService) : undefined;
  const hardware = await relatedOrderProducts(trx, caller, String(header.RelatedOrderNo), agentId);
  const codes = lines.map((l) => l.productCode);
  const constraints = await sql<{
    service: string;
    product: string;
    type: string | null;
    warranty: string | null;
  }>`
    select data->>'ServicePn' as service, data->>'pn' as product, data->>'ExtConstraintServiceType_SDK' as type,
      data->>'ExtWarrantyService_SDK' as warranty
    from record where resource = 'serviceProductConstraint' and data->>'Enabled' = 'true'
      and data->>'ServicePn' in (${sql.join(codes)})`.execute(trx);
  const covered = new Map<string, string>();
  for (const line of lines) {
    const fits = constraints.rows.filter(
      (c) =>
        c.service === line.productCode &&
        c.type === serviceType &&
        (!warranty || !c.warranty || c.warranty === warranty),
    );
    if (!fits.length)
      throw lineError(line.lineNo, 'ProductCode', 'ordersEntry.service.noConstraint', {
        code: line.productCode,
      });
    const onOrder = fits.find((c) => hardware.has(c.product));
    if (!onOrder)
      throw lineError(line.lineNo, 'ProductCode', 'ordersEntry.service.notOnRelatedOrder', {
        code: line.productCode,
      });
    covered.set(line.productCode, onOrder.product);
  }
  const parts = [...new Set([...codes, ...covered.values()])];
  const controlled = await sql<{ part: string; type: string | null }>`
    select data->>'PartNumber' as part, data->>'ServiceType' as type from record
    where resource = 'controlledPart' and data->>'Enabled' = 'true' and data->>'PartNumber' in (${sql.join(parts)})`.execute(
    trx,
  );
  // A part may be listed for several service types: it is sold with any of them, and with no other.
  const allowedTypes = new Map<string, Set<string | null>>();
  for (const c of controlled.rows)
    allowedTypes.set(c.part, (allowedTypes.get(c.part) ?? new Set()).add(c.type));
  for (const line of lines) {
    const refused = [line.productCode, covered.get(line.productCode)].find((part) => {
      const types = part === undefined ? undefined : allowedTypes.get(part);
      return types !== undefined && !types.has(serviceType);
    });
    if (refused)
      throw lineError(line.lineNo, 'ProductCode', 'ordersEntry.service.controlledPart', { code: refused });
  }
}

/**
 * The RSP cash discount an RSP hardware order carries (notes §4.9): the agent's enabled configuration
 * row valid on the order date whose threshold the amount reaches, at its rate; none where the row
 * says "not applicable" or there is no row.
 */
export async function rspCashDiscountFen(trx: Db, agentName: string, orderDate: string, amountFen: bigint) {
  const rows = await sql<{ rate: string | null; threshold: string | null }>`
    select data->>'DiscountRate' as rate, data->>'ThresholdAmount' as threshold from record
    where resource = 'cashDiscountConfig' and data->>'AgentName' = ${agentName} and data->>'Enabled' = 'true'
      and coalesce(data->>'DiscountType', '') <> ${sql.lit(CashDiscountType.notApplicable)}
      and coalesce(data->>'StartDate', '0000') <= ${orderDate} and coalesce(data->>'EndDate', '9999') >= ${orderDate}
    order by (data->>'DiscountRate')::numeric desc nulls last`.execute(trx);
  for (const row of rows.rows) {
    const threshold = row.threshold ? (fenOf(row.threshold) ?? 0n) : 0n;
    if (amountFen >= threshold) return cashDiscountFen(amountFen, Number(row.rate ?? 0));
  }
  return 0n;
}
