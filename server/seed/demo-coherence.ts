import { fenToYuanString, yuanToFen } from '../../domain/money';
import type { Data } from './kit';
import { type Random, two } from './random';

const has = (data: Data, ...names: string[]) => names.every((n) => data[n] !== undefined && data[n] !== null);
const fen = (data: Data, name: string) => yuanToFen(String(data[name]));
/** Sets a field the record has (a form's field it lacks stays away). */
const setField = (data: Data, name: string, value: number | string) => {
  if (name in data) data[name] = value;
};
const setFen = (data: Data, name: string, value: number) =>
  setField(data, name, fenToYuanString(Math.max(0, Math.round(value))));
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
 * Makes the amounts and quantities of one generic record agree as the business rules say they must:
 * parts add up to their whole, prices fall from list to applied to approved. (Stock, loans, rebates and
 * payments are typed tables the stories enter; an opportunity's stage and status, its workflow's.)
 */
export function harmonise(rng: Random, data: Data) {
  for (const rule of [tasks, amounts, quantities, prices]) rule(rng, data);
}

function tasks(rng: Random, data: Data) {
  if (!has(data, 'AnnualTask', 'Q1Task', 'Q2Task', 'Q3Task', 'Q4Task')) return;
  // Tasks are whole yuan: split yuan, not fen, so every quarter and month is a round amount.
  const weights = [rng.int(20, 24), rng.int(23, 26), rng.int(24, 27), rng.int(26, 30)];
  split(Math.round(fen(data, 'AnnualTask') / 100), weights).forEach((q, i) => {
    setFen(data, `Q${i + 1}Task`, q * 100);
    const months = split(q, [rng.int(28, 32), rng.int(31, 34), rng.int(35, 39)]);
    for (const [k, m] of months.entries()) setFen(data, `Month${two(i * 3 + k + 1)}Task`, m * 100);
  });
}

function amounts(rng: Random, data: Data) {
  const whole = ['AnnualTask', 'ExecutionAmount'].find((name) => has(data, name));
  if (!whole) return;
  const total = fen(data, whole);
  const done = share(total, rng.int(40, 100));
  for (const name of ['AllocatedAmount', 'ExecutedAmount']) setFen(data, name, done);
  for (const name of ['UnallocatedAmount', 'RemainingAmount']) setFen(data, name, total - done);
}

function quantities(rng: Random, data: Data) {
  if (!has(data, 'Quantity')) return;
  const quantity = Number(data.Quantity);
  const executed = rng.int(0, quantity);
  setField(data, 'ExecuteQuantity', executed);
  setField(data, 'RemainingQuantity', quantity - executed);
}

function prices(rng: Random, data: Data) {
  if (!has(data, 'ListPrice', 'ApplyPrice')) return;
  const listFen = fen(data, 'ListPrice');
  const applyFen = share(listFen, rng.int(70, 95));
  const approvedFen = Math.min(listFen, share(applyFen, rng.int(100, 106)));
  setFen(data, 'ApplyPrice', applyFen);
  setFen(data, 'ApprovedPrice', approvedFen);
  setFen(data, 'ExecutePrice', approvedFen); // execution orders draw at no less than the approved price
  setField(data, 'ApplyDiscount', rate(applyFen, listFen));
  setField(data, 'ApprovedDiscount', rate(approvedFen, listFen));
}
