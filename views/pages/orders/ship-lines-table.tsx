import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { ActorRefFrom } from 'xstate';
import { stripNonDigits } from '../../../domain/validators';
import type { shipmentFormMachine } from '../../../machines/orders/shipment-form.machine';
import { rowProblem, type ShipRow } from '../../../machines/orders/shipment-form.rules';
import { useT } from '../../app-context';
import { ColumnHeads } from '../../kit/column-heads';

interface Props {
  form: ActorRefFrom<typeof shipmentFormMachine>;
  rows: ShipRow[];
  /** Row problems show once a shipment was asked for. */
  checked: boolean;
  editable: boolean;
}

const COLUMNS = ['line', 'product', 'model', 'ordered', 'shipped', 'open', 'quantity', 'serials'];

/** The open lines of the ship form: what is ordered, shipped and open, and what goes now with its serials. */
export function ShipLinesTable({ form, rows, checked, editable }: Props) {
  const t = useT();
  const text = (key: string) => t(`deliveries.ship.columns.${key}`);
  return (
    <table className="portal-order-lines-table">
      <ColumnHeads keys={COLUMNS} label={text} />
      <tbody>
        {rows.map((row) => {
          const problem = checked ? rowProblem(row) : undefined;
          const no = row.line.LineNo;
          return (
            <tr key={no}>
              <td>{no}</td>
              <td>{row.line.ProductCode}</td>
              <td>{row.line.ProductModel}</td>
              <td className="is-money">{row.line.Quantity}</td>
              <td className="is-money">{row.line.ShippedQuantity}</td>
              <td className="is-money">{row.line.OpenQuantity}</td>
              <td>
                <InputText
                  aria-label={`${text('quantity')} ${no}`}
                  inputMode="numeric"
                  value={row.quantity}
                  disabled={!editable}
                  invalid={Boolean(problem)}
                  onChange={(e) =>
                    form.send({ type: 'row.quantity', lineNo: no, value: stripNonDigits(e.target.value) })
                  }
                />
              </td>
              <td>
                {row.line.Serialised ? (
                  <InputTextarea
                    aria-label={`${text('serials')} ${no}`}
                    rows={2}
                    value={row.serials}
                    disabled={!editable}
                    onChange={(e) => form.send({ type: 'row.serials', lineNo: no, value: e.target.value })}
                  />
                ) : (
                  <span className="portal-hint">{t('deliveries.ship.noSerials')}</span>
                )}
                {problem && (
                  <small className="portal-field-error" role="alert">
                    {t(problem.key, problem.params)}
                  </small>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
