import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import { ExecutionOrderStatus } from '../../domain/codes/orders.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { VENDOR_ADMINISTRATORS } from '../../domain/roles';
import { SYSTEM_ACTOR } from '../../machines/workflows/actor';
import { planDraw } from '../../machines/workflows/special-price.rules';
import { specialPriceDeclaration } from '../../machines/workflows/special-price.workflow';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError, fieldMissing } from '../http/validate';
import { checkSeenOpportunity } from '../opportunities/seen-opportunity';
import { fenOf, yuanOf } from '../orders/pricing';
import { refreshExecutionOrders } from '../orders/pricing-execution-orders';
import { nextNumber } from '../resources/numbering';
import { resourceDef } from '../resources/registry';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import { subjectStreamId } from '../workflows/decisions';
import { dispatch } from '../workflows/engine';
import { applicantOf, specialPriceDef } from './special-price.service';

const RESOURCE = 'executionOrder';
/** The special price's states from which execution orders are drawn. */
const DRAWABLE = ['won', 'executing'];

interface DrawLine {
  id: string;
  line_no: number;
  product_code: string;
  approved_price: string;
  left: number;
}

/** What a person asks of one approved line: how many units, at what price (blank: the approved one). */
function requestsOf(body: Record<string, unknown>) {
  if (!Array.isArray(body.Lines) || !body.Lines.length) throw fieldMissing(RESOURCE, 'ExecuteQuantity');
  return body.Lines.map((line) => {
    const row = (line && typeof line === 'object' ? line : {}) as Record<string, unknown>;
    const code =
      typeof (row.ProductCode ?? row.pn) === 'string' ? String(row.ProductCode ?? row.pn).trim() : '';
    if (!code) throw fieldMissing(RESOURCE, 'pn');
    const quantity =
      typeof row.ExecuteQuantity === 'string' ? Number(row.ExecuteQuantity) : row.ExecuteQuantity;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 0 || quantity > 1_000_000)
      throw fieldError(RESOURCE, 'ExecuteQuantity', {
        key: 'server.input.problems.integerRange',
        params: { min: 0, max: 1_000_000 },
      });
    const blank = row.ExecutePrice === undefined || row.ExecutePrice === null || row.ExecutePrice === '';
    const priceFen = blank ? undefined : fenOf(row.ExecutePrice);
    if (!blank && priceFen === undefined)
      throw fieldError(RESOURCE, 'ExecutePrice', 'specialPrices.problems.price');
    return { code, quantity, priceFen };
  });
}

/**
 * The sales channel the body names (销售渠道): an enabled entry of its dictionary, which the execution
 * order list shows in words, or none; another code is refused naming the field.
 */
async function salesChannelOf(db: Db, value: unknown) {
  if (value === undefined || value === null || value === '') return null;
  const code = typeof value === 'string' ? value.trim() : '';
  const known = await sql<{ n: number }>`select count(*)::int as n from dictionary_entry
    where enabled and code = 'ExecutionOrderSalesChannel' and keyword = ${code.slice(0, 20)}`.execute(db);
  if (!code || !known.rows[0]?.n)
    throw new PortalError(400, 'server.unknownOption', {
      field: 'SalesChannel',
      resource: RESOURCE,
      value: String(value).slice(0, 20),
    });
  return code;
}

/**
 * Creates an execution order (ZX) from a won special price (notes §2.6 rule 7): quantities within what
 * each approved line has left, prices never below the approved price, within the price's validity.
 * The order's lines are what order entry draws down (execution_order_line), each naming the
 * special-price line it came from; the special price moves to executing, or executed when nothing is
 * left — one transaction.
 */
export async function createExecutionOrder(
  db: Db,
  caller: Caller,
  body: Record<string, unknown>,
  clock?: Clock,
) {
  const requests = requestsOf(body);
  return inTransaction(db, async (trx) => {
    const specialPriceId = String(body.SpecialPriceID ?? body.ObjectID ?? '');
    const salesChannel = await salesChannelOf(trx, body.SalesChannel);
    const price = await getRecord(trx, specialPriceDef(), caller, specialPriceId);
    const held = await sql<{ agent: string }>`select company_id::text as agent from record
      where object_id = ${specialPriceId} for update`.execute(trx);
    const applicant = await applicantOf(trx, specialPriceId);
    if (applicant.id !== caller.employeeId && !VENDOR_ADMINISTRATORS.includes(caller.roleCode))
      throw new PortalError(403, 'specialPrices.refusals.notApplicantSide');
    if (!DRAWABLE.includes(String(price.ApprovalState)))
      throw new PortalError(409, 'specialPrices.refusals.notWon', { no: price.ExtSpecialApprovalNo_SDK });
    const today = businessDay(clock?.at ?? new Date());
    const until = String(price.ExtValidUntil_SDK ?? '').slice(0, 10);
    if (!until || until < today)
      throw new PortalError(409, 'specialPrices.refusals.expired', {
        no: price.ExtSpecialApprovalNo_SDK,
        day: until,
      });
    // The execution order is its price's agent's and names its price's deal, which every order drawn
    // from it carries: a deal of that agent, by the rule an order's typed deal is checked by.
    await checkSeenOpportunity(trx, caller, price.ExtOpportunityNOText_SDK, RESOURCE, held.rows[0].agent);
    const lines = await sql<DrawLine>`select object_id::text as id, line_no, product_code,
        approved_price::text as approved_price, quantity - executed_quantity as left
      from special_price_line where special_price_id = ${specialPriceId} order by line_no for update`.execute(
      trx,
    );
    const byCode = new Map(lines.rows.map((l) => [l.product_code, l]));
    const plan = planDraw(
      lines.rows.map((l) => ({
        productCode: l.product_code,
        approvedFen: fenOf(l.approved_price)!,
        left: l.left,
      })),
      requests.map((r) => ({ productCode: r.code, quantity: r.quantity, priceFen: r.priceFen })),
    );
    if (!plan.ok) {
      if (plan.key === 'nothing') throw fieldMissing(RESOURCE, 'ExecuteQuantity');
      const price = byCode.get(String(plan.params.code))?.approved_price;
      throw fieldError(RESOURCE, plan.field, {
        key: `specialPrices.problems.${plan.key}`,
        params: { ...plan.params, price },
      });
    }
    const draws = plan.draws.map((d) => ({
      line: byCode.get(d.productCode)!,
      quantity: d.quantity,
      priceFen: d.priceFen,
    }));

    const at = clock?.at ?? new Date();
    const id = clock?.uuid() ?? randomUUID();
    const no = await nextNumber(trx, NUMBER_PREFIX.executionOrder, clock?.at);
    const data = {
      ExecutionOrderNo: no,
      Status: ExecutionOrderStatus.toExecute,
      OpportunityNo: price.ExtOpportunityNOText_SDK,
      OpportunityName: price.ExtOpportunityName_SDK,
      SpecialPriceNo: price.ExtSpecialApprovalNo_SDK,
      SpecialPriceID: specialPriceId,
      AgentName: price.AgentName,
      EndUserName: price.ExtOppCustomerName_SDK,
      SalesChannel: salesChannel,
      ValidUntil: until,
      Remark: typeof body.Remark === 'string' ? body.Remark.trim().slice(0, 500) : null,
    };
    await sql`insert into record (object_id, resource, data, company_id, province_code, city_code, created_at,
        updated_at, created_by, created_by_name, updated_by_name)
      select ${id}, ${RESOURCE}, ${JSON.stringify(data)}::jsonb, company_id, province_code, city_code, ${at}, ${at},
        ${caller.employeeId}, ${caller.lastName}, ${caller.lastName}
      from record where object_id = ${specialPriceId}`.execute(trx);
    let lineNo = 0;
    for (const draw of draws) {
      lineNo += 1;
      const taken =
        await sql`update special_price_line set executed_quantity = executed_quantity + ${draw.quantity}
        where object_id = ${draw.line.id} and executed_quantity + ${draw.quantity} <= quantity`.execute(trx);
      if (Number(taken.numAffectedRows ?? 0) !== 1)
        throw fieldError(RESOURCE, 'ExecuteQuantity', {
          key: 'specialPrices.problems.overQuantity',
          params: { code: draw.line.product_code, left: 0 },
        });
      await sql`insert into execution_order_line (object_id, execution_order_id, line_no, product_code, approved_price,
          approved_quantity, special_price_line_id)
        values (coalesce(${clock?.uuid() ?? null}::uuid, gen_random_uuid()), ${id}, ${lineNo}, ${draw.line.product_code},
          ${yuanOf(draw.priceFen)}, ${draw.quantity}, ${draw.line.id})`.execute(trx);
    }
    await refreshExecutionOrders(trx, [id], clock?.at);
    const left = await sql<{ n: number }>`select coalesce(sum(quantity - executed_quantity), 0)::int as n
      from special_price_line where special_price_id = ${specialPriceId}`.execute(trx);
    // The order that takes the last units ends the price. The system records it, in this transaction.
    const type = (left.rows[0]?.n ?? 0) === 0 ? 'execution.createLast' : 'execution.create';
    await dispatch(trx, {
      streamId: subjectStreamId(specialPriceDeclaration, specialPriceId),
      event: { type, executionOrderNo: no },
      actor: SYSTEM_ACTOR,
      at: clock?.at,
    });
    return getRecord(trx, resourceDef(RESOURCE)!, caller, id);
  });
}

/** The lines of an execution order: approved price and quantity, drawn and left. */
export async function executionOrderLines(db: Db, executionOrderId: string) {
  const rows = await sql<{
    line_no: number;
    product_code: string;
    approved_price: string;
    approved_quantity: number;
    drawn_quantity: number;
  }>`
    select line_no, product_code, approved_price::text, approved_quantity, drawn_quantity
    from execution_order_line where execution_order_id = ${executionOrderId} order by line_no`.execute(db);
  return rows.rows.map((r) => ({
    LineNo: r.line_no,
    ProductCode: r.product_code,
    ApprovedPrice: r.approved_price,
    ApprovedQuantity: r.approved_quantity,
    DrawnQuantity: r.drawn_quantity,
    RemainingQuantity: r.approved_quantity - r.drawn_quantity,
  }));
}
