import {
  OpportunityStage,
  OpportunityStatus,
  ProjectResults,
  WinOrNot,
} from '../../domain/codes/opportunities.codes';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import type { Random } from './random';

type Data = Record<string, unknown>;

const has = (data: Data, ...names: string[]) => names.every((n) => data[n] !== undefined && data[n] !== null);
const fen = (data: Data, name: string) => yuanToFen(String(data[name]));
const setFen = (data: Data, name: string, value: number) => {
  if (name in data) data[name] = fenToYuanString(Math.max(0, Math.round(value)));
};
const setNumber = (data: Data, name: string, value: number) => {
  if (name in data) data[name] = value;
};
const share = (total: number, percent: number) => Math.round((total * percent) / 100);
/** part ÷ whole as a percentage with two decimals, at most 100. */
const rate = (part: number, whole: number) =>
  Math.min(100, Math.round((part / Math.max(1, whole)) * 10_000) / 100);

/** Splits `total` fen into parts by weights; the last part takes the rounding remainder. */
function split(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  parts[parts.length - 1] += total - parts.reduce((a, b) => a + b, 0);
  return parts;
}

/**
 * Makes the amounts and quantities of one generic record agree with each other, the way the business
 * rules say they must: quarters add up to the year and months to their quarter, what is allocated
 * and what is left add up to the whole, stock reconciles (opening + purchases − sales = closing),
 * a loan's quantities account for what was lent, a line's amount is quantity × unit price, prices
 * fall from list to applied to approved (and execution never below approval), rebates follow their base.
 */
export function harmonise(rng: Random, data: Data) {
  tasks(rng, data);
  amounts(rng, data);
  quantities(rng, data);
  prices(rng, data);
  rebates(data);
  opportunity(rng, data);
  if (has(data, 'TotalCount')) {
    const parts = ['SuccessCount', 'NewCount', 'UpdatedCount', 'FailCount'].filter((n) => has(data, n));
    if (parts.length) data.TotalCount = parts.reduce((sum, n) => sum + Number(data[n]), 0);
  }
  if (has(data, 'StartDate', 'EndDate') && String(data.EndDate) < String(data.StartDate)) {
    [data.StartDate, data.EndDate] = [data.EndDate, data.StartDate];
  }
}

function tasks(rng: Random, data: Data) {
  const base = ['AnnualTask', 'LoadBearingAmount'].find((name) => has(data, name));
  if (!base || !has(data, 'Q1Task', 'Q2Task', 'Q3Task', 'Q4Task')) return;
  // Tasks are whole yuan: split yuan, not fen, so every quarter and month is a round amount.
  const quarters = split(Math.round(fen(data, base) / 100), [
    rng.int(20, 24),
    rng.int(23, 26),
    rng.int(24, 27),
    rng.int(26, 30),
  ]);
  quarters.forEach((q, i) => {
    setFen(data, `Q${i + 1}Task`, q * 100);
    const months = split(q, [rng.int(28, 32), rng.int(31, 34), rng.int(35, 39)]);
    for (const [k, m] of months.entries())
      setFen(data, `Month${String(i * 3 + k + 1).padStart(2, '0')}Task`, m * 100);
  });
  if (has(data, 'AnnualTask', 'RspAllocated', 'CityManagerAllocated')) {
    const annual = fen(data, 'AnnualTask');
    const rsp = share(annual, has(data, 'LoadBearingRate') ? Number(data.LoadBearingRate) : rng.int(60, 90));
    setFen(data, 'RspAllocated', rsp);
    setFen(data, 'CityManagerAllocated', annual - rsp);
  }
}

function amounts(rng: Random, data: Data) {
  const whole = [
    'AnnualTask',
    'PaymentAmount',
    'ExecutionAmount',
    'LoadBearingAmount',
    'TaskAmount',
    'TargetAmount',
  ].find((name) => has(data, name));
  if (whole) {
    const total = fen(data, whole);
    const done = share(total, rng.int(40, 100));
    for (const name of ['AllocatedAmount', 'ExecutedAmount', 'CompletedAmount', 'AchievedAmount'])
      setFen(data, name, done);
    for (const name of ['UnallocatedAmount', 'RemainingAmount', 'GapAmount'])
      setFen(data, name, total - done);
    for (const name of ['AchievementRate', 'CompletionRate']) setNumber(data, name, rate(done, total));
  }
  if (has(data, 'AmountBefore', 'AmountAfter'))
    setFen(data, 'AmountDifference', Math.abs(fen(data, 'AmountAfter') - fen(data, 'AmountBefore')));
  if (has(data, 'PostedAmount')) {
    const [frozen, used, expired, available] = split(fen(data, 'PostedAmount'), [
      rng.int(0, 10),
      rng.int(20, 60),
      rng.int(0, 5),
      40,
    ]);
    setFen(data, 'FrozenAmount', frozen);
    setFen(data, 'UsedAmount', used);
    setFen(data, 'ExpiredAmount', expired);
    setFen(data, 'AvailableBalance', available);
  }
  if (has(data, 'InvoiceAmount')) {
    const amount = fen(data, 'InvoiceAmount');
    setFen(data, 'TaxAmount', Math.round((amount * 13) / 113)); // 13% VAT included in the amount
    setFen(data, 'DiscountAmount', share(amount, rng.int(0, 3)));
    setFen(data, 'ConfirmedPaidAmount', share(amount, rng.int(60, 100)));
  }
}

function quantities(rng: Random, data: Data) {
  if (has(data, 'OpeningQuantity', 'PurchaseQuantity', 'SalesQuantity')) {
    const stock = Number(data.OpeningQuantity) + Number(data.PurchaseQuantity);
    const sales = rng.int(0, stock);
    const adjust = 'AdjustQuantity' in data ? rng.int(-Math.min(2, stock - sales), 0) : 0;
    data.SalesQuantity = sales;
    setNumber(data, 'AdjustQuantity', adjust);
    setNumber(data, 'ClosingQuantity', stock - sales + adjust);
  }
  if (has(data, 'LoanQuantity')) {
    let left = Number(data.LoanQuantity);
    for (const name of ['ReturnedQuantity', 'ConvertedQuantity', 'CompensatedQuantity']) {
      if (!(name in data)) continue;
      data[name] = name === 'CompensatedQuantity' ? Math.min(left, rng.int(0, 1)) : rng.int(0, left);
      left -= Number(data[name]);
    }
    setNumber(data, 'OutstandingQuantity', left);
  }
  if (has(data, 'Quantity')) {
    const quantity = Number(data.Quantity);
    const executed = rng.int(0, quantity);
    setNumber(data, 'ShippedQuantity', rng.int(0, quantity));
    setNumber(data, 'ExecuteQuantity', executed);
    setNumber(data, 'RemainingQuantity', quantity - executed);
  }
  if (has(data, 'ShipmentQuantity', 'VendorShipmentQuantity')) {
    const agent = Number(data.ShipmentQuantity);
    const vendor = Math.max(0, agent + rng.int(-3, 3));
    data.VendorShipmentQuantity = vendor;
    setNumber(data, 'DifferenceRate', rate(Math.abs(agent - vendor), agent));
  }
}

function prices(rng: Random, data: Data) {
  if (has(data, 'Quantity', 'UnitPrice')) {
    const line = Number(data.Quantity) * fen(data, 'UnitPrice');
    setFen(data, 'Amount', line);
    setFen(data, 'LineAmount', line);
  }
  const list = ['ListPrice', 'ExtListPriceTotal_SDK'].find((name) => has(data, name));
  const apply = ['ApplyPrice', 'ExtApplyPriceTotal_SDK'].find((name) => has(data, name));
  if (!list || !apply) return;
  const listFen = fen(data, list);
  const applyFen = share(listFen, rng.int(70, 95));
  const approvedFen = Math.min(listFen, share(applyFen, rng.int(100, 106)));
  setFen(data, apply, applyFen);
  for (const name of ['ApprovedPrice', 'ExtApprovedPriceTotal_SDK']) setFen(data, name, approvedFen);
  setFen(data, 'ExecutePrice', approvedFen); // execution orders draw at no less than the approved price
  for (const name of ['ApplyDiscount', 'ExtWeightedDiscount_SDK'])
    setNumber(data, name, rate(applyFen, listFen));
  setNumber(data, 'ApprovedDiscount', rate(approvedFen, listFen));
}

/** A rebate's base is what was achieved less what is excluded; payable = base × rate × collection ± adjustments. */
function rebates(data: Data) {
  if (!has(data, 'AchievedAmount', 'ExcludedAmount', 'RebateRate')) return;
  const achieved = fen(data, 'AchievedAmount');
  const excluded = Math.min(achieved, fen(data, 'ExcludedAmount'));
  const base = achieved - excluded;
  const calculated = Math.round((base * Number(data.RebateRate)) / 100);
  setFen(data, 'ExcludedAmount', excluded);
  setFen(data, 'EffectiveBase', base);
  setFen(data, 'CalculatedRebate', calculated);
  setFen(data, 'EstimatedRebate', calculated);
  const collected = Math.round(
    calculated * (has(data, 'CollectionFactor') ? Number(data.CollectionFactor) : 1),
  );
  const adjust = has(data, 'AdjustAmount') ? fen(data, 'AdjustAmount') : 0;
  const penalty = has(data, 'PenaltyAmount') ? Math.min(fen(data, 'PenaltyAmount'), collected) : 0;
  setFen(data, 'PenaltyAmount', penalty);
  setFen(data, 'PayableRebate', collected - penalty + adjust);
}

const WON_STAGE = OpportunityStage.won;
const ENDED_STAGES: string[] = [OpportunityStage.lost, OpportunityStage.invalid];
const WON_STATUS = OpportunityStatus.won;
const CLOSED_STATUS = OpportunityStatus.closed;
/** Registration statuses of a running opportunity: protected most often. */
const OPEN_STATUSES: string[] = [
  OpportunityStatus.protected,
  OpportunityStatus.protected,
  OpportunityStatus.protected,
  OpportunityStatus.submitted,
  OpportunityStatus.returned,
  OpportunityStatus.conflict,
  OpportunityStatus.atRisk,
  OpportunityStatus.extensionPending,
  OpportunityStatus.expired,
  OpportunityStatus.released,
];

/**
 * DOMAIN.md "Opportunities": the registration status and the sales stage are separate dimensions that
 * never contradict each other — a won stage is a won registration, a lost or invalid one a closed
 * registration, and a running stage is neither; the bid result agrees with the stage.
 */
function opportunity(rng: Random, data: Data) {
  if (!has(data, 'ExtOpportunityStage_SDK', 'ExtOpportunityStatus_SDK')) return;
  const stage = String(data.ExtOpportunityStage_SDK);
  if (stage === WON_STAGE) data.ExtOpportunityStatus_SDK = WON_STATUS;
  else if (ENDED_STAGES.includes(stage)) data.ExtOpportunityStatus_SDK = CLOSED_STATUS;
  else if (([WON_STATUS, CLOSED_STATUS] as string[]).includes(String(data.ExtOpportunityStatus_SDK)))
    data.ExtOpportunityStatus_SDK = rng.pick(OPEN_STATUSES);
  const won = stage === WON_STAGE;
  const lost = stage === OpportunityStage.lost;
  for (const field of Object.keys(data)) {
    if (/WinOrNot/.test(field) && (won || lost)) data[field] = won ? WinOrNot.won : WinOrNot.lost;
    if (/ProjectResult/.test(field) && (won || lost))
      data[field] = won ? ProjectResults.won : ProjectResults.notWon;
  }
}
