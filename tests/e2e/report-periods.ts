/**
 * The month after `period` (YYYY-MM), but never before `floor`: a browser test writes its report lines
 * in a month after every line the demo and the earlier tests left, so the stock chain and the control
 * dates let it in whatever ran before.
 */
export function monthAfter(period: string, floor: string) {
  const [y, m] = period.split('-').map(Number);
  const next = `${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, '0')}`;
  return next < floor ? floor : next;
}
