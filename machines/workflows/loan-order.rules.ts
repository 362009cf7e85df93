/** One lent line of a loan, and what came back of it or was sold. */
export interface LoanLine {
  lineNo: number;
  lent: number;
  /** Returned and found good (restocked). */
  returned: number;
  /** Returned damaged (scrapped, charged to the agent). */
  damaged: number;
  /** Converted to a sale (a loan-to-sale order). */
  converted: number;
}

/**
 * One line of a return or conversion as sent: how many units, for a return the inspection result, and
 * the serial of each unit where the line was lent with serials (the server checks them against those).
 */
export interface SettledLine {
  lineNo: number;
  quantity: number;
  inspection?: 'good' | 'damaged';
  serialNumbers?: string[];
}

export const lineOutstanding = (line: LoanLine) => line.lent - line.returned - line.damaged - line.converted;

export const outstandingOf = (lines: LoanLine[]) => lines.reduce((sum, l) => sum + lineOutstanding(l), 0);

export function loanTotals(lines: LoanLine[]) {
  const sum = (pick: (l: LoanLine) => number) => lines.reduce((total, l) => total + pick(l), 0);
  const returned = sum((l) => l.returned);
  const damaged = sum((l) => l.damaged);
  const converted = sum((l) => l.converted);
  return { lent: sum((l) => l.lent), returned, damaged, converted, settled: returned + damaged + converted };
}

/**
 * The lines a return or conversion settles, or none when it does not fit: every line named once and
 * existing, and no line settled beyond what is still out of it. A settlement that names no line is the
 * smallest step, one unit of the first line still out (the server always names its lines).
 */
export function settlementLines(lines: LoanLine[], sent: SettledLine[] | undefined): SettledLine[] {
  if (!sent?.length) {
    const first = lines.find((l) => lineOutstanding(l) > 0);
    return first ? [{ lineNo: first.lineNo, quantity: 1, inspection: 'good' }] : [];
  }
  const seen = new Set<number>();
  for (const s of sent) {
    const line = lines.find((l) => l.lineNo === s.lineNo);
    if (!line || seen.has(s.lineNo)) return [];
    seen.add(s.lineNo);
    if (!Number.isInteger(s.quantity) || s.quantity < 1 || s.quantity > lineOutstanding(line)) return [];
  }
  return sent;
}

/** The lines after a settlement: returns counted good or damaged by their inspection, conversions as sold. */
export function applySettlement(
  lines: LoanLine[],
  settled: SettledLine[],
  kind: 'returned' | 'converted',
): LoanLine[] {
  return lines.map((line) => {
    const s = settled.find((x) => x.lineNo === line.lineNo);
    if (!s) return line;
    if (kind === 'converted') return { ...line, converted: line.converted + s.quantity };
    return s.inspection === 'damaged'
      ? { ...line, damaged: line.damaged + s.quantity }
      : { ...line, returned: line.returned + s.quantity };
  });
}

/**
 * The lines a loan-to-sale order gives back when it is cancelled or rejected, or none when they do not
 * fit: every line named once and existing, none given back beyond what it converted. Naming no line is
 * the smallest step, one unit of the first line converted (the server always names its lines).
 */
export function unconvertedLines(lines: LoanLine[], sent: SettledLine[] | undefined): SettledLine[] {
  if (!sent?.length) {
    const first = lines.find((l) => l.converted > 0);
    return first ? [{ lineNo: first.lineNo, quantity: 1 }] : [];
  }
  const seen = new Set<number>();
  for (const s of sent) {
    const line = lines.find((l) => l.lineNo === s.lineNo);
    if (!line || seen.has(s.lineNo)) return [];
    seen.add(s.lineNo);
    if (!Number.isInteger(s.quantity) || s.quantity < 1 || s.quantity > line.converted) return [];
  }
  return sent;
}

/** The lines after a conversion is given back: its units are out again, no longer sold. */
export function applyUnconversion(lines: LoanLine[], undone: SettledLine[]): LoanLine[] {
  return lines.map((line) => {
    const u = undone.find((x) => x.lineNo === line.lineNo);
    return u ? { ...line, converted: line.converted - u.quantity } : line;
  });
}
