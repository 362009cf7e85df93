import { SpecialPriceStatus } from '../../domain/codes/opportunities.codes';
import { ROLE } from '../../domain/roles';

/**
 * DOMAIN.md "Special prices" and notes §2.4: the approval chain of a special price is chosen by its
 * weighted depth D = Σ requested ÷ Σ standard (both × quantity) and, for the operations head, by the
 * vendor's margin. Pure: shared by the workflow, the server, the seed and the tests. Depth and margin
 * are in basis points (1/100 of a percent) computed from integer fen, so no floating point decides.
 */

/** One configured band: the request may stop here when depth and margin reach its floors. */
export interface PriceBand {
  /** The lowest depth this band covers, in basis points (9500 = 95 %). */
  minDepthBp: number;
  /** The lowest margin this band covers, in basis points; null when the band does not look at margin. */
  minMarginBp: number | null;
  /** Who approves, in order: every level up to the one whose authority covers the request. */
  chain: string[];
}

/**
 * The default bands (the seed enters them as configuration records, edited on the band page): ≥ 95 %
 * the province manager; ≥ 90 % also the region manager; ≥ 85 % with a margin ≥ 10 % also the
 * head of sales operations; anything deeper also the executive.
 */
const [PROVINCE, REGION, OPS] = [ROLE.provinceManager, ROLE.regionManager, ROLE.salesOperations];
export const DEFAULT_BANDS: PriceBand[] = [
  { minDepthBp: 9500, minMarginBp: null, chain: [PROVINCE] },
  { minDepthBp: 9000, minMarginBp: null, chain: [PROVINCE, REGION] },
  { minDepthBp: 8500, minMarginBp: 1000, chain: [PROVINCE, REGION, OPS] },
  { minDepthBp: 0, minMarginBp: null, chain: [PROVINCE, REGION, OPS, ROLE.executive] },
];

/** floor(part × 10000 ÷ whole) in basis points; 0 for an empty whole. */
export function basisPoints(part: bigint, whole: bigint): number {
  if (whole <= 0n) return 0;
  const scaled = (part * 10_000n) / whole;
  return Number(scaled);
}

/** Weighted depth in basis points: Σ requested ÷ Σ standard, each price × quantity. */
export function weightedDepthBp(lines: { standardFen: bigint; requestedFen: bigint; quantity: number }[]) {
  const sum = (pick: (l: (typeof lines)[number]) => bigint) =>
    lines.reduce((total, l) => total + pick(l) * BigInt(l.quantity), 0n);
  return basisPoints(
    sum((l) => l.requestedFen),
    sum((l) => l.standardFen),
  );
}

/** Vendor margin in basis points: (Σ requested − Σ cost) ÷ Σ requested; negative when sold below cost. */
export function marginBp(lines: { requestedFen: bigint; costFen: bigint; quantity: number }[]) {
  const revenue = lines.reduce((t, l) => t + l.requestedFen * BigInt(l.quantity), 0n);
  const cost = lines.reduce((t, l) => t + l.costFen * BigInt(l.quantity), 0n);
  if (revenue <= 0n) return -10_000;
  return Number(((revenue - cost) * 10_000n) / revenue);
}

/**
 * The chain of a request: the first band (shallowest first) whose depth floor and margin floor the
 * request reaches; the deepest band, whatever its floors, takes everything else.
 */
export function chainForDepth(depthBp: number, margin: number, bands: PriceBand[] = DEFAULT_BANDS): string[] {
  const ordered = [...bands].sort((a, b) => b.minDepthBp - a.minDepthBp);
  for (const band of ordered) {
    if (depthBp >= band.minDepthBp && (band.minMarginBp === null || margin >= band.minMarginBp))
      return [...band.chain];
  }
  return [...(ordered.at(-1)?.chain ?? [])];
}

/**
 * A configuration's price spread over its sub-BOM lines by their weights (notes §2.3: a configuration
 * is priced as a whole, each sub-line inherits the one ratio): floor(total × weight ÷ Σ weights) each,
 * the fen the rounding leaves going to the first line, so the lines always add up to the total.
 */
export function spreadByWeight(totalFen: bigint, weights: bigint[]): bigint[] {
  const whole = weights.reduce((a, b) => a + b, 0n);
  if (!weights.length) return [];
  if (whole <= 0n) return weights.map((_, i) => (i === 0 ? totalFen : 0n));
  const shares = weights.map((w) => (totalFen * w) / whole);
  shares[0] += totalFen - shares.reduce((a, b) => a + b, 0n);
  return shares;
}

/** SpecialPriceStatus keywords of the workflow's states. */
export const SPECIAL_PRICE_STATUS: Record<string, string> = {
  draft: SpecialPriceStatus.draft,
  inApproval: SpecialPriceStatus.inApproval,
  returned: SpecialPriceStatus.returned,
  approved: SpecialPriceStatus.approved,
  won: SpecialPriceStatus.won,
  executing: SpecialPriceStatus.executing,
  executed: SpecialPriceStatus.executed,
  closed: SpecialPriceStatus.closed,
  rejected: SpecialPriceStatus.rejected,
  withdrawn: SpecialPriceStatus.withdrawn,
};

/** Adds working days (Monday to Friday) to a day 'YYYY-MM-DD'. */
export function addWorkingDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

/** An approved line an execution order may draw on: its approved price and the units it has left. */
export interface DrawableLine {
  productCode: string;
  approvedFen: bigint;
  left: number;
}

/** What a person asks of an approved line; a blank price means the approved one. */
export interface DrawRequest {
  productCode: string;
  quantity: number;
  priceFen?: bigint;
}

export type DrawPlan =
  | { ok: true; draws: { productCode: string; quantity: number; priceFen: bigint }[] }
  | {
      ok: false;
      field: 'pn' | 'ExecuteQuantity' | 'ExecutePrice';
      key: string;
      params: Record<string, unknown>;
    };

/**
 * The draws of one execution order (notes §2.6 rule 7): every product among the approved lines, the
 * units asked of a product (over all the requests naming it) within what it has left, each price at
 * least the approved one, and something drawn at all.
 */
export function planDraw(lines: DrawableLine[], requests: DrawRequest[]): DrawPlan {
  const byCode = new Map(lines.map((l) => [l.productCode, l]));
  const asked = new Map<string, number>();
  const draws: { productCode: string; quantity: number; priceFen: bigint }[] = [];
  for (const request of requests) {
    const line = byCode.get(request.productCode);
    if (!line) return { ok: false, field: 'pn', key: 'notApproved', params: { code: request.productCode } };
    if (request.quantity <= 0) continue;
    const total = (asked.get(line.productCode) ?? 0) + request.quantity;
    if (total > line.left)
      return {
        ok: false,
        field: 'ExecuteQuantity',
        key: 'overQuantity',
        params: { code: line.productCode, left: line.left },
      };
    const priceFen = request.priceFen ?? line.approvedFen;
    if (priceFen < line.approvedFen)
      return { ok: false, field: 'ExecutePrice', key: 'belowApproved', params: { code: line.productCode } };
    asked.set(line.productCode, total);
    draws.push({ productCode: line.productCode, quantity: request.quantity, priceFen });
  }
  if (!draws.length) return { ok: false, field: 'ExecuteQuantity', key: 'nothing', params: {} };
  return { ok: true, draws };
}
