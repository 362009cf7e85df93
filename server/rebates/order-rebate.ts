import { sql } from 'kysely';
import { Brand } from '../../domain/codes/products.codes';
import { fenToYuanString } from '../../domain/money';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { baseOrderNoOf } from '../orders/order-base-no';
import type { HookCall } from '../workflows/hooks';
import {
  businessDay,
  correct,
  freezeForOrder,
  releaseForOrder,
  useForOrder as spendFrozen,
} from './ledger.service';
import { fenOf } from './ledger.store';
import { FLOW, type LedgerActor } from './ledger.types';
import { allocateToLines } from './line-allocation';
import { productLineOf } from './product-line';
import { usableOnOrder } from './usable.service';

/** Own-line orders draw on the agent's own-brand rebate account (Brand 101). */
const OWN_BRAND = Brand.ownBrand;
/** Where an order's rebate stands (kept on the order as RebateStatus). */
export const ORDER_REBATE_STATUS = {
  frozen: 'frozen',
  used: 'used',
  released: 'released',
  reversed: 'reversed',
} as const;
const STATUS = ORDER_REBATE_STATUS;

interface OrderFacts {
  id: string;
  /**
   * The number the ledger names the order's flows by: its base number, which a change does not rename
   * (`order-base-no.ts`), so a cancellation after a change finds what the order used.
   */
  ledgerNo: string;
  companyId: string;
  channelTier: string | null;
  rebateFen: number;
  usedFen: number;
  orderDate: string | null;
}

async function orderFacts(trx: Db, orderId: string): Promise<OrderFacts> {
  const found = await sql<{
    no: string;
    company: string;
    tier: string | null;
    rebate: string;
    used: string;
    day: string | null;
  }>`select ${baseOrderNoOf('o')} as no, o.company_id::text as company, c.customer_type as tier,
      ${fenOf(`coalesce(nullif(o.data->>'RebateDeduction', ''), '0')::numeric`)} as rebate,
      ${fenOf(`coalesce(nullif(o.data->>'RebateUsed', ''), '0')::numeric`)} as used,
      to_char(o.order_date, 'YYYY-MM-DD') as day
    from sales_order o join customer c on c.object_id = o.company_id
    where o.object_id = ${orderId} for update of o`.execute(trx);
  const row = found.rows[0];
  return {
    id: orderId,
    ledgerNo: row.no,
    companyId: row.company,
    channelTier: row.tier,
    rebateFen: Number(row.rebate),
    usedFen: Number(row.used),
    orderDate: row.day,
  };
}

/**
 * The lines rebate may go on, each with its product line (its maximum ratio is the line's):
 * special-price lines (drawn from an execution order) are excluded.
 */
export async function eligibleLines(trx: Db, orderId: string) {
  const lines = await sql<{
    id: string;
    fen: string;
    category: string | null;
  }>`select i.object_id::text as id,
      ${fenOf('i.line_amount')} as fen, p.category
    from order_item i left join product p on p.product_code = i.product_code
    where i.order_id = ${orderId} and i.execution_order_line_id is null
    order by i.line_no`.execute(trx);
  return lines.rows.map((l) => ({ id: l.id, fen: BigInt(l.fen), productLine: productLineOf(l.category) }));
}

async function mark(trx: Db, orderId: string, fields: Record<string, unknown>) {
  await sql`update sales_order set data = data || ${JSON.stringify(fields)}::jsonb
    where object_id = ${orderId}`.execute(trx);
}

/**
 * On submission: the rebate the order deducts must be usable — min(available, Σ eligible line amount
 * × its product line's maximum ratio) — and is frozen, first from the batches that expire first; each eligible line
 * carries its share (by line amount, rounded to the fen, the remainder on the largest line).
 */
async function freeze(trx: Db, order: OrderFacts, actor: LedgerActor, day: string) {
  const key = { companyId: order.companyId, type: 'rebate' as const, brand: OWN_BRAND };
  const lines = await eligibleLines(trx, order.id);
  const usable = await usableOnOrder(
    trx,
    key,
    lines.map((l) => ({ fen: Number(l.fen), productLine: l.productLine })),
    { channelTier: order.channelTier, day },
  );
  if (order.rebateFen > usable.usableFen) {
    throw new PortalError(409, 'rebateSettlement.overUsable', {
      amount: fenToYuanString(order.rebateFen),
      usable: fenToYuanString(usable.usableFen),
      available: fenToYuanString(usable.availableFen),
      limit: fenToYuanString(usable.limitFen),
    });
  }
  const shares = allocateToLines(
    BigInt(order.rebateFen),
    lines.map((l) => l.fen),
  );
  for (const [index, line] of lines.entries())
    await sql`update order_item set data = data || ${JSON.stringify({
      RebateAllocated: fenToYuanString(Number(shares[index])),
    })}::jsonb where object_id = ${line.id}`.execute(trx);
  await freezeForOrder(trx, actor, key, order.ledgerNo, order.rebateFen);
  await mark(trx, order.id, { RebateStatus: STATUS.frozen, RebateUsed: '0.00' });
}

/**
 * An order's rebate through its approval (notes §5.3 rule 4), called by the order approval hooks in
 * the decision's transaction: frozen on submit, used when the order takes effect, released when it
 * is returned, withdrawn, rejected or cancelled before that, and given back (a reversal) when an
 * effective order is cancelled — after a change too, as every flow names the order by its base number.
 */
export async function orderRebateStep(trx: Db, call: HookCall & { next: { value: unknown } }) {
  const from = String(call.state.snapshot.value);
  const to = String(call.next.value);
  if (from === to && call.command !== 'submit') return;
  const order = await orderFacts(trx, String(call.subject.ObjectID));
  const actor: LedgerActor = {
    employeeId: call.caller.employeeId,
    name: call.caller.lastName,
    at: call.clock?.at,
    uuid: call.clock?.uuid,
  };
  const key = { companyId: order.companyId, type: 'rebate' as const, brand: OWN_BRAND };
  const day = businessDay(call.clock?.at ?? new Date());
  if (to === 'inApproval' && call.command === 'submit') {
    if (order.rebateFen > 0) await freeze(trx, order, actor, day);
    return;
  }
  // An order that never froze rebate leaves the ledger alone (no account is opened for it).
  if (!(await touchedLedger(trx, order.ledgerNo))) return;
  if (to === 'approved') {
    const used = await spendFrozen(trx, actor, key, order.ledgerNo);
    if (used.length)
      await mark(trx, order.id, { RebateStatus: STATUS.used, RebateUsed: fenToYuanString(order.rebateFen) });
    return;
  }
  if (from === 'inApproval' && ['returned', 'withdrawn', 'rejected', 'cancelled'].includes(to)) {
    const released = await releaseForOrder(trx, actor, key, order.ledgerNo);
    if (released.length) await mark(trx, order.id, { RebateStatus: STATUS.released });
    return;
  }
  if (from === 'approved' && to === 'cancelled' && order.usedFen > 0) {
    await correct(
      trx,
      actor,
      key,
      FLOW.reverse,
      order.usedFen,
      { type: 'return', no: order.ledgerNo },
      {
        expiryDate: await latestExpiryUsed(trx, order),
      },
    );
    await mark(trx, order.id, { RebateStatus: STATUS.reversed });
  }
}

async function touchedLedger(trx: Db, ledgerNo: string) {
  const found = await sql<{ n: number }>`select count(*)::int as n from rebate_flow
    where source_doc_type = 'order' and source_doc_no = ${ledgerNo}`.execute(trx);
  return (found.rows[0]?.n ?? 0) > 0;
}

/** The latest expiry among the batches an order used: its reversal is usable no longer than they were. */
async function latestExpiryUsed(trx: Db, order: OrderFacts) {
  const found = await sql<{ day: string | null }>`select to_char(max(b.expiry_date), 'YYYY-MM-DD') as day
    from rebate_flow f join rebate_flow b on b.object_id = f.batch_id
    where f.source_doc_type = 'order' and f.source_doc_no = ${order.ledgerNo} and f.flow_type = ${FLOW.use}`.execute(
    trx,
  );
  return found.rows[0]?.day ?? null;
}
