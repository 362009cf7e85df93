import { useActorRef } from '@xstate/react';
import { formatPrice } from '../../../domain/format';
import { orderLinesLogic } from '../../../machines/orders/order-lines.actors';
import { linesBody } from '../../../machines/orders/order-lines.rules';
import { useLang, useT } from '../../app-context';
import { ColumnHeads } from '../../kit/column-heads';
import RecordPage from '../../kit/record-page';
import type { PageProps } from '../page-view';
import { OrderLinesPanel } from './order-lines-panel';

/** A saved loan's line as its record reads it (server/loans/loan-entry.service.ts `linesOfLoan`). */
interface LoanLine {
  LineNo: number;
  ProductCode: string;
  ProductModel: string | null;
  LoanQuantity: number;
  ListPrice: string;
  LoanValue: string;
  ReturnedQuantity: number;
  CompensatedQuantity: number;
  ConvertedQuantity: number;
  OutstandingQuantity: number;
}

const COLUMNS = [
  'lineNo',
  'product',
  'model',
  'listPrice',
  'lent',
  'value',
  'returned',
  'compensated',
  'converted',
  'outstanding',
];

/** A saved loan's lines: what was lent of each product and what came back, was written off or sold. */
function SavedLoanLines({ lines }: { lines: LoanLine[] }) {
  const t = useT();
  const lang = useLang();
  return (
    <fieldset className="portal-order-lines is-wide" data-testid="loan-lines">
      <legend>{t('loans.lines.title')}</legend>
      <table className="portal-order-lines-table">
        <ColumnHeads keys={COLUMNS} label={(key) => t(`loans.lines.${key}`)} />
        <tbody>
          {lines.map((line) => (
            <tr key={line.LineNo}>
              <td>{line.LineNo}</td>
              <td>{line.ProductCode}</td>
              <td>{line.ProductModel ?? ''}</td>
              <td className="is-money">{formatPrice(line.ListPrice, lang)}</td>
              <td className="is-money">{line.LoanQuantity}</td>
              <td className="is-money">{formatPrice(line.LoanValue, lang)}</td>
              <td className="is-money">{line.ReturnedQuantity}</td>
              <td className="is-money">{line.CompensatedQuantity}</td>
              <td className="is-money">{line.ConvertedQuantity}</td>
              <td className="is-money">{line.OutstandingQuantity}</td>
            </tr>
          ))}
          {lines.length === 0 && (
            <tr>
              <td colSpan={COLUMNS.length}>{t('loans.lines.none')}</td>
            </tr>
          )}
        </tbody>
      </table>
    </fieldset>
  );
}

/**
 * The loan request form and a loan's record page: the catalogue's header fields (the generic record
 * page) with the loan's products. A new loan's lines are picked and counted here and sent with the
 * header in one request (valued by the server at the standard price); a saved loan shows each line
 * with what came back of it.
 */
export default function LoanEntryPage(props: PageProps) {
  const lines = useActorRef(orderLinesLogic, { input: {} });
  return (
    <RecordPage {...props} extraBody={() => ({ Lines: linesBody(lines.getSnapshot().context.lines) })}>
      {(values) =>
        Array.isArray(values.Lines) ? (
          <SavedLoanLines lines={values.Lines as LoanLine[]} />
        ) : (
          <OrderLinesPanel lines={lines} typesPrice={false} titleKey="loans.lines.title" />
        )
      }
    </RecordPage>
  );
}
