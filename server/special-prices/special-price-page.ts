import { sql } from 'kysely';
import { VENDOR_ADMINISTRATORS } from '../../domain/roles';
import { basisPoints, chainForDepth } from '../../machines/workflows/special-price.rules';
import { specialPriceDeclaration } from '../../machines/workflows/special-price.workflow';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fenOf, yuanOf } from '../orders/pricing';
import { getRecord } from '../resources/write';
import { actorOf, streamView, subjectStreamId } from '../workflows/decisions';
import { loadStream } from '../workflows/engine';
import { configurationChildren } from './configuration-lines';
import { priceBands } from './price-bands';
import { specialPriceDef } from './special-price.service';
import { figuresOf, percentText, pricedOf, storedLines } from './special-price-lines';

/** Cost and margin are the vendor's: agent staff (whose scope is their company) never receive them. */
export const seesCost = (caller: Caller) => caller.dataScope !== 'company';

/**
 * A special price as its pages show it: the record, its lines (approved, executed and left; cost
 * only for vendor staff), the figures and the chain its depth chose, the approval as the caller may act
 * on it, the history and the execution orders drawn from it.
 */
export async function specialPricePage(db: Db, caller: Caller, id: unknown) {
  const record = await getRecord(db, specialPriceDef(), caller, id);
  const objectId = String(record.ObjectID);
  const stored = await storedLines(db, objectId);
  const vendor = seesCost(caller);
  const lines = stored.map((l) => ({
    LineNo: l.line_no,
    pn: l.product_code,
    description: l.product_name,
    Quantity: l.quantity,
    StandardPrice: l.standard_price,
    ApplyPrice: l.requested_price,
    ApplyDiscount: percentText(basisPoints(fenOf(l.requested_price)!, fenOf(l.standard_price)!)),
    ApprovedPrice: l.approved_price,
    ExecutedQuantity: l.executed_quantity,
    RemainingQuantity: l.quantity - l.executed_quantity,
    ...(vendor ? { CostPrice: l.cost_price } : {}),
    // A configuration (CPQ) is priced as a whole; its parts show what they inherit of its prices.
    ...(l.configuration
      ? {
          Configuration: true,
          model: l.configuration.model,
          ListPrice: l.configuration.listPrice,
          Children: configurationChildren(l.configuration, {
            requested: l.requested_price,
            approved: l.approved_price,
          }),
        }
      : {}),
  }));
  const figures = figuresOf(stored.map(pricedOf));
  const state = await loadStream(db, subjectStreamId(specialPriceDeclaration, objectId));
  const context = state.snapshot.context as {
    chain: (string | { role: string })[];
    applicant: { id: string };
  };
  // Execution orders are drawn by the applicant or the sales operations desk, from a won price.
  const mayExecute =
    ['won', 'executing'].includes(String(state.snapshot.value)) &&
    (context.applicant.id === caller.employeeId || VENDOR_ADMINISTRATORS.includes(caller.roleCode));
  const orders = await sql<{ id: string; no: string; status: string | null }>`
    select distinct r.object_id::text as id, r.data->>'ExecutionOrderNo' as no, r.data->>'Status' as status
    from record r join execution_order_line e on e.execution_order_id = r.object_id
      join special_price_line s on s.object_id = e.special_price_line_id
    where s.special_price_id = ${objectId} order by 2`.execute(db);
  return {
    Record: record,
    Lines: lines,
    Figures: {
      StandardTotal: yuanOf(figures.standardFen),
      ApplyTotal: yuanOf(figures.requestedFen),
      Depth: percentText(figures.depthBp),
      ...(vendor
        ? {
            CostTotal: yuanOf(figures.costFen),
            Margin: percentText(figures.marginBp),
            AuthorityChain: chainForDepth(figures.depthBp, figures.marginBp, await priceBands(db)),
          }
        : {}),
    },
    Chain: context.chain.map((s) => (typeof s === 'string' ? s : s.role)),
    Approval: streamView(state, actorOf(caller)),
    History: state.events.slice(1).map((e) => ({
      Seq: e.seq,
      Type: e.type,
      ActorName: e.actor_name,
      Role: e.role,
      At: new Date(e.at).toISOString(),
      Reason: (e.payload.reason as string | undefined) ?? (e.payload.comment as string | undefined) ?? null,
    })),
    MayExecute: mayExecute,
    ExecutionOrders: orders.rows.map((o) => ({ ObjectID: o.id, ExecutionOrderNo: o.no, Status: o.status })),
  };
}
