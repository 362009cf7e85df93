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
import { as, at, clockAt, commandsTo, play } from './kit';
import { DEMO_TODAY, Random } from './random';
import { formTexts, stepsIn, storyTable } from './story-data';

/** The demo's special prices: the share of the standard price each asks and how far it gets. */
const PLAN = storyTable('special-prices');

/** What the demo RSP writes on each request (stories/form-texts.tsv). */
const REQUEST = { Brand: Brand.ownBrand, ...formTexts('specialPriceRequest') };

/** The special-price order form's own fields, as the demo RSP fills them in. */
const FORM = { PageID: 'ordersSetup.specialAdd', ContractNo: 'HT2026111501', OrderDate: DEMO_TODAY };
const TERMS = { PaymentMethod: PaymentMethod.wireTransfer, DeliveryMethod: DeliveryMethod.directFromVendor };
const ORDER = { ...FORM, ...TERMS, ...formTexts('specialPriceReceiver') };

/** Special prices entered through the services a person uses (docs/special-prices.md), as far as planned. */
export async function seedSpecialPrices(db: Db) {
  const rng = new Random(DEMO_SEED).fork('special-prices');
  const clock = clockAt(rng, at(DEMO_TODAY, '10:00'));
  const [rsp, province] = [await as(db, 'rsp'), await as(db, 'province')];
  const opportunities = await sql<Record<'OpportunityID' | 'ProductLine' | 'AgentName', string>>`select
      object_id::text as "OpportunityID", data->>'ProductLine' as "ProductLine",
      (select c.name from customer c where c.object_id = r.company_id) as "AgentName" from record r
    where resource = 'opportunity' and company_id = ${rsp.companyId}
      and data->>'ExtOpportunityStatus_SDK' in (${sql.lit(OpportunityStatus.protected)}, ${sql.lit(OpportunityStatus.atRisk)}) and province_code = ${province.provinceCode}
    order by created_at, object_id limit ${PLAN.length}`.execute(db);
  for (const [index, { outcome, percent, steps, quantity }] of PLAN.entries()) {
    const { OpportunityID, ProductLine, AgentName } = opportunities.rows[index];
    const Quantity = Number(quantity);
    // The deal's products are two catalogue products of its line (not its configurations, not the services
    // of every line), entered on the opportunity first.
    const found = await searchOpportunityProducts(db, { ProductLine, currentPage: 1, pageSize: 100 });
    const products = found.rows.filter((p) => !p.Configuration && p.ProductLine === ProductLine).slice(0, 2);
    for (const p of products) await addItem(db, rsp, { OpportunityID, pn: p.pn, Quantity }, clock);
    const units = products.map((p) => ({ ProductCode: p.pn, Quantity }));
    const askedFor = (price: string) => yuanOf((BigInt(price.replace('.', '')) * BigInt(percent)) / 100n);
    const lines = products.map((p, i) => ({ ...units[i], RequestedPrice: askedFor(p.StandardPrice) }));
    const request = { ...REQUEST, OpportunityID, Lines: lines };
    const record = await saveSpecialPrice(db, rsp, request, { submit: true, clock });
    const id = String(record.ObjectID);
    const act = commandsTo(db, WORKFLOW, id, () => clock);
    await play(act, { rsp, province }, stepsIn(steps));
    if (outcome !== 'executed') continue;
    const drawn = units.map((u) => ({ ProductCode: u.ProductCode, ExecuteQuantity: Quantity }));
    const execution = { SpecialPriceID: id, SalesChannel: ExecutionOrderSalesChannel.rsp, Lines: drawn };
    const order = await createExecutionOrder(db, rsp, execution, clock);
    const ExecutionOrderNo = String(order.ExecutionOrderNo);
    const EndUserName = String(record.ExtOppCustomerName_SDK ?? '');
    const form = { ...ORDER, ExecutionOrderNo, AgentName, EndUserName, Lines: units };
    await createOrder(db, rsp, form, clock);
  }
}
