import { fenToYuanString, yuanToFen } from '../../domain/money';
import { splitAnnual, yuanOf } from '../sales-tasks/task-split';
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

/**
 * Makes the amounts and quantities of one generic record agree as the business rules say they must:
 * parts add up to their whole, prices fall from list to applied to approved. (Stock, loans, rebates and
 * payments are typed tables the stories enter; an opportunity's stage and status, its workflow's.)
 */
export function harmonise(rng: Random, data: Data) {
  for (const rule of [tasks, amounts, quantities, prices]) rule(rng, data);
}

/** A target is split by the portal's default shares of a target left blank: 20/25/25/30, equal months. */
function tasks(_rng: Random, data: Data) {
  if (!has(data, 'AnnualTask', 'Q1Task', 'Q2Task', 'Q3Task', 'Q4Task')) return;
  const { quarters, months } = splitAnnual(BigInt(fen(data, 'AnnualTask')));
  for (const [i, q] of quarters.entries()) setField(data, `Q${i + 1}Task`, yuanOf(q));
  for (const [i, m] of months.entries()) setField(data, `Month${two(i + 1)}Task`, yuanOf(m));
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
