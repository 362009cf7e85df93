import { fenToYuanString, yuanToFen } from '../../domain/money';
import type { Random } from './random';

type Data = Record<string, unknown>;

const has = (data: Data, ...names: string[]) => names.every((n) => data[n] !== undefined && data[n] !== null);
const fen = (data: Data, name: string) => yuanToFen(String(data[name]));
const setFen = (data: Data, name: string, value: number) => {
  if (name in data) data[name] = fenToYuanString(Math.max(0, value));
};
const share = (total: number, percent: number) => Math.round((total * percent) / 100);

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
 * a loan's quantities account for what was lent, a line's amount is quantity × unit price.
 */
export function harmonise(rng: Random, data: Data) {
  if (has(data, 'AnnualTask', 'Q1Task', 'Q2Task', 'Q3Task', 'Q4Task')) {
    const quarters = split(fen(data, 'AnnualTask'), [
      rng.int(20, 24),
      rng.int(23, 26),
      rng.int(24, 27),
      rng.int(26, 30),
    ]);
    quarters.forEach((q, i) => {
      setFen(data, `Q${i + 1}Task`, q);
      const months = split(q, [rng.int(28, 32), rng.int(31, 34), rng.int(35, 39)]);
      for (const [k, m] of months.entries())
        setFen(data, `Month${String(i * 3 + k + 1).padStart(2, '0')}Task`, m);
    });
  }
  const whole = (
    [
      'AnnualTask',
      'PaymentAmount',
      'ExecutionAmount',
      'LoadBearingAmount',
      'TaskAmount',
      'TargetAmount',
    ] as const
  ).find((name) => has(data, name));
  if (whole) {
    const total = fen(data, whole);
    const done = share(total, rng.int(40, 100));
    for (const name of ['AllocatedAmount', 'ExecutedAmount', 'CompletedAmount', 'AchievedAmount'])
      setFen(data, name, done);
    for (const name of ['UnallocatedAmount', 'RemainingAmount', 'GapAmount'])
      setFen(data, name, total - done);
    for (const name of ['AchievementRate', 'CompletionRate'])
      if (name in data) data[name] = Math.min(100, Math.round((done / Math.max(1, total)) * 10_000) / 100);
  }
  if (has(data, 'AmountBefore', 'AmountAfter')) {
    setFen(data, 'AmountDifference', Math.abs(fen(data, 'AmountAfter') - fen(data, 'AmountBefore')));
  }
  if (has(data, 'PostedAmount')) {
    const posted = fen(data, 'PostedAmount');
    const [frozen, used, expired, available] = split(posted, [
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
  if (has(data, 'OpeningQuantity', 'PurchaseQuantity', 'SalesQuantity')) {
    const stock = Number(data.OpeningQuantity) + Number(data.PurchaseQuantity);
    const sales = rng.int(0, stock);
    const adjust = 'AdjustQuantity' in data ? rng.int(-Math.min(2, stock - sales), 0) : 0;
    data.SalesQuantity = sales;
    if ('AdjustQuantity' in data) data.AdjustQuantity = adjust;
    if ('ClosingQuantity' in data) data.ClosingQuantity = stock - sales + adjust;
  }
  if (has(data, 'LoanQuantity')) {
    let left = Number(data.LoanQuantity);
    for (const name of ['ReturnedQuantity', 'ConvertedQuantity', 'CompensatedQuantity']) {
      if (!(name in data)) continue;
      data[name] = name === 'CompensatedQuantity' ? Math.min(left, rng.int(0, 1)) : rng.int(0, left);
      left -= Number(data[name]);
    }
    if ('OutstandingQuantity' in data) data.OutstandingQuantity = left;
  }
  if (has(data, 'Quantity', 'ShippedQuantity')) data.ShippedQuantity = rng.int(0, Number(data.Quantity));
  if (has(data, 'Quantity', 'UnitPrice')) {
    const line = Number(data.Quantity) * fen(data, 'UnitPrice');
    setFen(data, 'Amount', line);
    setFen(data, 'LineAmount', line);
  }
  if (has(data, 'InvoiceAmount')) {
    const amount = fen(data, 'InvoiceAmount');
    // 13% VAT included in the amount.
    setFen(data, 'TaxAmount', Math.round((amount * 13) / 113));
    setFen(data, 'DiscountAmount', share(amount, rng.int(0, 3)));
  }
  if (has(data, 'StartDate', 'EndDate') && String(data.EndDate) < String(data.StartDate)) {
    [data.StartDate, data.EndDate] = [data.EndDate, data.StartDate];
  }
}
