import { sql } from 'kysely';
import { Brand } from '../../domain/codes/products.codes';
import { fenToYuanString } from '../../domain/money';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldMissing } from '../http/validate';
import { businessDay } from '../rebates/ledger.service';
import { eligibleLines } from '../rebates/order-rebate';
import { productLineOf } from '../rebates/product-line';
import { type EligibleLine, usableOnOrder } from '../rebates/usable.service';
import { resourceDef } from '../resources/registry';
import { getRecord } from '../resources/write';
import { agentFor } from './order-entry.rules';
import { checkLines, priceLines, productsOf } from './order-lines';
import { executionOrderFor } from './pricing-execution-orders';

/** Own-line orders deduct from the agent's own-brand rebate account, as their submission does. */
const OWN_BRAND = Brand.ownBrand;

/** The rebate an order may deduct, in yuan, as the entry form and the order's pages show it. */
export interface UsableRebate {
  Brand: string;
  AvailableAmount: string;
  EligibleAmount: string;
  LimitAmount: string;
  UsableAmount: string;
}

async function usableFor(db: Db, agent: { id: string; tier: string | null }, lines: EligibleLine[]) {
  const usable = await usableOnOrder(db, { companyId: agent.id, type: 'rebate', brand: OWN_BRAND }, lines, {
    channelTier: agent.tier,
    day: businessDay(new Date()),
  });
  return {
    Brand: OWN_BRAND,
    AvailableAmount: fenToYuanString(usable.availableFen),
    EligibleAmount: fenToYuanString(lines.reduce((sum, l) => sum + l.fen, 0)),
    LimitAmount: fenToYuanString(usable.limitFen),
    UsableAmount: fenToYuanString(usable.usableFen),
  } satisfies UsableRebate;
}

async function tierOf(db: Db, agentId: string) {
  const found = await sql<{ tier: string | null }>`select customer_type as tier from customer
    where object_id = ${agentId}`.execute(db);
  return found.rows[0]?.tier ?? null;
}

/**
 * `POST /portal/order/usableRebate`: what an order may deduct from its agent's own-brand rebate —
 * min(available, Σ eligible line × its product line's maximum ratio), the rule its submission checks.
 * A saved order (`ObjectID`) is read through the caller's scope with its stored lines; an order being
 * entered names its agent (`AgentName`, read through the caller's scope as the entry form reads it),
 * its lines (`Lines`, priced as the form prices them; none yet: nothing eligible) and, when drawn from
 * an execution order, its number (`ExecutionOrderNo`: its lines are special prices and not eligible).
 */
export async function usableRebateOfOrder(db: Db, caller: Caller, body: Record<string, unknown>) {
  if (body.ObjectID !== undefined) {
    const order = await getRecord(db, resourceDef('order')!, caller, body.ObjectID);
    const companyId = await sql<{ id: string }>`select company_id::text as id from sales_order
      where object_id = ${String(order.ObjectID)}`.execute(db);
    const agentId = companyId.rows[0].id;
    const lines = await eligibleLines(db, String(order.ObjectID));
    return usableFor(
      db,
      { id: agentId, tier: await tierOf(db, agentId) },
      lines.map((l) => ({ fen: Number(l.fen), productLine: l.productLine })),
    );
  }
  if (typeof body.AgentName !== 'string' || !body.AgentName.trim()) throw fieldMissing('order', 'AgentName');
  const agent = await agentFor(db, caller, body.AgentName.trim());
  const typed = Array.isArray(body.Lines) && body.Lines.length ? checkLines(body.Lines) : [];
  const execution =
    typeof body.ExecutionOrderNo === 'string' && body.ExecutionOrderNo.trim()
      ? await executionOrderFor(
          db,
          caller,
          body.ExecutionOrderNo.trim(),
          agent.name,
          typeof body.OrderDate === 'string' && body.OrderDate ? body.OrderDate : businessDay(new Date()),
        )
      : undefined;
  const priced = typed.length ? priceLines(typed, await productsOf(db, typed), execution?.lines) : [];
  return usableFor(
    db,
    { id: agent.id, tier: agent.type },
    priced
      .filter((l) => !l.executionLineId)
      .map((l) => ({ fen: Number(l.amountFen), productLine: productLineOf(l.category) })),
  );
}
