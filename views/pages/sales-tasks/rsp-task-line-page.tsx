import '../../styles/record-panel.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useEffect, useMemo, useRef } from 'react';
import { formatPrice } from '../../../domain/format';
import { recordQuery } from '../../../machines/kit/record.actors';
import { rspStiLogic } from '../../../machines/sales-tasks/rsp-sti.actors';
import type { StiQuarter } from '../../../machines/sales-tasks/rsp-sti.machine';
import { useLang, useT } from '../../app-context';
import { hiddenSelectPt } from '../../kit/a11y-pt';
import { ColumnHeads } from '../../kit/column-heads';
import RecordPage from '../../kit/record-page';
import { toast } from '../../shell/toast-bus';
import type { PageProps } from '../page-view';

/**
 * An RSP's task line (its split form) with its STI by quarter under the fields (notes §6.4): what
 * each quarter's target and achievement earn and where its STI stands, and for HQ the calculation of
 * a closed quarter's STI (reviewed and posted on its own page). The server's refusal (quarter not
 * over, calculated already, line not approved, target approved after the quarter began) stays on the
 * panel.
 */
export default function RspTaskLinePage(props: PageProps) {
  const { objectId } = useMemo(
    () => recordQuery(props.query, props.page.kind),
    [props.query, props.page.kind],
  );
  return <RecordPage {...props}>{objectId && <StiPanel key={objectId} objectId={objectId} />}</RecordPage>;
}

function StiPanel({ objectId }: { objectId: string }) {
  const t = useT();
  const lang = useLang();
  const sti = useActorRef(rspStiLogic, { input: { objectId, lang } });
  const answer = useSelector(sti, (s) => s.context.sti);
  const quarter = useSelector(sti, (s) => s.context.quarter);
  const error = useSelector(sti, (s) => s.context.error);
  const refusal = useSelector(sti, (s) => s.context.refusal);
  const busy = useSelector(sti, (s) => s.hasTag('busy'));
  const calculating = useSelector(sti, (s) => s.matches('calculating'));
  const text = (key: string, params?: Record<string, unknown>) => t(`salesTasks.sti.${key}`, params);
  const latest = useRef(text);
  latest.current = text;

  useEffect(() => {
    const sub = sti.on('calculated', (e) =>
      toast({
        text: latest.current(Number(e.amount) > 0 ? 'calculatedToast' : 'nothingEarned', {
          quarter: `Q${e.quarter}`,
          amount: formatPrice(e.amount),
        }),
        severity: 'success',
        life: 3000,
      }),
    );
    return () => sub.unsubscribe();
  }, [sti]);

  if (!answer && !error) return null;
  const level = (keyword: string) => answer?.levels.find((o) => o.keyword === keyword)?.content ?? keyword;
  const status = (keyword: string) => answer?.statuses.find((o) => o.keyword === keyword)?.content ?? keyword;
  const state = (q: StiQuarter) => {
    if (q.PostedFlowNo) return text('posted', { no: q.PostedFlowNo });
    if (q.StiStatus) return text('calculated', { status: status(q.StiStatus), no: q.No });
    return q.Finished ? text('due') : text('open');
  };
  return (
    <fieldset className="portal-record-panel" data-testid="rsp-sti" aria-busy={busy}>
      <legend>{text('title')}</legend>
      {error && (
        <div className="portal-form-error" role="alert">
          {error}
        </div>
      )}
      {answer && (
        <table>
          <ColumnHeads
            keys={['quarter', 'target', 'achieved', 'rate', 'level', 'base', 'amount', 'state']}
            label={(key) => text(`columns.${key}`)}
          />
          <tbody>
            {answer.Quarters.map((q) => (
              <tr key={q.Quarter}>
                <td>Q{q.Quarter}</td>
                <td className="is-money">{formatPrice(q.TaskAmount, lang)}</td>
                <td className="is-money">{formatPrice(q.AchievedAmount, lang)}</td>
                <td className="is-money">{q.AchievementRate}%</td>
                <td>{level(q.StiLevel)}</td>
                <td className="is-money">{formatPrice(q.StiBase, lang)}</td>
                <td className="is-money">{formatPrice(q.StiAmount, lang)}</td>
                <td>{state(q)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {refusal && (
        <div className="portal-field-error" role="alert" data-refusal>
          {refusal}
        </div>
      )}
      {answer?.MayCalculate && (
        <div className="portal-record-panel-actions">
          <label htmlFor="sti-quarter">{text('quarterToCalculate')}</label>
          <Dropdown
            inputId="sti-quarter"
            value={quarter ?? null}
            options={answer.Quarters.map((q) => ({ label: `Q${q.Quarter}`, value: q.Quarter }))}
            pt={hiddenSelectPt}
            disabled={busy}
            onChange={(e) => sti.send({ type: 'quarter.choose', quarter: Number(e.value) })}
          />
          <Button
            type="button"
            size="small"
            label={text('calculate')}
            loading={calculating}
            disabled={busy || quarter === undefined}
            onClick={() => sti.send({ type: 'sti.calculate' })}
          />
        </div>
      )}
    </fieldset>
  );
}
