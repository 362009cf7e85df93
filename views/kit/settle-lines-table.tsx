import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { stripNonDigits } from '../../domain/validators';
import type { DecisionLine } from '../../domain/workflow-decisions';
import type { DecisionLineForm } from '../../machines/kit/decision.rules';
import { useT } from '../app-context';
import { ColumnHeads } from './column-heads';

export type LineChange = { quantity?: string; inspection?: 'good' | 'damaged'; serials?: string[] };

/** The units of a line lent with serials, chosen by ticking the serials still out. */
function SerialChoice(props: {
  line: DecisionLine & { Serials: string[] };
  chosen: string[];
  onChange: (serials: string[]) => void;
}) {
  const t = useT();
  const { line, chosen } = props;
  const toggle = (serial: string, on: boolean) =>
    props.onChange(line.Serials.filter((s) => (s === serial ? on : chosen.includes(s))));
  return (
    <fieldset
      className="portal-serial-choice"
      aria-label={t('decision.lines.serialsOf', { line: line.LineNo })}
    >
      {line.Serials.map((serial) => {
        const id = `serial-${line.LineNo}-${serial}`;
        return (
          <span key={serial} className="portal-serial-option">
            <Checkbox
              inputId={id}
              checked={chosen.includes(serial)}
              onChange={(e) => toggle(serial, !!e.checked)}
            />
            <label htmlFor={id}>{serial}</label>
          </span>
        );
      })}
    </fieldset>
  );
}

/**
 * The lines a loan's return or conversion settles (the decision dialog's and the return form's): each
 * line still open with how much of it is open, the units settled now — ticked by serial where the line
 * was lent with serials, else counted — and for a return what inspection found.
 */
export function SettleLinesTable(props: {
  open: DecisionLine[];
  typed: Record<number, DecisionLineForm>;
  inspected: boolean;
  problem?: string;
  onChange: (lineNo: number, change: LineChange) => void;
}) {
  const t = useT();
  const { open, typed, inspected, problem, onChange } = props;
  const serialised = open.some((l) => l.Serials?.length);
  const inspections = [
    { value: 'good', label: t('decision.lines.good') },
    { value: 'damaged', label: t('decision.lines.damaged') },
  ];
  return (
    <div className="portal-field" data-testid="decision-lines">
      <div className="portal-decision-lines-scroll">
        <table className="portal-decision-lines">
          <ColumnHeads
            keys={[
              'line',
              'item',
              'open',
              ...(serialised ? ['serials'] : []),
              'quantity',
              ...(inspected ? ['inspection'] : []),
            ]}
            label={(key) => t(`decision.lines.${key}`)}
          />
          <tbody>
            {open.map((line) => {
              const serials = line.Serials?.length ? line.Serials : undefined;
              return (
                <tr key={line.LineNo}>
                  <td>{line.LineNo}</td>
                  <td>{line.Label}</td>
                  <td>{line.Open}</td>
                  {serialised && (
                    <td>
                      {serials && (
                        <SerialChoice
                          line={{ ...line, Serials: serials }}
                          chosen={typed[line.LineNo]?.serials ?? []}
                          onChange={(chosen) => onChange(line.LineNo, { serials: chosen })}
                        />
                      )}
                    </td>
                  )}
                  <td>
                    {serials ? (
                      <output aria-label={t('decision.lines.quantityOf', { line: line.LineNo })}>
                        {typed[line.LineNo]?.serials?.length ?? 0}
                      </output>
                    ) : (
                      <InputText
                        aria-label={t('decision.lines.quantityOf', { line: line.LineNo })}
                        inputMode="numeric"
                        value={typed[line.LineNo]?.quantity ?? ''}
                        invalid={Boolean(problem)}
                        onChange={(e) => onChange(line.LineNo, { quantity: stripNonDigits(e.target.value) })}
                      />
                    )}
                  </td>
                  {inspected && (
                    <td>
                      <Dropdown
                        aria-label={t('decision.lines.inspectionOf', { line: line.LineNo })}
                        options={inspections}
                        value={typed[line.LineNo]?.inspection ?? 'good'}
                        onChange={(e) => onChange(line.LineNo, { inspection: e.value })}
                      />
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Button
        type="button"
        text
        size="small"
        label={t('decision.lines.everything')}
        onClick={() => {
          for (const line of open)
            onChange(
              line.LineNo,
              line.Serials?.length ? { serials: line.Serials } : { quantity: String(line.Open) },
            );
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
