/**
 * Spreads the rebate an order uses over its eligible lines by line amount (notes §5.3 rule 2): each
 * line's share rounded down to the fen, the remainder on the largest line, so the shares add up to
 * the amount exactly. Only when that line cannot take the whole remainder (lines of a few fen) does
 * the rest go on to the next largest, so no line is ever discounted below zero.
 */
export function allocateToLines(amountFen: bigint, lineFens: bigint[]): bigint[] {
  const total = lineFens.reduce((sum, fen) => sum + fen, 0n);
  if (amountFen <= 0n || total <= 0n) return lineFens.map(() => 0n);
  if (amountFen > total) throw new RangeError('The rebate exceeds the eligible lines');
  const shares = lineFens.map((fen) => (amountFen * fen) / total);
  let rest = amountFen - shares.reduce((sum, fen) => sum + fen, 0n);
  const largestFirst = lineFens
    .map((fen, index) => ({ fen, index }))
    .sort((a, b) => (a.fen === b.fen ? a.index - b.index : a.fen > b.fen ? -1 : 1));
  for (const { fen, index } of largestFirst) {
    if (rest === 0n) break;
    const room = fen - shares[index];
    const take = rest < room ? rest : room;
    shares[index] += take;
    rest -= take;
  }
  return shares;
}
