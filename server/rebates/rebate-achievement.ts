import { sql } from 'kysely';
import { OrderApprovalStatus, OrderChannel } from '../../domain/codes/orders.codes';
import { PaymentConfirmStatus } from '../../domain/codes/payments.codes';
import { Brand } from '../../domain/codes/products.codes';
import { RebateCalcBasis } from '../../domain/codes/rebates.codes';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import type { SettlementFigures } from '../../machines/workflows/rebate-settlement.workflow';
import type { Db } from '../db/database';
import { fenOf } from './ledger.store';
import {
  attainmentBp,
  basisPoints,
  parseTiers,
  percentText,
  rebateOf,
  type Tier,
  tierReached,
} from './settlement.rules';

/** RebateCalcBasis keywords: sell-in, sell-out, collections. */
const COLLECTIONS = RebateCalcBasis.collections;
/** Orders that took effect (OrderApprovalStatus 121). */
const EFFECTIVE = OrderApprovalStatus.effective;
/** The order line of each brand: own-brand policies count own-line orders, partner-brand ones the partner line's. */
const CHANNEL_OF_BRAND: Record<string, OrderChannel> = {
  [Brand.ownBrand]: OrderChannel.ownLine,
  [Brand.partnerBrand]: OrderChannel.partnerLine,
};

/**
 * The order line a task counts: its policy's brand (copied onto the task when it was set). A policy
 * names its brand (a required field); without one, the own line, as before brands were told apart.
 */
const channelOf = (task: Record<string, unknown>) =>
  CHANNEL_OF_BRAND[String(task.Brand ?? '')] ?? OrderChannel.ownLine;
/** PaymentConfirmStatus: confirmed by finance. */
const CONFIRMED = PaymentConfirmStatus.confirmed;

/** What a settlement reads of its policy: the tiers and minimum attainment frozen at publication. */
export interface PolicyTerms {
  tiers: Tier[];
  minimumBp: number;
  calcBasis: string;
}

export function policyTermsOf(policy: Record<string, unknown>): PolicyTerms {
  const minimum = policy.MinAchievementRate;
  return {
    tiers: parseTiers(typeof policy.Tiers === 'string' ? policy.Tiers : '') ?? [],
    minimumBp: minimum === undefined || minimum === null ? 0 : (basisPoints(String(minimum)) ?? 0),
    calcBasis: String(policy.CalcBasis ?? ''),
  };
}

/**
 * The base of a task's period in fen: what counts, and what is excluded from it — only orders of the
 * brand's line (OrderChannel), so a partner-brand policy never counts own-brand sales nor the reverse.
 * Sell-in (and sell-out, which the portal reads from the same effective orders until distributors'
 * sell-out reports feed it) sums the agent's effective order lines of that line dated in the period,
 * special-price lines excluded; collections sum what finance confirmed of the agent's receipts paid
 * in the period and allocated to orders of that line (a receipt not yet allocated belongs to no brand).
 */
async function baseOf(db: Db, task: Record<string, unknown>, calcBasis: string) {
  const agent = String(task.AgentID);
  const channel = channelOf(task);
  const [start, end] = [String(task.PeriodStart), String(task.PeriodEnd)];
  if (calcBasis === COLLECTIONS) {
    const paid = await sql<{ fen: string }>`select ${fenOf('coalesce(sum(a.amount), 0)')} as fen
      from payment_receipt r
      join payment_allocation a on a.receipt_id = r.object_id
      join sales_order o on o.object_id = a.order_id
      where r.agent_id = ${agent} and r.data->>'ConfirmStatus' = ${CONFIRMED}
        and r.payment_date between ${start} and ${end} and o.order_channel = ${channel}`.execute(db);
    return { achievedFen: Number(paid.rows[0]?.fen ?? 0), excludedFen: 0 };
  }
  const sold = await sql<{ all: string; excluded: string }>`select
      ${fenOf('coalesce(sum(i.line_amount), 0)')} as all,
      ${fenOf('coalesce(sum(i.line_amount) filter (where i.execution_order_line_id is not null), 0)')} as excluded
    from sales_order o join order_item i on i.order_id = o.object_id
    where o.company_id = ${agent} and o.order_channel = ${channel} and o.approval_status = ${EFFECTIVE}
      and o.order_date between ${start} and ${end}`.execute(db);
  return { achievedFen: Number(sold.rows[0]?.all ?? 0), excludedFen: Number(sold.rows[0]?.excluded ?? 0) };
}

/**
 * A task's figures from the records now: achieved, excluded and effective base, attainment of the
 * target, the tier reached and its rate, the rebate it earns (on the full effective base), and with
 * an adjustment the amount payable.
 */
export async function achievementOf(
  db: Db,
  task: Record<string, unknown>,
  terms: PolicyTerms,
  adjustment: { fen: number; reason: string | null } = { fen: 0, reason: null },
): Promise<SettlementFigures> {
  const { achievedFen, excludedFen } = await baseOf(db, task, terms.calcBasis);
  const baseFen = achievedFen - excludedFen;
  const targetFen = yuanToFen(String(task.TaskAmount ?? '0'));
  const attainment = attainmentBp(baseFen, targetFen);
  const tier = tierReached(terms.tiers, attainment, terms.minimumBp);
  const calculatedFen = tier ? rebateOf(baseFen, tier.rateBp) : 0;
  const yuan = fenToYuanString;
  return {
    TaskAmount: yuan(targetFen),
    AchievedAmount: yuan(achievedFen),
    ExcludedAmount: yuan(excludedFen),
    EffectiveBase: yuan(baseFen),
    AchievementRate: percentText(attainment),
    TierName: tier ? `≥ ${percentText(tier.thresholdBp)}%` : '',
    RebateRate: percentText(tier?.rateBp ?? 0),
    CalculatedRebate: yuan(calculatedFen),
    AdjustAmount: yuan(adjustment.fen),
    AdjustReason: adjustment.reason,
    PayableRebate: yuan(calculatedFen + adjustment.fen),
  };
}
