import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { pageById } from '../../../catalogue/catalogue';
import { loanReturnLinesLogic } from '../../../machines/orders/loan-return-lines.actors';
import { returnLinesBody } from '../../../machines/orders/loan-return-lines.machine';
import { useT } from '../../app-context';
import RecordPage from '../../kit/record-page';
import { SettleLinesTable } from '../../kit/settle-lines-table';
import type { PageProps } from '../page-view';

type LinesActor = ActorRefFrom<typeof loanReturnLinesLogic>;
/** Where a saved return is shown: the return's record, read-only, with its units and inspection. */
const SAVED_PAGE = 'ordersSetup.loanReturnOrderDetail';

/** The lines still out of the loan the form names, the units taken back ticked by serial. */
function ReturnLines({ loanNo, lines }: { loanNo: string; lines: LinesActor }) {
  const t = useT();
  const open = useSelector(lines, (s) => s.context.open);
  const typed = useSelector(lines, (s) => s.context.lines);
  const error = useSelector(lines, (s) => s.context.error);
  const busy = useSelector(lines, (s) => s.hasTag('busy'));
  const named = useSelector(lines, (s) => !s.matches('idle'));
  useEffect(() => lines.send({ type: 'loan.name', loanNo }), [lines, loanNo]);
  return (
    <fieldset className="portal-order-lines is-wide" data-testid="return-lines" aria-busy={busy}>
      <legend>{t('loans.returnForm.title')}</legend>
      {error ? (
        <small className="portal-field-error" role="alert">
          {t(error)}
        </small>
      ) : (
        !named && <span className="portal-hint">{t('loans.returnForm.nameTheLoan')}</span>
      )}
      {open.length > 0 && (
        <SettleLinesTable
          open={open}
          typed={typed}
          inspected
          onChange={(lineNo, change) => lines.send({ type: 'line.change', lineNo, ...change })}
        />
      )}
    </fieldset>
  );
}

/**
 * The loan return form (docs/loans.md): the loan's number, the reason and logistics (the catalogue's
 * fields), and the lines of that loan still out, the units taken back chosen among the serials of
 * those still out. Saved, the return is shown on its record page.
 */
export default function LoanReturnPage(props: PageProps) {
  const lines = useActorRef(loanReturnLinesLogic);
  const [, navigate] = useLocation();
  const saved = pageById(SAVED_PAGE);
  return (
    <RecordPage
      {...props}
      extraBody={() => ({ Lines: returnLinesBody(lines.getSnapshot().context) })}
      onSaved={({ objectId }) =>
        saved && navigate(`${saved.path}?${new URLSearchParams({ objectID: objectId, action: 'detail' })}`)
      }
    >
      {(values) =>
        values.ObjectID ? null : <ReturnLines loanNo={String(values.LoanNo ?? '')} lines={lines} />
      }
    </RecordPage>
  );
}
