import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { stripNonDigits } from '../../domain/validators';
import { useT } from '../app-context';
import { ColumnHeads } from './column-heads';
import type { DecisionActor } from './decision-dialog';

const NONE: never[] = [];

/**
 * The quantities per line a settling command asks for (a loan's return or conversion): each line still
 * open with how much of it is open, the units settled now, and for a return what inspection found.
 */
export function DecisionLinesField({ decision, inspected }: { decision: DecisionActor; inspected: boolean }) {
  const t = useT();
  const open = useSelector(decision, (s) => s.context.options?.Lines ?? NONE);
  const typed = useSelector(decision, (s) => s.context.form.lines);
  const problem = useSelector(decision, (s) => s.context.problems.lines);
  const inspections = [
    { value: 'good', label: t('decision.lines.good') },
    { value: 'damaged', label: t('decision.lines.damaged') },
  ];
  return (
    <div className="portal-field" data-testid="decision-lines">
      <table className="portal-decision-lines">
        <ColumnHeads
          keys={['line', 'item', 'open', 'quantity', ...(inspected ? ['inspection'] : [])]}
          label={(key) => t(`decision.lines.${key}`)}
        />
        <tbody>
          {open.map((line) => (
            <tr key={line.LineNo}>
              <td>{line.LineNo}</td>
              <td>{line.Label}</td>
              <td>{line.Open}</td>
              <td>
                <InputText
                  aria-label={t('decision.lines.quantityOf', { line: line.LineNo })}
                  inputMode="numeric"
                  value={typed[line.LineNo]?.quantity ?? ''}
                  invalid={Boolean(problem)}
                  onChange={(e) =>
                    decision.send({
                      type: 'line.change',
                      lineNo: line.LineNo,
                      quantity: stripNonDigits(e.target.value),
                    })
                  }
                />
              </td>
              {inspected && (
                <td>
                  <Dropdown
                    aria-label={t('decision.lines.inspectionOf', { line: line.LineNo })}
                    options={inspections}
                    value={typed[line.LineNo]?.inspection ?? 'good'}
                    onChange={(e) =>
                      decision.send({ type: 'line.change', lineNo: line.LineNo, inspection: e.value })
                    }
                  />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <Button
        type="button"
        text
        size="small"
        label={t('decision.lines.everything')}
        onClick={() => {
          for (const line of open)
            decision.send({ type: 'line.change', lineNo: line.LineNo, quantity: String(line.Open) });
        }}
      />
      {problem && (
        <small className="portal-field-error" role="alert">
          {t(problem)}
        </small>
      )}
    </div>
  );
}
