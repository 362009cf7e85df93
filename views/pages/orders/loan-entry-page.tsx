import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import type { ActorRefFrom } from 'xstate';
import { formatPrice } from '../../../domain/format';
import { loanSerialsLogic } from '../../../machines/orders/loan-serials.actors';
import { type LoanLine, serialsText } from '../../../machines/orders/loan-serials.machine';
import { orderLinesLogic } from '../../../machines/orders/order-lines.actors';
import { linesBody } from '../../../machines/orders/order-lines.rules';
import { useLang, useT } from '../../app-context';
import { ColumnHeads } from '../../kit/column-heads';
import RecordPage from '../../kit/record-page';
import type { PageProps } from '../page-view';
import { OrderLinesPanel } from './order-lines-panel';

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
  'serials',
];

type SerialsActor = ActorRefFrom<typeof loanSerialsLogic>;

/** A line's serials: typed one per row while the warehouse records them, else as saved. */
function SerialsCell({ line, serials }: { line: LoanLine; serials?: SerialsActor }) {
  const t = useT();
  const text = useSelector(serials, (s) => (s ? serialsText(s.context, line) : undefined));
  if (!serials) return <td className="portal-serials">{line.SerialNumbers ?? ''}</td>;
  return (
    <td>
      <InputTextarea
        aria-label={t('loans.lines.serialsOf', { line: line.LineNo })}
        rows={Math.min(Math.max(line.LoanQuantity, 2), 6)}
        value={text ?? ''}
        onChange={(e) => serials.send({ type: 'serials.change', lineNo: line.LineNo, text: e.target.value })}
      />
    </td>
  );
}

/** What the warehouse sees under the lines of a loan waiting to ship: the hint, save, the refusal. */
function SerialsActions({ serials }: { serials: SerialsActor }) {
  const t = useT();
  const busy = useSelector(serials, (s) => s.hasTag('busy'));
  const saved = useSelector(serials, (s) => s.context.saved);
  const error = useSelector(serials, (s) => s.context.error);
  return (
    <div className="portal-loan-serials-actions">
      <span className="portal-hint">{t('loans.lines.serialsHint')}</span>
      <Button
        type="button"
        size="small"
        label={t('loans.lines.saveSerials')}
        loading={busy}
        disabled={busy}
        onClick={() => serials.send({ type: 'serials.save' })}
      />
      {saved && <span role="status">{t('loans.lines.serialsSaved')}</span>}
      {error && (
        <small className="portal-field-error" role="alert">
          {t(error)}
        </small>
      )}
    </div>
  );
}

/**
 * A saved loan's lines: what was lent of each product, what came back, was written off or sold, and
 * the serial of each unit; while the loan waits to ship, the warehouse types and saves those here.
 */
function SavedLoanLines({ lines, serials }: { lines: LoanLine[]; serials?: SerialsActor }) {
  const t = useT();
  const lang = useLang();
  const shown = useSelector(serials, (s) => s?.context.lines) ?? lines;
  return (
    <fieldset className="portal-order-lines is-wide" data-testid="loan-lines">
      <legend>{t('loans.lines.title')}</legend>
      <table className="portal-order-lines-table">
        <ColumnHeads keys={COLUMNS} label={(key) => t(`loans.lines.${key}`)} />
        <tbody>
          {shown.map((line) => (
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
              <SerialsCell line={line} serials={serials} />
            </tr>
          ))}
          {shown.length === 0 && (
            <tr>
              <td colSpan={COLUMNS.length}>{t('loans.lines.none')}</td>
            </tr>
          )}
        </tbody>
      </table>
      {serials && <SerialsActions serials={serials} />}
    </fieldset>
  );
}

/** A saved loan's lines with the serial form the warehouse records them on, while it waits to ship. */
function RecordingLoanLines({ values, lines }: { values: Record<string, unknown>; lines: LoanLine[] }) {
  const serials = useActorRef(loanSerialsLogic, {
    input: { objectId: String(values.ObjectID), version: Number(values.Version), lines },
  });
  return <SavedLoanLines lines={lines} serials={serials} />;
}

/**
 * The loan request form and a loan's record page: the catalogue's header fields (the generic record
 * page) with the loan's products. A new loan's lines are picked and counted here and sent with the
 * header in one request (valued by the server at the standard price); a saved loan shows each line
 * with what came back of it and its serials, which the warehouse records here before shipping.
 */
export default function LoanEntryPage(props: PageProps) {
  const lines = useActorRef(orderLinesLogic, { input: {} });
  return (
    <RecordPage
      {...props}
      extraBody={() => ({ Lines: linesBody(lines.getSnapshot().context.lines) })}
      mayChange={(saved) => saved.MayChangeTerms !== false}
    >
      {(values) =>
        Array.isArray(values.Lines) ? (
          values.MayRecordSerials ? (
            // A new Version (shipped, or read again) starts the form from what the server holds.
            <RecordingLoanLines
              key={String(values.Version)}
              values={values}
              lines={values.Lines as LoanLine[]}
            />
          ) : (
            <SavedLoanLines lines={values.Lines as LoanLine[]} />
          )
        ) : (
          <OrderLinesPanel lines={lines} typesPrice={false} titleKey="loans.lines.title" />
        )
      }
    </RecordPage>
  );
}
