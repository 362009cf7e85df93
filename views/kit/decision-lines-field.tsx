import { useSelector } from '@xstate/react';
import type { DecisionActor } from './decision-dialog';
import { SettleLinesTable } from './settle-lines-table';

const NONE: never[] = [];

/**
 * The units per line a settling command asks for (a loan's return or conversion), from the lines
 * still open as the server counts them: chosen by serial where a line was lent with serials.
 */
export function DecisionLinesField({ decision, inspected }: { decision: DecisionActor; inspected: boolean }) {
  const open = useSelector(decision, (s) => s.context.options?.Lines ?? NONE);
  const typed = useSelector(decision, (s) => s.context.form.lines);
  const problem = useSelector(decision, (s) => s.context.problems.lines);
  return (
    <SettleLinesTable
      open={open}
      typed={typed}
      inspected={inspected}
      problem={problem}
      onChange={(lineNo, change) => decision.send({ type: 'line.change', lineNo, ...change })}
    />
  );
}
