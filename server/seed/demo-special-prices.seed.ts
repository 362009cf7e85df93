import { sql } from 'kysely';
import { OpportunityStatus } from '../../domain/codes/opportunities.codes';
import { DeliveryMethod, ExecutionOrderSalesChannel } from '../../domain/codes/orders.codes';
import { PaymentMethod } from '../../domain/codes/payments.codes';
import { Brand } from '../../domain/codes/products.codes';
import type { Db } from '../db/database';
import { addItem } from '../opportunities/opportunity-items.service';
import { searchOpportunityProducts } from '../opportunities/opportunity-products';
import { createOrder } from '../orders/order-entry.service';
import { yuanOf } from '../orders/pricing';
import { createExecutionOrder } from '../special-prices/execution-order.service';
import { saveSpecialPrice, WORKFLOW } from '../special-prices/special-price.service';
import { DEMO_SEED } from './demo-data.seed';
import { as, at, clockAt, commandsTo } from './kit';
import { DEMO_TODAY, Random } from './random';
import { formTexts, storyTable } from './story-data';

/** The demo's special prices, each at a share of the standard price and how far it gets (stories/special-prices.tsv). */
const PLAN = storyTable('special-prices').map((p) => ({
  outcome: p.outcome,
  percent: Number(p.percent),
  quantity: Number(p.quantity),
}));

/** What the demo RSP writes on each request (stories/form-texts.tsv). */
const REQUEST = { Brand: Brand.ownBrand, ...formTexts('specialPriceRequest') };

/** The special-price order form's own fields, as the demo RSP fills them in. */
const ORDER = {
  PageID: 'ordersSetup.specialAdd',
  ContractNo: 'HT2026111501',
  OrderDate: DEMO_TODAY,
  PaymentMethod: PaymentMethod.wireTransfer,
  DeliveryMethod: DeliveryMethod.directFromVendor,
  ...formTexts('specialPriceReceiver'),
};

/** The catalogue products of a product line (not its configurations, not the services of every line). */
async function lineProducts(db: Db, line: string) {
  const found = await searchOpportunityProducts(db, { ProductLine: line, currentPage: 1, pageSize: 100 });
  return found.rows.filter((p) => !p.Configuration && p.ProductLine === line);
}

/**
 * Special prices entered through the same services a person uses (docs/special-prices.md), on the
 * seed's clock: the demo RSP asks on its protected opportunities; the province manager approves one
 * (valid, bid result pending), one waits in approval, one is won, drawn by an execution order for
 * every approved unit and then entered as a special-price order that takes them all (executed), and
 * one deeper than 95 % waits for the region manager after the province manager agreed.
 */
export async function seedSpecialPrices(db: Db) {
  const rng = new Random(DEMO_SEED).fork('special-prices');
  const clock = clockAt(rng, at(DEMO_TODAY, '10:00'));
  const [rsp, province] = [await as(db, 'rsp'), await as(db, 'province')];
  const opportunities = await sql<{ id: string; line: string }>`select object_id::text as id,
      data->>'ProductLine' as line from record
    where resource = 'opportunity' and company_id = ${rsp.companyId}
      and data->>'ExtOpportunityStatus_SDK' in (${sql.lit(OpportunityStatus.protected)}, ${sql.lit(OpportunityStatus.atRisk)}) and province_code = ${province.provinceCode}
    order by created_at, object_id limit ${PLAN.length}`.execute(db);
  const agentName = await sql<{ name: string }>`select name from customer
    where object_id = ${rsp.companyId}`.execute(db);

  for (const [index, plan] of PLAN.entries()) {
    const opportunity = opportunities.rows[index];
    if (!opportunity) break;
    // The deal's products are those of its product line, entered on the opportunity first; the
    // special price asks for two of them.
    const products = (await lineProducts(db, opportunity.line)).slice(0, 2);
    if (!products.length) continue;
    for (const p of products)
      await addItem(db, rsp, { OpportunityID: opportunity.id, pn: p.pn, Quantity: plan.quantity }, clock);
    const lines = products.map((p) => ({
      ProductCode: p.pn,
      Quantity: plan.quantity,
      RequestedPrice: yuanOf((BigInt(p.StandardPrice.replace('.', '')) * BigInt(plan.percent)) / 100n),
    }));
    const request = { ...REQUEST, OpportunityID: opportunity.id, Lines: lines };
    const record = await saveSpecialPrice(db, rsp, request, { submit: true, clock });
    const id = String(record.ObjectID);
    const act = commandsTo<void>(db, WORKFLOW, id, () => clock);
    if (plan.outcome === 'inApproval') continue;
    await act(province, 'agree');
    if (plan.outcome === 'approved' || plan.outcome === 'atRegion') continue;
    await act(rsp, 'win');
    const drawn = lines.map((l) => ({ ProductCode: l.ProductCode, ExecuteQuantity: l.Quantity }));
    const execution = { SpecialPriceID: id, SalesChannel: ExecutionOrderSalesChannel.rsp, Lines: drawn };
    const order = await createExecutionOrder(db, rsp, execution, clock);
    const form = {
      ...ORDER,
      ExecutionOrderNo: String(order.ExecutionOrderNo),
      AgentName: agentName.rows[0]?.name,
      EndUserName: String(record.ExtOppCustomerName_SDK ?? ''),
      Lines: lines.map((l) => ({ ProductCode: l.ProductCode, Quantity: l.Quantity })),
    };
    await createOrder(db, rsp, form, clock);
  }
}
