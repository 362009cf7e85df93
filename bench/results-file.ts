import { existsSync, readFileSync } from 'node:fs';

const CLIENT = { start: '<!-- client:start -->', end: '<!-- client:end -->' };
const LOAD = { start: '<!-- load:start -->', end: '<!-- load:end -->' };
const READINGS = { start: '<!-- readings:start -->', end: '<!-- readings:end -->' };

const between = (text: string, marks: { start: string; end: string }) => {
  const from = text.indexOf(marks.start);
  const to = text.indexOf(marks.end);
  return from >= 0 && to > from ? { from, to: to + marks.end.length } : undefined;
};

/** The client figures between their markers, so a client-only run can replace just them. */
export const clientBlock = (lines: string[]) => [CLIENT.start, ...lines, CLIENT.end];

/**
 * The full run's report, keeping the blocks it does not write from the current file: the readings of
 * the figures against the budgets (written by hand after a run) and the `npm run load` block
 * (bench/load.ts writes it).
 */
export function withKeptBlocks(report: string, path: string) {
  if (!existsSync(path)) return report;
  const current = readFileSync(path, 'utf8');
  let kept = report.trimEnd();
  for (const marks of [READINGS, LOAD]) {
    const block = between(current, marks);
    if (block && !between(kept, marks)) kept += `\n\n${current.slice(block.from, block.to)}`;
  }
  return `${kept}\n`;
}

/**
 * The current report with only its client block replaced (BENCH_CLIENT_ONLY=1). A report written
 * before the block had markers has its "First load of /login" section replaced instead, up to the
 * next section; failing both, the block goes after the report's opening lines.
 */
export function replaceClientBlock(path: string, lines: string[]) {
  const block = clientBlock(lines).join('\n');
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmark results\n';
  const marked = between(current, CLIENT);
  if (marked) return current.slice(0, marked.from) + block + current.slice(marked.to);
  const old = current.indexOf('### First load of /login');
  if (old >= 0) {
    const next = current.indexOf('\n### ', old + 1);
    return `${current.slice(0, old)}${block}\n${next >= 0 ? current.slice(next) : ''}`;
  }
  const firstSection = current.indexOf('\n### ');
  if (firstSection < 0) return `${current.trimEnd()}\n\n${block}\n`;
  return `${current.slice(0, firstSection)}\n${block}\n${current.slice(firstSection)}`;
}
